/** The quotation of a plain quote (SPEC §3 `price.company`, §4 the emission states), read from the wire. */
import type { HostItem } from '@sportello/host-api';

/** The instalment frequencies (SPEC §9), as offers and policies carry them. */
export const FREQUENCIES = ['ANN', 'SEM', 'QUAD', 'MEN', 'UNICO'] as const;

export interface OfferTax {
  ramo: string;
  label: string;
  rate: number;
  base: number;
  amount: number;
}

export interface Offer {
  company: string;
  /** The gross premium (net + taxes). */
  tot: number;
  note: string;
  frazionamento: string;
  net?: number;
  taxes?: OfferTax[];
  taxTotal?: number;
  ramo?: string | null;
  lines?: { ramo: string; net: number; province?: string }[];
  /** The split was derived from the gross (an offer given only its gross). */
  derived?: boolean;
}

export interface Emission {
  state?: 1 | 2 | 3;
  company?: string;
  premium?: number;
  original?: number;
  frazionamento?: string;
  /** 'link' when the customer chose the offer on the quote's page. */
  via?: string;
}

/** The second status set of SPEC §4. */
export const EMISSION_STATES = { 1: 'Emissione richiesta', 2: 'Premio rettificato', 3: 'Premio confermato' } as const;

/** The company offers that carry a premium, in the order they were entered. */
export function offersOf(quote: HostItem): Offer[] {
  const priced = (quote.price as { company?: Record<string, Partial<Offer>> } | undefined)?.company ?? {};
  return Object.entries(priced)
    .filter(([, offer]) => typeof offer?.tot === 'number')
    .map(([company, offer]) => ({
      company,
      tot: offer.tot as number,
      note: String(offer.note ?? ''),
      frazionamento: String(offer.frazionamento ?? 'ANN'),
      ...(typeof offer.net === 'number' ? { net: offer.net, taxes: Array.isArray(offer.taxes) ? offer.taxes : [], taxTotal: Number(offer.taxTotal ?? 0), ramo: offer.ramo ?? null } : {}),
      ...(Array.isArray(offer.lines) ? { lines: offer.lines } : {}),
      ...(offer.derived ? { derived: true } : {}),
    }));
}

export const emissionOf = (quote: HostItem): Emission => ((quote.quote as { emission?: Emission } | undefined)?.emission ?? {});

export const policyIdOf = (quote: HostItem): string | null => {
  const id = (quote.quote as { policyId?: unknown } | undefined)?.policyId;
  return typeof id === 'string' && id ? id : null;
};

/** The policy issued from the quote (`quote.policyId`, `quote.policyNumber`), or null: once
 * issued, a quote reads 'Polizza emessa n. …' wherever its status shows (SPEC's status table
 * keeps 'In lavorazione compagnia' underneath). */
export function issuedPolicyOf(quote: HostItem): { id: string; number: string | null } | null {
  const id = policyIdOf(quote);
  if (!id) return null;
  const number = (quote.quote as { policyNumber?: unknown } | undefined)?.policyNumber;
  return { id, number: typeof number === 'string' && number ? number : null };
}
