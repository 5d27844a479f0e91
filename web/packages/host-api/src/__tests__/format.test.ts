import { describe, expect, it } from 'vitest';
import { formatCents, formatDateTime, formatDay, formatEuro, formatRate } from '../format';

// Intl writes a narrow no-break space before '€'; the figures compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('money in it-IT', () => {
  it.each([
    [1050, '1.050,00 €'],
    [0.5, '0,50 €'],
    [1234567.891, '1.234.567,89 €'],
    [999.99, '999,99 €'],
  ])('groups thousands always: %s → %s', (value, shown) => {
    expect(plain(formatEuro(value))).toBe(shown);
  });

  it('shows cents as euros and nothing for no amount', () => {
    expect(plain(formatCents(105000))).toBe('1.050,00 €');
    expect(formatEuro(null)).toBe('');
    expect(formatEuro(Number.NaN)).toBe('');
    expect(formatCents(undefined)).toBe('');
  });

  it('writes rates with a decimal comma, not a point', () => {
    expect(plain(formatRate(23))).toBe('23 %');
    expect(plain(formatRate('22.25'))).toBe('22,25 %');
    expect(formatRate('x')).toBe('');
  });
});

describe('dates in the app format', () => {
  it('shows a calendar day as dd/mm/yyyy without moving it across time zones', () => {
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
    expect(formatDay('2026-12-31')).toBe('31/12/2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('non una data')).toBe('');
  });

  it('shows an instant as its day and time in Rome', () => {
    // 23:30 UTC on 31 December is 00:30 on 1 January in Rome (winter time, UTC+1).
    expect(formatDay('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(formatDateTime('2025-12-31T23:30:00Z')).toBe('01/01/2026 00:30');
    // Summer time: UTC+2.
    expect(formatDateTime('2026-07-01T10:05:00.123456Z')).toBe('01/07/2026 12:05');
  });
});
