/** The company's documents of a product (DIP, DIP aggiuntivo, conditions): their kinds in the
 * order shown, the current one of each kind, and how a file's size and fingerprint are shown. */

/** The kinds the server accepts (`core/domain/precontract/kinds.py`), in the order listed. */
export const PRODUCT_DOCUMENT_KINDS = ['dip', 'dip_aggiuntivo', 'condizioni'] as const;
export type ProductDocumentKind = (typeof PRODUCT_DOCUMENT_KINDS)[number];

/** The stream that brings the products' current documents to those who edit products. */
export const PRODUCT_DOCUMENTS_STREAM = 'documentiProdotto';

/** A current document as `GET /api/products/{id}/documents` lists it and the stream brings it. */
export interface ProductDocument {
  _id: string;
  /** Its product. */
  pId?: string;
  kind: string;
  title: string;
  name: string;
  sha256: string;
  size: number;
  at: string;
}

/** Kind → its current document (an unknown kind is left out; the last of a kind wins). */
export function currentByKind(documents: readonly ProductDocument[]): Partial<Record<ProductDocumentKind, ProductDocument>> {
  const known = new Set<string>(PRODUCT_DOCUMENT_KINDS);
  return Object.fromEntries(documents.filter((d) => known.has(d.kind)).map((d) => [d.kind, d]));
}

/** Kind → the newest document of the kind (by upload time): a replaced one may still be listed. */
export function newestByKind(documents: readonly ProductDocument[]): Partial<Record<ProductDocumentKind, ProductDocument>> {
  return currentByKind([...documents].sort((a, b) => Date.parse(a.at) - Date.parse(b.at)));
}

/** `documents` with `uploaded` as the current one of its kind (the one it replaces dropped). */
export function withUploaded(documents: readonly ProductDocument[], uploaded: ProductDocument): ProductDocument[] {
  return [...documents.filter((d) => d.kind !== uploaded.kind), uploaded];
}

const ONE_DECIMAL = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 });
const WHOLE = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 });

/** A size in bytes as '512 byte', '34 KB', '1,5 MB' (1 KB = 1024 byte, a decimal comma). */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${WHOLE.format(bytes)} byte`;
  const kb = Math.max(1, Math.round(bytes / 1024));
  if (kb < 1024) return `${WHOLE.format(kb)} KB`;
  return `${ONE_DECIMAL.format(bytes / (1024 * 1024))} MB`;
}

/** The first 12 hex digits of a SHA-256: enough to tell two versions apart at a glance. */
export const shortSha = (sha256: string): string => sha256.slice(0, 12);
