/** What a refused call (`host.call`) carries: the server's message and its per-field messages. */

/** The message of a refused call or any error (the server's, in Italian); '' when there is none. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : '';

/** Per-field messages a refused call carries (`error.errors`, keyed by field id), if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors = typeof error === 'object' && error !== null ? (error as { errors?: unknown }).errors : undefined;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
