/** A rental quote of the live `preventivi` collection, read through typed helpers. */
import { numberOrNull, type HostItem } from '@sportello/host-api';

export const PRODUCT_ID = 'noleggio-auto';

export interface RentalCarSnapshot {
  carId: string | null;
  car_fullname: string;
  img_file: string;
  company: string;
}

/** The terms of a practice; `canone` is null until quoted (terms other than the list offer). */
export interface RentalPrice {
  durata: number | null;
  km_annuali: number | null;
  canone: number | null;
  anticipo: number | null;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export function carOf(quote: HostItem): RentalCarSnapshot {
  const car = record(quote.car);
  return {
    carId: text(car.carId) || null,
    car_fullname: text(car.car_fullname),
    img_file: text(car.img_file),
    company: text(car.company),
  };
}

export function priceOf(quote: HostItem): RentalPrice {
  const price = record(quote.price);
  return {
    durata: numberOrNull(price.durata),
    km_annuali: numberOrNull(price.km_annuali),
    canone: numberOrNull(price.canone),
    anticipo: numberOrNull(price.anticipo),
  };
}
