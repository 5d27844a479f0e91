/** JSON over HTTP with the server's Italian error messages ({error: {name, message}}). */
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
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    method: rest.method ?? (json === undefined ? 'GET' : 'POST'),
    headers: { accept: 'application/json', ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: json === undefined ? rest.body : JSON.stringify(json),
  });
  const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) {
    throw new HttpError(body?.error?.message || `Errore ${response.status}`, response.status);
  }
  return body as T;
}
