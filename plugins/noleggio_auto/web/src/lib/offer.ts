/**
 * A rental offer (`price`: months, km a year, monthly fee, down payment) as edited in the
 * catalogue and in a practice's quotation, with the server's limits (plugins/noleggio_auto/cars.py
 * `Offer`). Messages are keys of the module's namespace.
 */

export interface OfferDraft {
  durata: number | null;
  km_annuali: number | null;
  canone: number | null;
  anticipo: number | null;
}

export interface Offer {
  durata: number;
  km_annuali: number;
  canone: number;
  anticipo: number;
}

export const LIMITS = { months: 120, km: 500_000, euro: 1_000_000 } as const;

const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;
const wholeIn = (value: number | null, min: number, max: number) =>
  value !== null && Number.isInteger(value) && value >= min && value <= max;
const euroOk = (value: number) => value >= 0 && value <= LIMITS.euro && hasTwoDecimalsAtMost(value);

/** What the server would refuse in the offer, as message keys by field. */
export function offerProblems(draft: OfferDraft): Partial<Record<keyof OfferDraft, string>> {
  const problems: Partial<Record<keyof OfferDraft, string>> = {};
  if (!wholeIn(draft.durata, 1, LIMITS.months)) problems.durata = 'errors.months';
  if (!wholeIn(draft.km_annuali, 0, LIMITS.km)) problems.km_annuali = 'errors.km';
  if (draft.canone === null) problems.canone = 'errors.required';
  else if (!euroOk(draft.canone)) problems.canone = 'errors.amount';
  if (draft.anticipo !== null && !euroOk(draft.anticipo)) problems.anticipo = 'errors.amount';
  return problems;
}

/** The offer sent to the server (an empty down payment is none). */
export const toOffer = (draft: OfferDraft): Offer => ({
  durata: draft.durata ?? 0,
  km_annuali: draft.km_annuali ?? 0,
  canone: draft.canone ?? 0,
  anticipo: draft.anticipo ?? 0,
});
