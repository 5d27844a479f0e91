/** JSON and files over HTTP with the server's Italian error messages ({error: {name, message}}, or {detail}); offline,
 * a change (any method but GET) is refused at once (the app is read-only). */
import { browserOffline, OfflineError } from './offline';

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The error a refusal's body makes: the app's `{error: {message}}`, a bare Litestar `{detail}`,
 * otherwise "Errore <status>" (a proxy's page, an empty body). */
export function errorFrom(body: unknown, status: number): HttpError {
  const found = body && typeof body === 'object' ? (body as { error?: { message?: unknown }; detail?: unknown }) : {};
  const message = typeof found.error?.message === 'string' ? found.error.message : '';
  const detail = typeof found.detail === 'string' ? found.detail : '';
  return new HttpError(message || detail || `Errore ${status}`, status);
}

type Init = RequestInit & { json?: unknown };

function send(path: string, { json, headers, ...rest }: Init, accept: string): Promise<Response> {
  const method = rest.method ?? (json === undefined ? 'GET' : 'POST');
  if (browserOffline() && method !== 'GET') throw new OfflineError();
  return fetch(path, {
    credentials: 'same-origin',
    ...rest,
    method,
    headers: { accept, ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
}

export async function requestJson<T>(path: string, init: Init = {}): Promise<T> {
  const response = await send(path, init, 'application/json');
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw errorFrom(body, response.status);
  return body as T;
}

/** The name a `Content-Disposition` header gives the file (`filename*=UTF-8''…` first), if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // a malformed escape: the plain name below, if any
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]*))/i.exec(disposition);
  return (plain?.[1] ?? plain?.[2] ?? '').trim() || null;
}

/** A file the server makes (a download the login cookie authenticates): its content and the name
 * the server gives it; a refusal rejects with an {@link HttpError} carrying the server's message. */
export async function requestFile(path: string, init: RequestInit = {}): Promise<{ blob: Blob; name: string | null }> {
  const response = await send(path, init, '*/*');
  if (!response.ok) throw errorFrom(await response.json().catch(() => null), response.status);
  return { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition')) };
}
