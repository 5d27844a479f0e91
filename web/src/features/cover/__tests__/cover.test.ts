import { describe, expect, it } from 'vitest';
import { addMonths, coverAt, daysBetween, daysLeft, endOfDay, hoursLeft, midnightWords, romeDay, startOfDay } from '../cover';
import shared from './shared-cases.json';

const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());

describe('the cover at the clock (art. 1901 c.c.), the cases Python runs too', () => {
  it.each(shared.cases)('$name', (c) => {
    const now = new Date(c.now);
    const cover = coverAt(c.rate, now);
    expect(cover.status).toBe(c.expected.status);
    expect(cover.since?.toISOString() ?? null).toBe(iso(c.expected.since));
    expect(cover.until?.toISOString() ?? null).toBe(iso(c.expected.until));
    expect(cover.instalment).toBe(c.expected.instalment);
    expect(hoursLeft(cover, now)).toBe(c.expected.hoursLeft);
  });
});

describe('days in Europe/Rome', () => {
  it('24:00 of a day is the next midnight, whatever the offset', () => {
    // 29/03/2026: clocks go forward; 30/03 00:00 is +02:00 = 29/03 22:00 UTC
    expect(endOfDay('2026-03-29').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 25/10/2026: clocks go back; 26/10 00:00 is +01:00 = 25/10 23:00 UTC
    expect(endOfDay('2026-10-25').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(startOfDay('2026-07-01').toISOString()).toBe('2026-06-30T22:00:00.000Z');
  });

  it('knows the day an instant falls on there', () => {
    expect(romeDay(new Date('2026-03-29T21:59:00Z'))).toBe('2026-03-29');
    expect(romeDay(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
  });

  it('moves by months holding the day to the month', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 6)).toBe('2026-07-31');
    expect(addMonths('2024-08-31', 6)).toBe('2025-02-28');
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
  });

  it('counts calendar days across a clock change and a month end', () => {
    // 14/03 → 29/03 is 15 days whatever the 23-hour day; 31/01 → 01/03 is 29 days (28 + 1)
    expect(daysBetween('2026-03-14', '2026-03-29')).toBe(15);
    expect(daysBetween('2026-03-14', '2026-03-30')).toBe(16);
    expect(daysBetween('2026-01-31', '2026-03-01')).toBe(29);
  });

  it('says a suspension as the article does', () => {
    // 16/02 00:00 is 24:00 of 15/02
    expect(midnightWords(new Date('2026-02-16T00:00:00+01:00'))).toBe('15/02/2026');
  });

  it('counts whole days of cover left', () => {
    // due 31/01, suspended from 16/02 00:00 +01:00; at 13/02 06:00 that is 2 days 18 hours
    const cover = coverAt([{ n: 1, cassa: '2025-12-31', paid: true, paidAt: '2025-12-31T10:00:00+01:00' }, { n: 2, cassa: '2026-01-31', paid: false }], new Date('2026-02-13T06:00:00+01:00'));
    expect(hoursLeft(cover, new Date('2026-02-13T06:00:00+01:00'))).toBe(66);
    expect(daysLeft(cover, new Date('2026-02-13T06:00:00+01:00'))).toBe(2);
  });
});
