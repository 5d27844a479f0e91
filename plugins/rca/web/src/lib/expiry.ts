/**
 * Where a plate's policy stands on a given day. RCA has no tacit renewal (art. 170-bis CAP): the
 * policy ends at its expiry (scadenza) and the vehicle stays covered for 15 days more (the
 * periodo di tolleranza, up to `grazia`), then it is uninsured. Like other policies, an expiry
 * within 16 days alerts (SPEC §4 'Policy alerts'). Days are ISO dates ('YYYY-MM-DD') in Rome.
 */
import type { PlatePolicy } from './records';

/** Days of cover after the expiry (art. 170-bis CAP). */
export const GRACE_DAYS = 15;
/** An expiry this many days away, or fewer, alerts (SPEC §9 'Policy alert window 16 days'). */
export const ALERT_DAYS = 16;

export type Cover =
  | { state: 'none' }
  /** Covered; `soon` when the expiry is within the alert window. */
  | { state: 'valid'; scadenza: string; grazia: string; soon: boolean }
  /** After the expiry, within the 15 days' tolerance: still covered up to `grazia`. */
  | { state: 'grace'; scadenza: string; grazia: string }
  /** After the tolerance: not covered. */
  | { state: 'expired'; scadenza: string; grazia: string };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ROME_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today (or `now`'s day) in Rome, as 'YYYY-MM-DD'. */
export const romeToday = (now: Date = new Date()): string => ROME_DAY.format(now);

/** The ISO day `days` after `day` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const match = ISO_DAY.exec(day);
  if (!match) return '';
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + days));
  return date.toISOString().slice(0, 10);
}

/** Days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  return Math.round((b - a) / 86_400_000);
}

/** An ISO day as 'dd/mm' (the tolerance's last day in a sentence). */
export function dayAndMonth(day: string): string {
  const match = ISO_DAY.exec(day);
  return match ? `${match[3]}/${match[2]}` : '';
}

/** Where `policy` stands on `today`: the tolerance runs to `grazia` (scadenza + 15 when absent). */
export function coverOn(policy: PlatePolicy | null, today: string): Cover {
  if (!policy || !ISO_DAY.test(policy.scadenza) || !ISO_DAY.test(today)) return { state: 'none' };
  const { scadenza } = policy;
  const grazia = ISO_DAY.test(policy.grazia) ? policy.grazia : addDays(scadenza, GRACE_DAYS);
  if (today <= scadenza) return { state: 'valid', scadenza, grazia, soon: daysBetween(today, scadenza) <= ALERT_DAYS };
  if (today <= grazia) return { state: 'grace', scadenza, grazia };
  return { state: 'expired', scadenza, grazia };
}
