import { describe, expect, it } from 'vitest';
import { cleanNumber, formatNumber, numberOrNull, parseNumber } from '../numbers';

describe('amounts', () => {
  it.each([
    ['1500', '1500', 1500],
    ['1500.5', '1500,5', 1500.5],
    ['1.500,456', '1500,45', 1500.45],
    ['1,500.25', '1500,25', 1500.25],
    ['1.500.000', '1500000', 1500000],
    ['-12 €', '12', 12],
    [',5', ',5', 0.5],
    ['abc', '', null],
  ])('cleans %s to %s (%s)', (text, cleaned, number) => {
    expect(cleanNumber(text, 2)).toBe(cleaned);
    expect(parseNumber(text, 2)).toBe(number);
  });

  it('formats in it-IT with two decimals', () => {
    expect(formatNumber(1500, 2)).toBe('1.500,00');
    expect(formatNumber(0.5, 2)).toBe('0,50');
    expect(formatNumber(null, 2)).toBe('');
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
  });
});

describe('numbers as the server sends them', () => {
  it('accept numbers and numeric text only', () => {
    expect(numberOrNull(3)).toBe(3);
    expect(numberOrNull('4.5')).toBe(4.5);
    expect(numberOrNull(' 12 ')).toBe(12);
    expect(numberOrNull('')).toBeNull();
    expect(numberOrNull('  ')).toBeNull();
    expect(numberOrNull(null)).toBeNull();
    expect(numberOrNull(undefined)).toBeNull();
    expect(numberOrNull(Number.NaN)).toBeNull();
    expect(numberOrNull(Number.POSITIVE_INFINITY)).toBeNull();
    expect(numberOrNull('tre')).toBeNull();
    expect(numberOrNull(true)).toBeNull();
  });
});
