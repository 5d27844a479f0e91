/** JSON over HTTP with the server's Italian error messages ({error: {name, message}}, or {detail}); offline,
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

export async function requestJson<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  if (browserOffline() && (rest.method ?? (json === undefined ? 'GET' : 'POST')) !== 'GET') throw new OfflineError();
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { accept: 'application/json', ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const body = (await response.json().catch(() => null)) as { error?: { message?: string }; detail?: unknown } | null;
  if (!response.ok) {
    // the app's errors carry {error: {message}}; a bare Litestar refusal, {detail}
    const detail = typeof body?.detail === 'string' ? body.detail : '';
    throw new HttpError(body?.error?.message || detail || `Errore ${response.status}`, response.status);
  }
  return body as T;
}
