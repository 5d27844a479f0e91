/** The creation form as plain data: the term choices and the `createQuote` body. */
import { usrDataOf } from '@sportello/host-api';
import type { Car } from './catalogue';

export const DURATIONS = [12, 24, 36, 48, 60] as const;
export const KM_PER_YEAR = [10000, 15000, 20000, 25000, 30000, 40000, 50000] as const;

/** The standard choices with the car's own list term among them, ascending. */
export const choicesWith = (standard: readonly number[], own: number | null | undefined): number[] =>
  [...new Set([...standard, ...(typeof own === 'number' ? [own] : [])])].sort((a, b) => a - b);

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
