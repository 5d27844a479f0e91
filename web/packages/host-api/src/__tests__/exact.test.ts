import { describe, expect, it } from 'vitest';
import { centsOf, euroOf, halfUp, percentOf, scaled } from '../exact';

describe('exact decimals', () => {
  it('take a number as the decimal it is written as', () => {
    expect(scaled(4.335)).toEqual({ digits: 4335n, scale: 3 });
    expect(scaled(0.1)).toEqual({ digits: 1n, scale: 1 });
    expect(scaled(1e21)).toEqual({ digits: 1000000000000000000000n, scale: 0 });
    expect(scaled(5e-7)).toEqual({ digits: 5n, scale: 7 });
    expect(scaled(-2.5)).toEqual({ digits: -25n, scale: 1 });
    expect(scaled(Number.NaN)).toBeNull();
    expect(scaled(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('round half up away from zero', () => {
    expect(halfUp(5n, 2n)).toBe(3n);
    expect(halfUp(-5n, 2n)).toBe(-3n);
    expect(halfUp(4n, 3n)).toBe(1n);
    expect(halfUp(6n, 3n)).toBe(2n);
  });

  it('read amounts to the cent only', () => {
    expect(centsOf(0.1)).toBe(10n);
    expect(centsOf(12.4)).toBe(1240n);
    expect(centsOf(1e21)).toBe(100000000000000000000000n);
    expect(centsOf(0.005)).toBeNull();
    expect(centsOf(Number.NaN)).toBeNull();
  });

  it('give a rate of an amount in cents, half up, and cents as euro', () => {
    // 3 % of 289,00 € = 8,67 €; 4,335 % of 100,00 € = 4,335 € → 4,34 €
    expect(percentOf(scaled(3)!, 28900n)).toBe(867n);
    expect(percentOf(scaled(4.335)!, 10000n)).toBe(434n);
    expect(euroOf(434n)).toBe(4.34);
    expect(euroOf(-1n)).toBe(-0.01);
  });
});
