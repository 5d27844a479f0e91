/**
 * The privacy (GDPR) HTTP API: the notice (`/api/privacy/notice[s]`), a client's consents,
 * export and erasure (`/api/privacy/clients/{id}/…`), the processing log, and the consents a
 * customer gives through the quote's link (`/api/public/quotes/{id}/{code}/consents`).
 */
import { requestFile, requestJson } from '../../lib/http';

export const CONSENT_KINDS = ['servizio', 'marketing', 'profilazione'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];
export const LOG_ACTIONS = ['esportazione', 'cancellazione', 'consenso', 'informativa'] as const;
export type LogAction = (typeof LOG_ACTIONS)[number];
/** The longest notice the server accepts (characters). */
export const MAX_NOTICE = 100_000;

export interface Notice {
  version: number;
  text: string;
  at: string | null;
  author: string | null;
  default: boolean;
  tenant?: string;
}

export interface Consent {
  _id: string;
  kind: ConsentKind;
  given: boolean;
  noticeVersion: number;
  channel: 'agente' | 'link' | 'cancellazione';
  by: string | null;
  quoteId: string | null;
  at: string;
}

export interface Consents {
  current: Record<ConsentKind, Consent | null>;
  history: Consent[];
  noticeVersion: number;
}

/** The kinds of record an erasure keeps or anonymises (the server's `kind`). */
export const RECORD_KINDS = ['polizza', 'preventivo', 'sinistro', 'documento', 'chat', 'email', 'cliente', 'consensi', 'precontrattuale'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface KeptRecord {
  kind: string;
  id: string;
  label: string;
  reason: string;
  until: string | null;
}

export interface Erasure {
  clientId: string;
  erasedAt: string;
  again: boolean;
  anonymised: { kind: string; id: string; label: string }[];
  kept: KeptRecord[];
}

export interface LogEntry {
  _id: string;
  at: string;
  action: LogAction;
  actor: string | null;
  who: string;
  clientId: string | null;
  details: Record<string, unknown>;
}

const client = (id: string) => `/api/privacy/clients/${encodeURIComponent(id)}`;

export const getNotice = (signal?: AbortSignal) => requestJson<Notice>('/api/privacy/notice', { signal });
export const getNoticeVersions = () => requestJson<Notice[]>('/api/privacy/notices');
export const saveNotice = (text: string) => requestJson<Notice>('/api/privacy/notices', { method: 'POST', json: { text } });

export const getConsents = (id: string, signal?: AbortSignal) => requestJson<Consents>(`${client(id)}/consents`, { signal });
export const setConsent = (id: string, kind: ConsentKind, given: boolean) =>
  requestJson<Consents>(`${client(id)}/consents`, { method: 'POST', json: { kind, given } });
export const eraseClient = (id: string) => requestJson<Erasure>(`${client(id)}/erasure`, { method: 'POST' });
/** The export's address: a ZIP of `dati.json` and the client's files (the session cookie authenticates it). */
export const exportUrl = (id: string) => `${client(id)}/export.zip`;
/** The export as a file and the name the server gives it; a refusal rejects with the server's words. */
export const fetchExport = (id: string) => requestFile(exportUrl(id));

/** The log's query string: only the filters set, and the cursor of the page's last entry. */
export function logQuery(filter: { action?: string; client?: string }, after?: LogEntry): string {
  const query = new URLSearchParams();
  if (filter.action) query.set('action', filter.action);
  if (filter.client) query.set('client', filter.client.trim());
  if (after) {
    query.set('before', after.at);
    query.set('beforeId', after._id);
  }
  return query.size ? `?${query}` : '';
}

export const getLog = (filter: { action?: string; client?: string }, after?: LogEntry) =>
  requestJson<LogEntry[]>(`/api/privacy/log${logQuery(filter, after)}`);

export interface LinkConsentState {
  notice: { version: number; text: string };
  consents: Partial<Record<ConsentKind, boolean | null>>;
  hasCustomer: boolean;
}

const link = (id: string, code: string) => `/api/public/quotes/${encodeURIComponent(id)}/${encodeURIComponent(code)}/consents`;

export const getLinkConsents = (id: string, code: string, signal?: AbortSignal) => requestJson<LinkConsentState>(link(id, code), { signal });
export const saveLinkConsents = (id: string, code: string, choices: Record<ConsentKind, boolean>) =>
  requestJson<LinkConsentState>(link(id, code), { method: 'POST', json: choices });
