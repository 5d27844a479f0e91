/** `/impostazioni` over HTTP: save, logo, product lines, the activity log. */
import { requestJson } from '../../lib/http';

export const saveSettings = (changes: Record<string, unknown>) => requestJson<{ ok: boolean }>('/api/settings', { method: 'PUT', json: changes });
export const switchLine = (id: string, enabled: boolean) =>
  requestJson<{ products: string[] }>(`/api/settings/products/${encodeURIComponent(id)}`, { method: 'PUT', json: { enabled } });

export async function uploadLogo(file: File): Promise<string> {
  const form = new FormData();
  form.append('file.0', file, file.name);
  return (await requestJson<{ logo: string }>('/api/settings/logo', { method: 'POST', body: form })).logo;
}

/** A changed field as the screens show it: `old` is null for a creation, `new` for a deletion. */
export interface AuditChange {
  label: string;
  old: string | null;
  new: string | null;
}

/** One activity-log entry in words (the server names the user, the record and the fields). */
export interface AuditEntry {
  _id: string;
  at: string;
  actor: string | null;
  entity: string;
  entityId: string;
  action: 'insert' | 'update' | 'delete';
  who: string;
  role: string;
  what: string;
  kind: string;
  record: string;
  changes: AuditChange[];
  more: number;
}

export function fetchActivity(filter: { entity?: string; actor?: string; before?: string }): Promise<AuditEntry[]> {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => Boolean(v)) as [string, string][]);
  return requestJson<AuditEntry[]>(`/api/audit${query.size ? `?${query}` : ''}`);
}

/** The kinds of record the activity log names (core's and the product lines'), for its filter. */
export function fetchActivityKinds(): Promise<{ value: string; label: string }[]> {
  return requestJson<{ value: string; label: string }[]>('/api/audit/kinds');
}
