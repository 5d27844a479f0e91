/**
 * The risk certificate (attestato di rischio) as its input edits it: one row per year with the
 * claims paid with main responsibility and the shares (%) of those paid with equal
 * responsibility (responsabilità paritaria), typed as '50, 30'. Pure, so the table's rules are
 * tested without rendering it; the validator (./validators, `atr`) judges what it makes.
 */
import { MAX_ATR_YEARS, type AtrValue, type AtrYear } from './validators';

/** The years the table always offers: the last five before this one. */
export const ATR_RECENT_YEARS = 5;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The value's years, read without failing (anything else is no year). */
export const atrEntries = (value: unknown): Record<string, unknown> =>
  isRecord(value) && isRecord(value.years) ? value.years : {};

/** A year's entry as main claims and shares: an old count is claims with main responsibility. */
export function atrYearOf(entry: unknown): AtrYear {
  if (isNumber(entry)) return { principali: entry, paritarie: [] };
  if (!isRecord(entry)) return { principali: 0, paritarie: [] };
  const paritarie = Array.isArray(entry.paritarie) ? entry.paritarie.filter(isNumber) : [];
  return { principali: isNumber(entry.principali) ? entry.principali : 0, paritarie };
}

/** The claims of a year: main ones and one per equal-responsibility share. */
export const atrYearClaims = (entry: unknown): number => {
  const year = atrYearOf(entry);
  return year.principali + year.paritarie.length;
};

/** Every claim of the certificate. */
export const atrTotal = (value: unknown): number =>
  Object.values(atrEntries(value)).reduce<number>((sum, entry) => sum + atrYearClaims(entry), 0);

/**
 * The years shown, newest first: the last `count` before this one (five unless the user asked
 * for more, at most ten) and any other year of the value.
 */
export function atrYears(value: unknown, now = new Date(), count = ATR_RECENT_YEARS): string[] {
  const length = Math.min(Math.max(count, 0), MAX_ATR_YEARS);
  const recent = Array.from({ length }, (_, i) => String(now.getFullYear() - 1 - i));
  return [...new Set([...recent, ...Object.keys(atrEntries(value))])].sort().reverse();
}

/** Only what a list of shares is typed with: digits, commas, semicolons, spaces and '%'. */
export const cleanShares = (text: string): string => text.replace(/[^\d,;\s%]/g, '').slice(0, 60);

/** The shares typed ('50, 30%' → [50, 30]); out-of-range ones are kept, for the validator to refuse. */
export const parseShares = (text: string): number[] =>
  cleanShares(text)
    .split(/[,;\s%]+/)
    .filter(Boolean)
    .map(Number);

/** The shares as the table shows them: '50, 30'. */
export const sharesText = (shares: readonly number[]): string => shares.join(', ');

/**
 * The certificate after a year's row is edited: main claims as typed digits ('' for none) and
 * the shares' text. A row left empty drops the year; the total follows.
 */
export function withAtrYear(value: unknown, year: string, principali: string, shares: string): AtrValue {
  const years = { ...atrEntries(value) } as AtrValue['years'];
  const digits = principali.replace(/\D/g, '').slice(0, 3);
  const paritarie = parseShares(shares);
  if (!digits && !paritarie.length) delete years[year];
  else years[year] = { principali: digits ? Number(digits) : 0, paritarie };
  return { years, total: atrTotal({ years }) };
}
