/**
 * The line's own stream, declared to the host API: the shell syncs it (the server lists it for
 * whoever may read it), keeps it live and resyncs it like the quotes, and `useCollection`
 * accepts its name with the records' type.
 */
import type { Car } from './lib/catalogue';
import { PRODUCT_ID } from './lib/rentalQuote';

/** The catalogue's cars (plugins/noleggio_auto/cars.py `PUBLICATION`). */
export const CARS_STREAM = `${PRODUCT_ID}/auto` as const;

declare module '@sportello/host-api' {
  interface Collections {
    'noleggio-auto/auto': Car;
  }
}
