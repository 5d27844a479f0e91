/** `/api/portafoglio`: the import's fields and saved sources, a file's headers with the mapping
 * (saved for its source, else guessed), an import or dry run as a background job, its status and
 * report, and the portfolio's export. */
import { requestJson } from '../../lib/http';

export interface Field {
  key: string;
  label: string;
  required: boolean;
  policy: boolean;
}

export interface Source {
  _id: string;
  name: string;
  mapping: Record<string, string>;
}

export interface Headers {
  header: string[];
  rows: number;
  sample: unknown[][];
  guess: Record<string, string>;
  mapping: Record<string, string>;
  saved: boolean;
}

/** A bad row: its line (the header is line 1), column, value and reason. */
export type BadRow = [number, string, string, string];

export interface Job {
  _id: string;
  fileName: string;
  dryRun: boolean;
  status: 'in_coda' | 'in_corso' | 'completato' | 'fallito';
  total: number;
  done: number;
  percent: number;
  counts: Record<string, number>;
  message: string | null;
  errors: BadRow[];
  errorCount: number;
}

const BASE = '/api/portafoglio';

export const fetchFields = () => requestJson<{ fields: Field[]; sources: Source[] }>(`${BASE}/campi`);

export function readHeaders(file: File, source: string): Promise<Headers> {
  const form = new FormData();
  form.append('file.0', file, file.name);
  form.append('source', source);
  return requestJson<Headers>(`${BASE}/intestazioni`, { method: 'POST', body: form });
}

export function startImport(file: File, source: string, mapping: Record<string, string>, dryRun: boolean): Promise<Job> {
  const form = new FormData();
  form.append('file.0', file, file.name);
  form.append('source', source);
  form.append('mapping', JSON.stringify(mapping));
  form.append('dryRun', dryRun ? 'true' : 'false');
  return requestJson<Job>(`${BASE}/importazioni`, { method: 'POST', body: form });
}

export const fetchJob = (id: string) => requestJson<Job>(`${BASE}/importazioni/${encodeURIComponent(id)}`);
export const reportUrl = (id: string, format: 'csv' | 'xlsx') =>
  `${BASE}/importazioni/${encodeURIComponent(id)}/rapporto?formato=${format}`;
export const exportUrl = (format: 'csv' | 'xlsx') => `${BASE}/esportazione?formato=${format}`;
export const finished = (job: Job) => job.status === 'completato' || job.status === 'fallito';
