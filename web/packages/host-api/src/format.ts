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

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

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

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar day ('2026-03-05', or the day part of an ISO instant written as a date) as
 * '05/03/2026'; an instant with a time is shown as its day in Rome. '' when unreadable.
 */
export function formatDay(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string') {
    const day = ISO_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : ROME_DAY.format(date);
}

/** An instant as its day and time in Rome: '05/03/2026 14:03'. '' when unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${ROME_DAY.format(date)} ${ROME_TIME.format(date)}`;
}
