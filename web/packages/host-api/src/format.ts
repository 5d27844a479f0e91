/**
 * The one way money, rates and dates are shown (SPEC §9 'Currency EUR in it-IT format'): euro
 * amounts always grouped ('1.050,00 €', never '1050,00 €'), rates with a decimal comma ('23 %'),
 * calendar days as dd/mm/yyyy whatever the browser's language, instants as their day and time
 * in Europe/Rome. Shell screens and product modules import these, never their own Intl formats.
 */

const EURO = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR', useGrouping: 'always' });
const RATE = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2, useGrouping: 'always' });
const ROME_DAY = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const ROME_TIME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

// Number.isFinite is false for anything not a number (it converts nothing)
const finite = (value: unknown): value is number => Number.isFinite(value);

/** Euros as '1.050,00 €'; '' when there is no amount. */
export const formatEuro = (value: number | null | undefined): string => (finite(value) ? EURO.format(value) : '');

/** Integer cents as euros ('105000' → '1.050,00 €'). */
export const formatCents = (cents: number | null | undefined): string =>
  finite(cents) ? EURO.format(cents / 100) : '';

/** A rate in % as '23 %' or '22,25 %' (up to two decimals, a decimal comma). */
export const formatRate = (value: number | string | null | undefined): string => {
  const number = typeof value === 'string' ? Number(value) : value;
  return finite(number) ? `${RATE.format(number)} %` : '';
};

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})(T|$)/;

/**
 * Whether a string is an ISO day or instant ('2026-03-05', '2026-03-05T14:03:00Z') naming a
 * day that exists: '2026-02-30' does not, though Date would roll it over to 2 March. A day
 * past its month's end (or 00) lands in another month, 99 days at most: the month tells.
 */
function isoOfRealDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  return date.getUTCMonth() === Number(month) - 1;
}

/** A Date for an instant; null when unreadable: a string not in ISO form ('05/03/2026',
 * which Date would read as 3 May), or naming a day that does not exist. */
function instant(value: string | Date): Date | null {
  if (typeof value === 'string' && !isoOfRealDay(value)) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A calendar day ('2026-03-05') as '05/03/2026'; an instant with a time is shown as its day in
 * Rome. A plain day is read as its midnight UTC, the same day in Rome (never behind UTC). ''
 * when unreadable, or when the day does not exist ('2026-02-30' is no day: never shown as
 * itself, nor as the 2 March a Date would make of it).
 */
export function formatDay(value: string | Date | null | undefined): string {
  const date = value ? instant(value) : null;
  return date ? ROME_DAY.format(date) : '';
}

/** An instant as its day and time in Rome: '05/03/2026 14:03'. '' when unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = value ? instant(value) : null;
  return date ? `${ROME_DAY.format(date)} ${ROME_TIME.format(date)}` : '';
}
