/** A product's company documents over HTTP: the current ones, an upload with its progress, the
 * file's address (the login cookie authenticates; refusals carry the server's Italian message). */
import { errorFrom, HttpError, requestJson } from '../../lib/http';
import { browserOffline, OfflineError } from '../../lib/offline';
import type { ProductDocument, ProductDocumentKind } from './productDocuments';

const base = (productId: string) => `/api/products/${encodeURIComponent(productId)}/documents`;

export const listProductDocuments = (productId: string) => requestJson<ProductDocument[]>(base(productId));

/** Where a document's file is downloaded. */
export const productDocumentUrl = (productId: string, documentId: string) => `${base(productId)}/${encodeURIComponent(documentId)}`;

/**
 * Upload `file` as the product's current `kind` (multipart `kind` + `file`); `onProgress` hears
 * the share sent (0..1). Rejects with an {@link HttpError} carrying the server's message, or with
 * an empty message (status 0) when the server could not be reached.
 */
export function uploadProductDocument(
  productId: string,
  kind: ProductDocumentKind,
  file: File,
  onProgress?: (sent: number) => void,
): Promise<ProductDocument> {
  if (browserOffline()) return Promise.reject(new OfflineError());
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', base(productId));
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300 && body) {
        resolve(body as ProductDocument);
        return;
      }
      reject(errorFrom(body, request.status));
    };
    request.onerror = () => reject(new HttpError('', 0));
    request.send(form);
  });
}
