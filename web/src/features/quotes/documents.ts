/** Documents of quotes and policies (SPEC §5, §7): size limit, upload and download links. */
import { browserOffline, OfflineError } from '../../lib/offline';

export const MB = 1024 * 1024;
export const UPLOAD_TIMEOUT_MS = 30_000;

/** The tenant's limit in MB, else SPEC §5: 20 MB per file, 500 MB when the app name ends with `_dev`. */
export function maxUploadMb(appName: string, tenantMb?: number | null): number {
  return tenantMb && tenantMb > 0 ? tenantMb : appName.endsWith('_dev') ? 500 : 20;
}

export function maxUploadBytes(appName: string, tenantMb?: number | null): number {
  return maxUploadMb(appName, tenantMb) * MB;
}

/** The files over the limit (to refuse them before uploading). */
export function oversized<T extends { size: number }>(files: readonly T[], appName: string, tenantMb?: number | null): T[] {
  const max = maxUploadBytes(appName, tenantMb);
  return files.filter((file) => file.size > max);
}

/** The files within the limit; each one over it is named to ``tooBig`` with the limit in MB. */
export function withinLimit<T extends { size: number; name: string }>(
  picked: readonly T[],
  appName: string,
  tenantMb: number | null | undefined,
  tooBig: (file: T, mb: number) => void,
): T[] {
  const over = oversized(picked, appName, tenantMb);
  const mb = maxUploadMb(appName, tenantMb);
  over.forEach((file) => tooBig(file, mb));
  return picked.filter((file) => !over.includes(file));
}

/** The download link: `/upload/` → `/download/`, plus `?n={name}`. */
export function downloadUrl(uri: string, name: string): string {
  return `${uri.replace('/upload/', '/download/')}?n=${encodeURIComponent(name)}`;
}

export interface DocumentFile {
  _id: string;
  uri: string;
  name: string;
  fileType?: string | null;
  thumb?: string | null;
  at?: string | null;
  type?: string | null;
  owner?: { kind: string; id: string };
  [field: string]: unknown;
}

export type UploadEntry = DocumentFile | { name: string; err: string };

/** Whose files: a quote's, a policy's or a claim's. */
export type OwnerKind = 'preventivo' | 'polizza' | 'sinistro';

/** The upload form's field naming the owner. */
export const OWNER_FIELD: Record<OwnerKind, string> = { preventivo: 'preventivoId', polizza: 'polizzaId', sinistro: 'sinistroId' };

/** The store collection holding the owner. */
export const OWNER_COLLECTION: Record<OwnerKind, string> = { preventivo: 'preventivi', polizza: 'polizze', sinistro: 'sinistri' };

export interface UploadTarget {
  ownerKind: OwnerKind;
  ownerId: string;
  /** The allegati key the files belong to. */
  docType: string;
  /** The policy instalment the files belong to (`nRata`). */
  nRata?: number;
}

/** The upload form: `preventivoId|polizzaId|sinistroId`, `idToUpload`, `file.0..n`. */
export function uploadForm(target: UploadTarget, files: readonly File[]): FormData {
  const form = new FormData();
  form.append(OWNER_FIELD[target.ownerKind], target.ownerId);
  form.append('idToUpload', target.docType);
  if (target.nRata !== undefined) form.append('nRata', String(target.nRata));
  files.forEach((file, i) => form.append(`file.${i}`, file, file.name));
  return form;
}

export class UploadError extends Error {}

/** POST /uploadDocs with the `token` header; a status above 399 is a failure; refused offline. */
export async function uploadDocs(form: FormData, token: string, fetcher: typeof fetch = fetch): Promise<UploadEntry[]> {
  if (browserOffline()) throw new OfflineError();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), UPLOAD_TIMEOUT_MS);
  try {
    const response = await fetcher('/uploadDocs', {
      method: 'POST',
      body: form,
      headers: { token },
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (response.status > 399) throw new UploadError(String(response.status));
    const body = (await response.json()) as unknown;
    return Array.isArray(body) ? (body as UploadEntry[]) : [];
  } finally {
    clearTimeout(timer);
  }
}

/** The files listed in a quote's `allegati` (ids or file objects) by document type. */
export function allegatiFiles(allegati: unknown): { type: string; label: string; ids: string[]; files: DocumentFile[] }[] {
  if (typeof allegati !== 'object' || allegati === null) return [];
  return Object.entries(allegati as Record<string, unknown>).map(([type, entry]) => {
    const e = (entry ?? {}) as { name?: unknown; files?: unknown };
    const list = Array.isArray(e.files) ? e.files : [];
    return {
      type,
      label: typeof e.name === 'string' && e.name ? e.name : type,
      ids: list.filter((f): f is string => typeof f === 'string'),
      files: list.filter((f): f is DocumentFile => typeof f === 'object' && f !== null && typeof (f as DocumentFile).uri === 'string'),
    };
  });
}
