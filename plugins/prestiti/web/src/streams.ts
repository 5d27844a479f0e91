/**
 * The line's own stream, declared to the host API: the shell syncs it (the server lists it for
 * whoever works the line), keeps it live, and `useCollection` accepts its name with the
 * records' type.
 */
import type { TegmRow } from './lib/tegmTable';
import { PRODUCT_ID } from './lib/loanQuote';

/** The usury table (plugins/prestiti/tegm.py `PUBLICATION`). */
export const TEGM_STREAM = `${PRODUCT_ID}/tegm` as const;

declare module '@sportello/host-api' {
  interface Collections {
    'prestiti/tegm': TegmRow;
  }
}
