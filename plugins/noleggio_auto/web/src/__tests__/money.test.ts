import { describe, expect, it } from 'vitest';
import { centsOfProduct, cleanNumber, formatEuro, formatNumber, numberOrNull, parseNumber } from '../lib/money';

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

describe('amounts as typed (SPEC §5)', () => {
  it('keep digits and one decimal comma with at most two decimals', () => {
    expect(cleanNumber('2.500,456', 2)).toBe('2500,45');
    expect(cleanNumber('-12', 2)).toBe('12');
    expect(cleanNumber('1.500.000', 2)).toBe('1500000');
    expect(cleanNumber('12.5', 2)).toBe('12,5');
    expect(cleanNumber('€ 99', 2)).toBe('99');
  });

  it('whole numbers drop every separator', () => {
    expect(cleanNumber('15.000', 0)).toBe('15000');
    expect(cleanNumber('36,5', 0)).toBe('365');
  });

  it('parse to numbers, or null without digits', () => {
    expect(parseNumber('1.234,5', 2)).toBe(1234.5);
    expect(parseNumber(',5', 2)).toBe(0.5);
    expect(parseNumber('', 2)).toBeNull();
    expect(parseNumber('€', 2)).toBeNull();
  });

  it('show in it-IT style', () => {
    expect(formatNumber(2500, 2)).toBe('2.500,00');
    expect(formatNumber(15000, 0)).toBe('15.000');
    expect(formatNumber(null, 2)).toBe('');
    expect(nbsp(formatEuro(289))).toBe('289,00 €');
    expect(nbsp(formatEuro(1234.5))).toBe('1.234,50 €');
  });
});

describe('wire numbers', () => {
  it('accept numbers and numeric text only', () => {
    expect(numberOrNull(3)).toBe(3);
    expect(numberOrNull('4.5')).toBe(4.5);
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull(null)).toBeNull();
    expect(numberOrNull(Number.NaN)).toBeNull();
    expect(numberOrNull('tre')).toBeNull();
  });
});
