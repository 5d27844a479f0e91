/** The OTP prompt's rules (SPEC §5, §9): shown while the request is under a minute old, a code
 * of 5 to 6 characters. */

export const OTP_WINDOW_MS = 60_000;
export const OTP_MAX_LENGTH = 6;
export const OTP_MIN_LENGTH = 5;

export interface AskOtp {
  at?: unknown;
  company?: unknown;
}

/** How long the dialog for `ask` stays open from `now` (0: not at all). */
export function otpOpenFor(ask: AskOtp | null | undefined, now: number): number {
  if (!ask || typeof ask.company !== 'string' || !ask.company) return 0;
  const at = Date.parse(String(ask.at ?? ''));
  if (Number.isNaN(at)) return 0;
  const left = at + OTP_WINDOW_MS - now;
  return left > 0 && left <= OTP_WINDOW_MS + 5_000 ? left : 0;
}

export const otpValid = (code: string): boolean => code.trim().length >= OTP_MIN_LENGTH && code.trim().length <= OTP_MAX_LENGTH;
