/**
 * Exact decimal arithmetic for a line's money, as the server's Decimal does it: a number is taken
 * as the decimal it is written as (0.1 stays 0.1, like Python's Decimal(str(x))), amounts are
 * integer cents (BigInt), and a quotient is rounded half up once.
 */

/** A decimal number as an integer and a power of ten: 7.45 → { digits: 745n, scale: 2 }. */
export interface Scaled {
  digits: bigint;
  scale: number;
}

/** The number's shortest decimal text taken literally; null for NaN and ±Infinity. */
export function scaled(value: number): Scaled | null {
  if (!Number.isFinite(value)) return null;
  const [mantissa = '0', exponent = '0'] = String(value).toLowerCase().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
}

/** `numerator / denominator` rounded half up (away from zero on a tie); denominator > 0. */
export function halfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const size = negative ? -numerator : numerator;
  const rounded = (2n * size + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

/** A euro amount with at most two decimals as integer cents; null otherwise. */
export function centsOf(value: number): bigint | null {
  const number = scaled(value);
  if (!number || number.scale > 2) return null;
  return number.digits * 10n ** BigInt(2 - number.scale);
}

/** Integer cents as euro (the double nearest the two-decimal amount, as JSON reads it). */
export const euroOf = (cents: bigint): number => Number(cents) / 100;

/** A rate in % (any decimals) times `cents`, divided by 100, in cents rounded half up. */
export function percentOf(rate: Scaled, cents: bigint): bigint {
  return halfUp(rate.digits * cents, 100n * 10n ** BigInt(rate.scale));
}
