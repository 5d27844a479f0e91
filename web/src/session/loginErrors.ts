/**
 * What a failed token login means (SPEC §8 'Login error'):
 * - a timeout: try again after 1 s;
 * - a message starting with 'no' or 'puoi' (any case): the token is bad, drop its cookie;
 * - an empty message: there was no token, the data is simply marked as loaded;
 * - anything else: a red notification with the message (group 'login').
 */
export type LoginErrorAction = 'retry' | 'dropToken' | 'anonymous' | 'notify';

export const LOGIN_RETRY_MS = 1000;

export function classifyLoginError(error: unknown): LoginErrorAction {
  const { name, message } = describeError(error);
  if (name === 'TimeoutError') return 'retry';
  const text = message.trim().toLowerCase();
  if (!text) return 'anonymous';
  if (text.startsWith('no') || text.startsWith('puoi')) return 'dropToken';
  return 'notify';
}

/**
 * Whether the server refused the session itself (ended, expired, the account suspended or gone),
 * not only this attempt: a page still showing the user's data then ends the session.
 */
export function sessionRefused(error: unknown): boolean {
  const { name } = describeError(error);
  return classifyLoginError(error) === 'dropToken' || name === 'NotAuthenticated' || name === 'Forbidden';
}

export function describeError(error: unknown): { name: string; message: string } {
  if (error && typeof error === 'object') {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return { name: typeof name === 'string' ? name : '', message: typeof message === 'string' ? message : '' };
  }
  return { name: '', message: typeof error === 'string' ? error : '' };
}
