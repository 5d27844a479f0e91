/** The creation form as plain data: the rental products, the term choices and the `createQuote` body. */
import type { HostItem } from '@sportello/host-api';
import type { Car } from './catalogue';
import { PRODUCT_ID } from './rentalQuote';

export const DURATIONS = [12, 24, 36, 48, 60] as const;
export const KM_PER_YEAR = [10000, 15000, 20000, 25000, 30000, 40000, 50000] as const;

/** Active rental products, by name. */
export function rentalProducts(products: Readonly<Record<string, HostItem>>): HostItem[] {
  return Object.values(products)
    .filter((p) => p.type === PRODUCT_ID && p.active !== false)
    .sort((a, b) => String(a.name ?? '').localeCompare(String(b.name ?? ''), 'it'));
}

/** The product's customer fields (the loosely typed items of its `fields`). */
export const productFields = (product: HostItem | undefined): HostItem[] =>
  Array.isArray(product?.fields) ? (product.fields as HostItem[]).filter((f) => f && typeof f === 'object') : [];

/** The standard choices with the car's own list term among them, ascending. */
export const choicesWith = (standard: readonly number[], own: number | null | undefined): number[] =>
  [...new Set([...standard, ...(typeof own === 'number' ? [own] : [])])].sort((a, b) => a - b);

/** The `usrData` of `createQuote` from the form's values, leaving out empty ones. */
export function usrDataOf(values: Record<string, unknown>): { _id: string; value: unknown }[] {
  return Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0))
    .map(([_id, value]) => ({ _id, value }));
}

export interface RentalTerms {
  durata: number;
  km_annuali: number;
  /** Euro up front; empty means none. */
  anticipo: number | null;
}

/** The car's list offer as the form's starting terms. */
export const listTerms = (car: Car): RentalTerms => ({
  durata: car.price.durata,
  km_annuali: car.price.km_annuali,
  anticipo: car.price.anticipo,
});

/** Whether the terms are the car's list ones: only then does the list fee hold (otherwise it is quoted). */
export const isListOffer = (car: Car, terms: RentalTerms): boolean =>
  terms.durata === car.price.durata && terms.km_annuali === car.price.km_annuali;

/** The `createQuote` body; `aId` only when the quote is created for someone else. */
export function createQuoteBody(input: {
  productId: string;
  agentId: string | null;
  values: Record<string, unknown>;
  car: Car;
  terms: RentalTerms;
}) {
  return {
    pId: input.productId,
    ...(input.agentId ? { aId: input.agentId } : {}),
    usrData: usrDataOf(input.values),
    carId: input.car._id,
    durata: input.terms.durata,
    km_annuali: input.terms.km_annuali,
    anticipo: input.terms.anticipo ?? 0,
  };
}

/** Per-field messages a refused call carries (`error.errors`, keyed by field id), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = typeof error === 'object' && error !== null ? (error as { errors?: unknown }).errors : undefined;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';
