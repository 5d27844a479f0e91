/** What `emettiPolizza` checks, as the issuing dialog reads it (core/domain/policies/issue_checks.py). */

/** Days a start may lie in the past without a confirmation, when the tenant sets none. */
export const DEFAULT_MAX_PAST_DAYS = 30;
/** The override reason's length bounds. */
export const OVERRIDE_MIN = 10;
export const OVERRIDE_MAX = 500;

export type IssueRefusal = { check: 'documents'; documents: 'refused' | 'missing' } | { check: 'pastStart'; days: number; max: number };

/** The check that refused the issue, from the call's error (which carries `check`), or null. */
export function issueRefusal(error: unknown): IssueRefusal | null {
  if (!error || typeof error !== 'object') return null;
  const { check, documents, days, max } = error as Record<string, unknown>;
  if (check === 'documents' && (documents === 'refused' || documents === 'missing')) return { check, documents };
  if (check === 'pastStart' && typeof days === 'number' && typeof max === 'number') return { check, days, max };
  return null;
}

/** Whole days from `start` back from `today` (ISO days; negative when `start` is later). */
export function daysBefore(start: string, today: string): number {
  const a = Date.parse(`${start}T00:00:00Z`);
  const b = Date.parse(`${today}T00:00:00Z`);
  return Number.isFinite(a) && Number.isFinite(b) ? Math.round((b - a) / 86_400_000) : 0;
}
