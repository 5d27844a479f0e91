/** The clients HTTP API (`GET /api/clients?q=`, `GET /api/clients/{id}`). */
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

export interface ClientDetail {
  client: ClientRow;
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
