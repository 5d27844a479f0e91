/**
 * Core's records as every product line reads them: the line's quotes among the live `preventivi`,
 * its products and their customer fields, the `usrData` of `createQuote`, the consultancy kept
 * with an emission request (`richiediEmissione`) and a collaborator's share of it.
 */
import type { HostItem } from './contract';
import { numberOrNull } from './numbers';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The quotes of line `line` (its product id, the quotes' `type`) in a collection: a list's rows before filters. */
export function quotesOfLine(collection: Readonly<Record<string, HostItem>>, line: string): HostItem[] {
  return Object.values(collection).filter((quote) => quote.type === line);
}

/** The line's active products, by name. */
export function lineProducts(products: Readonly<Record<string, HostItem>>, line: string): HostItem[] {
  return Object.values(products)
    .filter((p) => p.type === line && p.active !== false)
    .sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? ''), 'it'));
}

/** The product's customer fields (the loosely typed items of its `fields`). */
export const productFields = (product: HostItem | undefined): HostItem[] =>
  Array.isArray(product?.fields) ? (product.fields as HostItem[]).filter((f) => f && typeof f === 'object') : [];

/** The `usrData` of `createQuote` from the customer form's values, leaving out empty ones. */
export function usrDataOf(values: Record<string, unknown>): { _id: string; value: unknown }[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
    .map(([_id, value]) => ({ _id, value }));
}

/** Whether the quote's emission is requested (its consultancy is then fixed). */
export const emissionRequested = (quote: HostItem): boolean => Boolean(quote.requestEmission);

/** The consultancy kept with the emission request (`quote.qFattura`, in the line's unit), if any. */
export const storedConsultancy = (quote: HostItem): number | null =>
  numberOrNull(isRecord(quote.quote) ? quote.quote.qFattura : undefined);

/**
 * A collaborator's share of the consultancy in % as the server reads it from their `provv`:
 * `provvConsulenza` of the product, else of the line, else `provv.default`, else 0.
 */
export function consultancyShare(provv: unknown, productId: string | null | undefined, line: string): number {
  const all = isRecord(provv) ? provv : {};
  for (const key of [productId, line]) {
    const specific = key ? all[key] : undefined;
    const rate = isRecord(specific) ? numberOrNull(specific.provvConsulenza) : null;
    if (rate !== null) return rate;
  }
  return numberOrNull(all.default) ?? 0;
}
