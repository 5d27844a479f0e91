/**
 * Euro amounts: exact rounding to the cent (half up, as an invoice and the server's Decimal do)
 * and the it-IT text of amounts as typed and shown (SPEC §5 'Currency input', §9).
 */
import { formatEuro, halfUp, scaled, type Scaled } from '@sportello/host-api';

/** The number as the decimal it is written as; only finite numbers are amounts or rates. */
function exactly(value: number): Scaled {
  const number = scaled(value);
  if (!number) throw new RangeError(`not a finite number: ${value}`);
  return number;
}

/** The product of the numbers, exactly. */
function times(...values: number[]): Scaled {
  return values.map(exactly).reduce((a, b) => ({ digits: a.digits * b.digits, scale: a.scale + b.scale }));
}

const DIVISOR_SCALE = { 1: 0, 100: 2, 10000: 4 } as const;

/** The product of `values` divided by `divisor`, in integer cents rounded half up. */
export function centsOfProduct(values: number[], divisor: keyof typeof DIVISOR_SCALE): bigint {
  const product = times(...values);
  return halfUp(product.digits * 100n, 10n ** BigInt(product.scale + DIVISOR_SCALE[divisor]));
}

const WHOLE = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const PERCENT = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** '1.234,50 €' (it-IT, SPEC §9); '' for no number: the host's one formatter. */
export { formatEuro };

/** '15.000' */
export const formatWhole = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? WHOLE.format(value) : '';

/** '3,5' (a rate in %, without the sign). */
export const formatRate = (value: number): string => PERCENT.format(value);
