/**
 * Whether a policy covers, by its instalments and the clock (art. 1901 c.c.): the port of
 * `core/domain/policies/cover.py`, so a screen shows the cover at the browser's own clock and
 * it ticks. The same hand-computed cases run here and in Python (`__tests__/shared-cases.json`).
 *
 * - The first premium unpaid: suspended from the first instant of its due date until 24:00 of
 *   the day it is paid (c. 1).
 * - A later instalment unpaid: suspended from 24:00 of the fifteenth day after its due date,
 *   back from 24:00 of the day it is paid (c. 2).
 * - Six months from the due date unpaid (24:00 of that day): the company may terminate (c. 3).
 *
 * "24:00 of day D" is the first instant of D + 1 in Europe/Rome, whatever the offset that day.
 * Instalments set aside (`info.SOSP`) and those that are not premiums due (`info.kind`:
 * an endorsement's adjustment, a refund) are left out.
 */

export const GRACE_DAYS = 15;
export const TERMINATION_MONTHS = 6;
const ZONE = 'Europe/Rome';
const HOUR_MS = 3_600_000;

export type CoverStatus = 'in_copertura' | 'sospesa' | 'insoluta_sei_mesi';

export interface CoverRate {
  n: number;
  cassa: string | null;
  paid: boolean;
  paidAt?: string | null;
  info?: Record<string, unknown> | null;
}

export interface Cover {
  status: CoverStatus;
  /** Suspended since (`sospesa`, `insoluta_sei_mesi`). */
  since: Date | null;
  /** In cover: when the oldest overdue instalment suspends it; suspended and paid: when the cover resumes. */
  until: Date | null;
  /** The instalment that suspends (or will suspend) the cover. */
  instalment: number | null;
}

interface Due {
  number: number;
  due: string;
  /** The day it was paid in Europe/Rome ('0001-01-01' when paid with no time recorded), null while unpaid. */
  paidOn: string | null;
}

const PARTS = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit',
  hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});

function wallClockMs(at: number): number {
  const parts: Record<string, number> = {};
  for (const part of PARTS.formatToParts(new Date(at))) parts[part.type] = Number(part.value);
  const get = (type: string) => parts[type] ?? 0;
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The day (YYYY-MM-DD) an instant falls on in Europe/Rome. */
export function romeDay(at: Date): string {
  return new Date(wallClockMs(at.getTime())).toISOString().slice(0, 10);
}

/** The first instant of `day` in Europe/Rome (midnight exists every day there: the clock changes at 02:00/03:00). */
function ymd(day: string): [number, number, number] {
  const [y = 1, m = 1, d = 1] = day.split('-').map(Number);
  return [y, m, d];
}

export function startOfDay(day: string): Date {
  const [y, m, d] = ymd(day);
  const wall = Date.UTC(y, m - 1, d);
  let at = wall - (wallClockMs(wall) - wall);
  at = wall - (wallClockMs(at) - at);
  return new Date(at);
}

export function addDays(day: string, days: number): string {
  const [y, m, d] = ymd(day);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** `day` moved by `months`, its day held to the target month's length (as the schedule does). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = ymd(day);
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = ((index % 12) + 12) % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (ISO days). */
export function daysBetween(from: string, to: string): number {
  const [a, b, c] = ymd(from);
  const [x, y, z] = ymd(to);
  return Math.round((Date.UTC(x, y - 1, z) - Date.UTC(a, b - 1, c)) / 86_400_000);
}

/** 24:00 of `day` in Europe/Rome. */
export function endOfDay(day: string): Date {
  return startOfDay(addDays(day, 1));
}

export function suspendedFrom(due: string, first: boolean): Date {
  return first ? startOfDay(due) : endOfDay(addDays(due, GRACE_DAYS));
}

function duesOf(rates: readonly CoverRate[]): Due[] {
  const dues: Due[] = [];
  for (const rate of rates) {
    if (rate.info?.SOSP || rate.info?.kind || !rate.cassa) continue;
    const paidOn = rate.paid ? (rate.paidAt ? romeDay(new Date(rate.paidAt)) : '0001-01-01') : null;
    dues.push({ number: rate.n, due: rate.cassa, paidOn });
  }
  return dues.sort((a, b) => a.number - b.number);
}

/** The policy's cover at `now`, by its instalments. */
export function coverAt(rates: readonly CoverRate[], now: Date = new Date()): Cover {
  const at = now.getTime();
  const today = romeDay(now);
  let warning: Cover | null = null;
  const dues = duesOf(rates);
  for (const [index, item] of dues.entries()) {
    const start = suspendedFrom(item.due, index === 0);
    if (item.paidOn !== null) {
      const back = endOfDay(item.paidOn);
      if (start.getTime() <= at && at < back.getTime() && item.paidOn >= romeDay(start)) {
        return { status: 'sospesa', since: start, until: back, instalment: item.number };
      }
      continue;
    }
    if (at >= start.getTime()) {
      const lapse = endOfDay(addMonths(item.due, TERMINATION_MONTHS));
      return { status: at >= lapse.getTime() ? 'insoluta_sei_mesi' : 'sospesa', since: start, until: null, instalment: item.number };
    }
    if (item.due <= today && warning === null) {
      warning = { status: 'in_copertura', since: null, until: start, instalment: item.number };
    }
  }
  return warning ?? { status: 'in_copertura', since: null, until: null, instalment: null };
}

/** Whole hours of cover left before the suspension, for an overdue instalment. */
export function hoursLeft(cover: Cover, now: Date = new Date()): number | null {
  if (cover.status !== 'in_copertura' || cover.until === null) return null;
  return Math.max(Math.floor((cover.until.getTime() - now.getTime()) / HOUR_MS), 0);
}

/** Whole days of cover left (the overdue list's "giorni di copertura rimasti"). */
export function daysLeft(cover: Cover, now: Date = new Date()): number | null {
  const hours = hoursLeft(cover, now);
  return hours === null ? null : Math.floor(hours / 24);
}

/** An instant at the start of a Rome day said as the article says it: 00:00 of the 17th is '24:00 del 16/…'. */
export function midnightWords(at: Date): string {
  const [y, m, d] = addDays(romeDay(at), -1).split('-');
  return `${d ?? ''}/${m ?? ''}/${y ?? ''}`;
}
