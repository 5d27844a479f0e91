import { describe, expect, it } from 'vitest';
import { formatManualDate, matchingPreset, parseManualDate, presetRange, rangeBounds } from '../dates';

describe('presets (Europe/Rome)', () => {
  const wednesday = new Date('2025-03-12T10:00:00Z');
  it('computes week (Monday to Sunday), month, previous month, year and previous year', () => {
    expect(presetRange('week', wednesday)).toEqual(['2025-03-10', '2025-03-16']);
    expect(presetRange('month', wednesday)).toEqual(['2025-03-01', '2025-03-31']);
    expect(presetRange('previousMonth', wednesday)).toEqual(['2025-02-01', '2025-02-28']);
    expect(presetRange('year', wednesday)).toEqual(['2025-01-01', '2025-12-31']);
    expect(presetRange('previousYear', wednesday)).toEqual(['2024-01-01', '2024-12-31']);
  });

  it("uses Rome's calendar day, not UTC's", () => {
    const newYearInRome = new Date('2025-12-31T23:30:00Z');
    expect(presetRange('month', newYearInRome)).toEqual(['2026-01-01', '2026-01-31']);
    expect(presetRange('previousYear', newYearInRome)).toEqual(['2025-01-01', '2025-12-31']);
    const sunday = new Date('2025-03-16T20:00:00Z');
    expect(presetRange('week', sunday)).toEqual(['2025-03-10', '2025-03-16']);
    expect(presetRange('previousMonth', new Date('2024-03-05T12:00:00Z'))).toEqual(['2024-02-01', '2024-02-29']);
  });

  it('recognises the active preset', () => {
    expect(matchingPreset('2025-03-01', '2025-03-31', new Date('2025-03-12T10:00:00Z'))).toBe('month');
    expect(matchingPreset('2025-03-02', '2025-03-31', new Date('2025-03-12T10:00:00Z'))).toBeNull();
  });
});

describe('manual dates (SPEC §5)', () => {
  it('accepts 10-character valid dates within 1900–2099', () => {
    expect(parseManualDate('12/03/2025')).toBe('2025-03-12');
    expect(parseManualDate('2025-03-12')).toBe('2025-03-12');
    expect(parseManualDate('29/02/2024')).toBe('2024-02-29');
    expect(parseManualDate('01/01/1900')).toBe('1900-01-01');
    expect(parseManualDate('31/12/2099')).toBe('2099-12-31');
  });

  it('refuses anything else', () => {
    for (const text of ['', '1/3/2025', '12/03/25', '29/02/2025', '31/04/2025', '00/01/2025', '31/12/1899', '01/01/2100', 'aa/bb/cccc', '12/03/2025 ']) {
      expect(parseManualDate(text), text).toBeNull();
    }
  });

  it('formats ISO dates back for the field', () => {
    expect(formatManualDate('2025-03-12')).toBe('12/03/2025');
    expect(formatManualDate(null)).toBe('');
  });
});

describe('range bounds', () => {
  it('spans whole Rome days with the tolerance, open ends allowed', () => {
    const bounds = rangeBounds('2025-07-01', '2025-07-01')!;
    expect(bounds.start).toBe(Date.parse('2025-07-01T00:00:00+02:00') - 3 * 3_600_000);
    expect(bounds.end).toBe(Date.parse('2025-07-02T00:00:00+02:00') - 1 + 3 * 3_600_000);
    expect(rangeBounds(null, null)).toBeNull();
    expect(rangeBounds(null, '2025-01-01')!.start).toBe(-Infinity);
  });
});
