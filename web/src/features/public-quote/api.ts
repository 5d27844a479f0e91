/** The public quote link (no login): `GET/POST /api/public/quotes/{id}/{code}[/emission]`. */
import { requestJson } from '../../lib/http';

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
  requestEmission?: { by?: string | null; at?: string } | null;
}

const base = (id: string, code: string) => `/api/public/quotes/${encodeURIComponent(id)}/${encodeURIComponent(code)}`;

export function getPublicQuote(id: string, code: string, signal?: AbortSignal) {
  return requestJson<{ quote: PublicQuote; expiresAt?: string | null }>(base(id, code), { signal });
}

export function requestPublicEmission(id: string, code: string) {
  return requestJson<{ requestEmission: PublicQuote['requestEmission'] }>(`${base(id, code)}/emission`, { method: 'POST', json: {} });
}

/** Which message an HTTP failure shows: 403, 404 and 410 have their own. */
export function errorKind(status: number): '403' | '404' | '410' | 'generic' {
  return status === 403 || status === 404 || status === 410 ? (String(status) as '403' | '404' | '410') : 'generic';
}
