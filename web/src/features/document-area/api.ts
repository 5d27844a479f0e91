/** The document area over HTTP: folders (in the tenant's settings) and their files. */
import { requestJson } from '../../lib/http';
import type { DocumentFile } from '../quotes/documents';

export interface Folder {
  id: string;
  name: string;
  roles: string[];
}

const FOLDERS = '/api/area-documentale/cartelle';

export function fetchFiles(filter: { cartella?: string; q?: string }): Promise<DocumentFile[]> {
  const query = new URLSearchParams(Object.entries(filter).filter(([, v]) => Boolean(v)) as [string, string][]);
  return requestJson<DocumentFile[]>(`/api/area-documentale${query.size ? `?${query}` : ''}`);
}

export const createFolder = (body: Omit<Folder, 'id'>) => requestJson<Folder>(FOLDERS, { json: body });
export const changeFolder = (id: string, body: Omit<Folder, 'id'>) => requestJson<Folder>(`${FOLDERS}/${encodeURIComponent(id)}`, { method: 'PATCH', json: body });
export const deleteFolder = (id: string) => requestJson<{ ok: boolean }>(`${FOLDERS}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** The area's files in the live store, newest first: a folder's, or those matching `text`. */
export function areaFiles(docs: Record<string, unknown>, folder: string | null, text: string): DocumentFile[] {
  const wanted = text.trim().toLowerCase();
  return (Object.values(docs) as DocumentFile[])
    .filter((d) => d.owner?.kind === 'area' && typeof d.uri === 'string')
    .filter((d) => folder === null || d.owner?.id === folder)
    .filter((d) => !wanted || d.name.toLowerCase().includes(wanted))
    .sort((a, b) => String(b.at ?? '').localeCompare(String(a.at ?? '')));
}

/** Shown inline: images and PDFs (the server serves only these inline). */
export function previewKind(file: DocumentFile): 'image' | 'pdf' | null {
  const type = file.fileType ?? '';
  if (type === 'application/pdf') return 'pdf';
  return type.startsWith('image/') ? 'image' : null;
}
