/** The clients HTTP API (`GET /api/clients?q=`, `GET` and `PATCH /api/clients/{id}`,
 * `GET /api/codice-fiscale/{code}`). */
import { requestJson } from '../../lib/http';

export interface ClientRow {
  _id: string;
  name: string;
  fiscalCode?: string | null;
  plates?: string[];
  email?: string | null;
  phone?: string | null;
  aId?: string | null;
  quotes?: number;
  policies?: number;
  lastAt?: string | null;
}

/** A fiscal code decoded by the server (ISTAT municipalities and foreign states). */
export interface FiscalCodeFacts {
  /** YYYY-MM-DD */
  birthDate: string;
  sex: 'M' | 'F';
  placeCode: string;
  /** 'Milano (MI)', or the foreign state; null for a code no list knows. */
  place: string | null;
  abroad: boolean;
}

export const ID_TYPES = ['ci', 'patente', 'passaporto'] as const;
export type IdType = (typeof ID_TYPES)[number];

/** What `PATCH /api/clients/{id}` accepts; '' or null clears a field. */
export interface ClientContacts {
  address?: string | null;
  pec?: string | null;
  email?: string | null;
  phone?: string | null;
  idType?: IdType | '' | null;
  idNumber?: string | null;
  /** YYYY-MM-DD */
  idExpiry?: string | null;
}

export interface ClientFull extends ClientRow {
  address?: string | null;
  pec?: string | null;
  idType?: IdType | null;
  idNumber?: string | null;
  idExpiry?: string | null;
  idExpired?: boolean;
  fiscalCodeFacts?: FiscalCodeFacts | null;
  editable?: boolean;
}

export interface ClientDetail {
  client: ClientFull;
  quotes: { _id: string; [field: string]: unknown }[];
  policies: { _id: string; [field: string]: unknown }[];
  documents: { _id: string; uri: string; name: string; at?: string; [field: string]: unknown }[];
}

export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_LIMIT = 200;

export function searchClients(q: string, signal?: AbortSignal): Promise<ClientRow[]> {
  const params = new URLSearchParams({ q: q.trim(), limit: String(SEARCH_LIMIT) });
  return requestJson<ClientRow[]>(`/api/clients?${params}`, { signal });
}

export function getClient(id: string, signal?: AbortSignal): Promise<ClientDetail> {
  return requestJson<ClientDetail>(`/api/clients/${encodeURIComponent(id)}`, { signal });
}

export function saveClient(id: string, changes: ClientContacts): Promise<ClientDetail> {
  return requestJson<ClientDetail>(`/api/clients/${encodeURIComponent(id)}`, { method: 'PATCH', json: changes });
}

const decoded = new Map<string, Promise<FiscalCodeFacts | null>>();

/** A fiscal code decoded by the server, asked once per code (null when it is not valid). */
export function decodeFiscalCode(code: string): Promise<FiscalCodeFacts | null> {
  let found = decoded.get(code);
  if (!found) {
    found = requestJson<FiscalCodeFacts>(`/api/codice-fiscale/${encodeURIComponent(code)}`).catch(() => {
      decoded.delete(code);
      return null;
    });
    decoded.set(code, found);
  }
  return found;
}
