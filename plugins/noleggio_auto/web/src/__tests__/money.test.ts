import { describe, expect, it } from 'vitest';
import { centsOfProduct, formatEuro } from '../lib/money';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe('exact cents', () => {
  it('rounds half up on the decimal value, not its binary approximation', () => {
    expect(centsOfProduct([1.005], 1)).toBe(101n);
    expect(centsOfProduct([3, 289, 50], 10000)).toBe(434n);
    expect(centsOfProduct([1, 50, 1], 10000)).toBe(1n);
    expect(centsOfProduct([0.1, 0.2], 1)).toBe(2n);
  });

  it('reads numbers written with an exponent', () => {
    expect(centsOfProduct([1e21], 1)).toBe(100000000000000000000000n);
    expect(centsOfProduct([5e-7], 1)).toBe(0n);
  });
});

describe('euro as shown (SPEC §9)', () => {
  it('formats in it-IT with the sign after', () => {
    expect(nbsp(formatEuro(289))).toBe('289,00 €');
    expect(nbsp(formatEuro(1234.5))).toBe('1.234,50 €');
  });
});
