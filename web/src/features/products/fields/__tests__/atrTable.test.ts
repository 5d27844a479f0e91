import { describe, expect, it } from 'vitest';
import { atrTotal, atrYearOf, atrYears, cleanShares, parseShares, sharesText, withAtrYear } from '../atrTable';
import { validateValue } from '../validators';

const atr = { _id: 'atr', name: 'Attestato di rischio', type: 'atr' };
const NOW = new Date('2026-05-10T10:00:00Z');

describe('the risk certificate table', () => {
  it('offers the last five years, any year of the value, and up to ten on request', () => {
    expect(atrYears(undefined, NOW)).toEqual(['2025', '2024', '2023', '2022', '2021']);
    expect(atrYears({ years: { '2018': 1 } }, NOW)).toEqual(['2025', '2024', '2023', '2022', '2021', '2018']);
    expect(atrYears(undefined, NOW, 7)).toHaveLength(7);
    expect(atrYears(undefined, NOW, 400)).toHaveLength(10);
    expect(atrYears(undefined, NOW, -3)).toEqual([]);
    expect(atrYears({ years: 'x' }, NOW)).toHaveLength(5);
  });

  it('reads an old count as claims with main responsibility', () => {
    expect(atrYearOf(2)).toEqual({ principali: 2, paritarie: [] });
    expect(atrYearOf({ principali: 1, paritarie: [50, 'x', 30] })).toEqual({ principali: 1, paritarie: [50, 30] });
    expect(atrYearOf(null)).toEqual({ principali: 0, paritarie: [] });
    expect(atrYearOf('3')).toEqual({ principali: 0, paritarie: [] });
  });

  it('counts every claim: main ones and one per share', () => {
    expect(atrTotal({ years: { '2024': 1, '2025': { principali: 2, paritarie: [50, 30] } } })).toBe(5);
    expect(atrTotal({ years: {} })).toBe(0);
    expect(atrTotal('nonsense')).toBe(0);
  });

  it('reads the shares as typed, keeping wrong ones for the validator', () => {
    expect(parseShares('50, 30%')).toEqual([50, 30]);
    expect(parseShares('50;30 20')).toEqual([50, 30, 20]);
    expect(parseShares('')).toEqual([]);
    expect(parseShares('0, 60')).toEqual([0, 60]);
    expect(cleanShares('5a0, -3')).toBe('50, 3');
    expect(cleanShares('1'.repeat(200))).toHaveLength(60);
    expect(sharesText([50, 30])).toBe('50, 30');
  });

  it('edits a year, drops an empty one and keeps the total the sum', () => {
    const one = withAtrYear(undefined, '2024', '1', '');
    expect(one).toEqual({ years: { '2024': { principali: 1, paritarie: [] } }, total: 1 });
    const two = withAtrYear({ years: { '2023': 2 }, total: 2 }, '2024', '', '50, 30');
    expect(two).toEqual({ years: { '2023': 2, '2024': { principali: 0, paritarie: [50, 30] } }, total: 4 });
    expect(validateValue(atr, two)).toBeNull();
    expect(withAtrYear(two, '2024', '', '')).toEqual({ years: { '2023': 2 }, total: 2 });
    expect(withAtrYear(undefined, '2024', '1x2', '')).toEqual({ years: { '2024': { principali: 12, paritarie: [] } }, total: 12 });
  });

  it('makes values the validator refuses when the shares are out of range', () => {
    expect(validateValue(atr, withAtrYear(undefined, '2024', '', '60'))).toBe(
      "Attestato di rischio non valido: una quota di responsabilità paritaria dev'essere tra 1% e 50%",
    );
    expect(validateValue(atr, withAtrYear(undefined, '2024', '', '0'))).toMatch(/tra 1% e 50%/);
  });
});
