/**
 * Numbers as typed and shown in it-IT (SPEC §5 'Currency input'): a decimal comma, dots grouping
 * thousands once left, no minus sign; `decimals` 2 for euro amounts, 0 for whole numbers.
 */

const PLAIN = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: 'always' });
const WHOLE = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * What is typed in a number, cleaned: digits and, with `decimals`, one decimal comma followed by
 * at most that many digits. A single '.' or ',' is the decimal separator; with several, the last
 * one is (the others group thousands) unless they are all the same, as in '1.500.000'. No minus.
 */
export function cleanNumber(text: string, decimals: number): string {
  const kept = text.replace(/[^\d.,]/g, '');
  const separators = kept.replace(/\d/g, '');
  const grouped = separators.length > 1 && new Set(separators).size === 1;
  const last = grouped || decimals === 0 ? -1 : Math.max(kept.lastIndexOf('.'), kept.lastIndexOf(','));
  if (last < 0) return kept.replace(/[.,]/g, '');
  const whole = kept.slice(0, last).replace(/[.,]/g, '');
  return `${whole},${kept.slice(last + 1).slice(0, decimals)}`;
}

/** The number typed ('1.500,5' → 1500.5), or null when there is none. */
export function parseNumber(text: string, decimals: number): number | null {
  const cleaned = cleanNumber(text, decimals);
  if (!/\d/.test(cleaned)) return null;
  const number = Number(cleaned.replace(',', '.').replace(/^\./, '0.'));
  return Number.isFinite(number) ? number : null;
}

/** A number as shown when not being edited: '1.500,00' with decimals, '15.000' without. */
export const formatNumber = (value: number | null | undefined, decimals: number): string =>
  typeof value !== 'number' || !Number.isFinite(value) ? '' : decimals ? PLAIN.format(value) : WHOLE.format(value);

/** A number as edited: no grouping, a decimal comma ('1500,5'). */
export const editNumber = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';

/** A value as the server sends it (a number, or a number's text) as a finite number, else null. */
export function numberOrNull(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const number = Number(value);
    return Number.isFinite(number) ? number : null;
  }
  return null;
}
