/** The public quote link (no login): `GET/POST /api/public/quotes/{id}/{code}[/emission]`. */
import { requestJson } from '../../lib/http';

/** A tax line of an offer: the ramo, its rate on its base and the amount. */
export interface OfferTax {
  ramo?: string;
  label?: string;
  rate?: number;
  base?: number;
  amount?: number;
}

/** A company's offer as the customer reads it; `net` and `taxes` when the offer carries them. */
export interface PublicOffer {
  company: string;
  tot: number;
  net?: number;
  taxes?: OfferTax[];
  taxTotal?: number;
  note: string;
  frazionamento: string;
  frequencyName: string;
  /** Each instalment's amount, the schedule's rule (the cents left over on the first); empty for UNICO. */
  instalments: number[];
}

export interface PublicChoice {
  company: string;
  premium?: number | null;
  via?: string | null;
}

export interface PublicQuote {
  _id: string;
  type: string | null;
  productName: string | null;
  status: string | null;
  at: string | null;
  customer: string | null;
  usrData: { _id: string; name?: string; type?: string; value?: unknown }[];
  car?: { img_file?: string; car_fullname?: string } | null;
  price?: { durata?: number; km_annuali?: number; canone?: number; anticipo?: number } | null;
  offers?: PublicOffer[];
  /** Whether the emission may be requested (a plain quote: priced). */
  priced?: boolean;
  chosen?: PublicChoice | null;
  issued?: { number?: string | null } | null;
  requestEmission?: { by?: string | null; at?: string } | null;
}

const base = (id: string, code: string) => `/api/public/quotes/${encodeURIComponent(id)}/${encodeURIComponent(code)}`;

export function getPublicQuote(id: string, code: string, signal?: AbortSignal) {
  return requestJson<{ quote: PublicQuote; expiresAt?: string | null }>(base(id, code), { signal });
}

/** Ask for the emission, with the offer chosen (needed when there are several). */
export function requestPublicEmission(id: string, code: string, company?: string | null) {
  return requestJson<{ requestEmission: PublicQuote['requestEmission']; chosen?: PublicChoice | null; status?: string | null }>(`${base(id, code)}/emission`, {
    method: 'POST',
    json: company ? { company } : {},
  });
}

/** Which message an HTTP failure shows: 403, 404 and 410 have their own. */
export function errorKind(status: number): '403' | '404' | '410' | 'generic' {
  return status === 403 || status === 404 || status === 410 ? (String(status) as '403' | '404' | '410') : 'generic';
}

/** The offer to send with the request: the one picked, or the only one. */
export function offerToSend(offers: readonly PublicOffer[], picked: string | null): string | null {
  if (picked && offers.some((o) => o.company === picked)) return picked;
  return offers.length === 1 ? (offers[0]?.company ?? null) : null;
}
