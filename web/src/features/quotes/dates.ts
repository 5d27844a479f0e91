/**
 * Dates of the quote lists (SPEC §2, §5, §9): range presets, manual entry and the time window,
 * all in the Europe/Rome timezone.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const TIMEZONE = 'Europe/Rome';
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2099-12-31';
export const MANUAL_DEBOUNCE_MS = 1000;
/** Quote dates are matched with ±3 hours of tolerance (SPEC §9). */
export const WINDOW_TOLERANCE_MS = 3 * 3_600_000;

export const PRESETS = ['week', 'month', 'previousMonth', 'year', 'previousYear'] as const;
export type Preset = (typeof PRESETS)[number];
export type DateRange = [string, string];

const ISO = 'YYYY-MM-DD';

/** Today's date in Rome as a dayjs at midnight Rome time. */
function romeToday(now: Date) {
  return dayjs.tz(dayjs(now).tz(TIMEZONE).format(ISO), TIMEZONE);
}

/** The inclusive [from, to] ISO dates of a preset (weeks start on Monday). */
export function presetRange(preset: Preset, now: Date = new Date()): DateRange {
  const today = romeToday(now);
  const pair = (a: dayjs.Dayjs, b: dayjs.Dayjs): DateRange => [a.format(ISO), b.format(ISO)];
  switch (preset) {
    case 'week': {
      const monday = today.subtract((today.day() + 6) % 7, 'day');
      return pair(monday, monday.add(6, 'day'));
    }
    case 'month':
      return pair(today.startOf('month'), today.endOf('month'));
    case 'previousMonth': {
      const previous = today.startOf('month').subtract(1, 'month');
      return pair(previous, previous.endOf('month'));
    }
    case 'year':
      return pair(today.startOf('year'), today.endOf('year'));
    case 'previousYear': {
      const previous = today.startOf('year').subtract(1, 'year');
      return pair(previous, previous.endOf('year'));
    }
  }
}

/**
 * A manually typed date: exactly 10 characters, `GG/MM/AAAA` (or `AAAA-MM-GG`), a real calendar
 * day between 1900-01-01 and 2099-12-31. Returns the ISO date or null.
 */
export function parseManualDate(text: string): string | null {
  if (text.length !== 10) return null;
  const italian = /^(\d{2})[/.-](\d{2})[/.-](\d{4})$/.exec(text);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const parts = italian ? [italian[3], italian[2], italian[1]] : iso ? [iso[1], iso[2], iso[3]] : null;
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const value = `${parts[0]}-${parts[1]}-${parts[2]}`;
  return value < MIN_DATE || value > MAX_DATE ? null : value;
}

/** An ISO date as the manual field shows it: GG/MM/AAAA. */
export function formatManualDate(value: string | null): string {
  if (!value) return '';
  const [year, month, day] = value.split('-');
  return `${day}/${month}/${year}`;
}

/** The time window of an inclusive date range in Rome, widened by the tolerance; null for none. */
export function rangeBounds(from: string | null, to: string | null): { start: number; end: number } | null {
  if (!from && !to) return null;
  const start = from ? dayjs.tz(from, TIMEZONE).valueOf() - WINDOW_TOLERANCE_MS : -Infinity;
  const end = to ? dayjs.tz(to, TIMEZONE).add(1, 'day').valueOf() - 1 + WINDOW_TOLERANCE_MS : Infinity;
  return { start, end };
}

/** Which preset a range equals today, if any (to mark the active preset). */
export function matchingPreset(from: string | null, to: string | null, now: Date = new Date()): Preset | null {
  if (!from || !to) return null;
  return PRESETS.find((p) => {
    const [a, b] = presetRange(p, now);
    return a === from && b === to;
  }) ?? null;
}
