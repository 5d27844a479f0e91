import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay, formatRate } from '../format';

// Intl writes a narrow no-break space before '%'; the figures compare on plain spaces.
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('nothing to show is shown as nothing', () => {
  it('has no rate for no value', () => {
    expect(formatRate(null)).toBe('');
    expect(formatRate(undefined)).toBe('');
    expect(plain(formatRate(0))).toBe('0 %');
  });

  it('has no day and no time for no value or an unreadable one', () => {
    expect(formatDay(null)).toBe('');
    expect(formatDay(undefined)).toBe('');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('ieri')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});

describe('dates given as Date objects', () => {
  it('are shown as their day and time in Rome', () => {
    const newYear = new Date(Date.UTC(2025, 11, 31, 23, 30));
    expect(formatDay(newYear)).toBe('01/01/2026');
    expect(formatDateTime(newYear)).toBe('01/01/2026 00:30');
    expect(formatDay(new Date(Number.NaN))).toBe('');
  });

  it('reads an instant at midnight UTC as its day in Rome, a plain day as itself', () => {
    expect(formatDay('2026-03-05T23:00:00Z')).toBe('06/03/2026');
    expect(formatDay('2026-03-05')).toBe('05/03/2026');
  });
});

describe('days that do not exist, and strings not in ISO form', () => {
  it('shows no day for a date the calendar does not have, rather than the one Date rolls to', () => {
    expect(formatDay('2026-02-30')).toBe(''); // Date would show 02/03/2026
    expect(formatDay('2026-02-29')).toBe(''); // 2026 is no leap year
    expect(formatDay('2026-04-31')).toBe(''); // April has 30 days
    expect(formatDay('2026-13-01')).toBe('');
    expect(formatDay('2026-00-10')).toBe('');
    expect(formatDay('2026-01-00')).toBe('');
    expect(formatDay('2026-02-30T10:00:00Z')).toBe('');
    expect(formatDateTime('2026-02-30T10:00:00Z')).toBe('');
    expect(formatDateTime('2026-04-31T08:00:00Z')).toBe('');
  });

  it('shows the days that do exist at the ends of the months', () => {
    expect(formatDay('2024-02-29')).toBe('29/02/2024');
    expect(formatDay('2026-02-28')).toBe('28/02/2026');
    expect(formatDay('2026-04-30')).toBe('30/04/2026');
    expect(formatDay('2026-01-31')).toBe('31/01/2026');
    // the last instant of 30 April in UTC is already 1 May in Rome: a real day, moved by the zone
    expect(formatDateTime('2026-04-30T22:30:00Z')).toBe('01/05/2026 00:30');
    expect(formatDay('2024-02-29T12:00:00Z')).toBe('29/02/2024');
  });

  it('reads only ISO days and instants: an Italian or short form is unreadable, not guessed', () => {
    expect(formatDay('05/03/2026')).toBe(''); // Date would read it as 3 May
    expect(formatDateTime('05/03/2026 10:00')).toBe('');
    expect(formatDay('2026-3-5')).toBe('');
    expect(formatDay('2026-03-05 10:00')).toBe('');
    expect(formatDay('x2026-03-05')).toBe('');
    expect(formatDay('2026-03-05x')).toBe('');
  });
});
