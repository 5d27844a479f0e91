/**
 * Euro amounts: exact rounding to the cent (half up, as an invoice and the server's Decimal do)
 * and the it-IT text of amounts as typed and shown (SPEC §5 'Currency input', §9).
 */
import { formatEuro } from '@sportello/host-api';

/** A decimal number as an integer and a power of ten: 4.335 → { digits: 4335n, scale: 3 }. */
interface Scaled {
  digits: bigint;
  scale: number;
}

/** The number's shortest decimal text taken literally (0.1 stays 0.1, as Python's Decimal(str(x))). */
function scaled(value: number): Scaled {
  const [mantissa = '0', exponent = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

const TEN = 10n;

/** Integer cents of digits / 10^scale, half up (away from zero on a tie). */
function centsOf({ digits, scale }: Scaled): bigint {
  if (scale <= 2) return digits * TEN ** BigInt(2 - scale);
  const divisor = TEN ** BigInt(scale - 2);
  const negative = digits < 0n;
  const size = negative ? -digits : digits;
  const rounded = size / divisor + (2n * (size % divisor) >= divisor ? 1n : 0n);
  return negative ? -rounded : rounded;
}

/** The product of the numbers, exactly. */
function times(...values: number[]): Scaled {
  return values.map(scaled).reduce((a, b) => ({ digits: a.digits * b.digits, scale: a.scale + b.scale }));
}

const DIVISOR_SCALE = { 1: 0, 100: 2, 10000: 4 } as const;

/** The product of `values` divided by `divisor`, in integer cents rounded half up. */
export function centsOfProduct(values: number[], divisor: keyof typeof DIVISOR_SCALE): bigint {
  const product = times(...values);
  return centsOf({ digits: product.digits, scale: product.scale + DIVISOR_SCALE[divisor] });
}

/** Integer cents as euro. */
export const euroOf = (cents: bigint): number => Number(cents) / 100;

const WHOLE = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });
const PERCENT = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 2 });

/** '1.234,50 €' (it-IT, SPEC §9); '' for no number: the host's one formatter. */
export { formatEuro };

/** '15.000' */
export const formatWhole = (value: number | null | undefined): string =>
  typeof value === 'number' && Number.isFinite(value) ? WHOLE.format(value) : '';

/** '3,5' (a rate in %, without the sign). */
export const formatRate = (value: number): string => PERCENT.format(value);
