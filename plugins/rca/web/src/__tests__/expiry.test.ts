/**
 * Where a plate's policy stands on a day (src/lib/expiry.ts): covered to the expiry (alerting
 * within 16 days), then the 15 days' tolerance of art. 170-bis CAP up to `grazia`, then expired.
 */
import { describe, expect, it } from 'vitest';
import { addDays, coverOn, dayAndMonth, daysBetween, GRACE_DAYS, romeToday } from '../lib/expiry';
import type { PlatePolicy } from '../lib/records';

const policy: PlatePolicy = { _id: 'p1', numero: 'RCA-1', compagnia: 'Allianz', scadenza: '2025-06-30', grazia: '2025-07-15' };

describe('the cover on a day', () => {
  it.each<[string, string, boolean | null]>([
    ['2025-01-10', 'valid', false],
    ['2025-06-13', 'valid', false], // 17 days before: no alert yet
    ['2025-06-14', 'valid', true], // 16 days before: the alert window
    ['2025-06-30', 'valid', true], // the expiry day is covered
    ['2025-07-01', 'grace', null], // the day after: tolerance
    ['2025-07-15', 'grace', null], // the last day of the tolerance
    ['2025-07-16', 'expired', null],
    ['2026-01-01', 'expired', null],
  ])('on %s it is %s', (today, state, soon) => {
    const cover = coverOn(policy, today);
    expect(cover.state).toBe(state);
    if (cover.state === 'valid') expect(cover.soon).toBe(soon);
    if (cover.state !== 'none') expect([cover.scadenza, cover.grazia]).toEqual(['2025-06-30', '2025-07-15']);
  });

  it('takes the grace day from the server, or counts 15 days when it is missing', () => {
    expect(GRACE_DAYS).toBe(15);
    const without = { ...policy, grazia: '' };
    expect(coverOn(without, '2025-07-15')).toMatchObject({ state: 'grace', grazia: '2025-07-15' });
    expect(coverOn(without, '2025-07-16').state).toBe('expired');
    // across a month and a year end
    expect(coverOn({ ...without, scadenza: '2025-12-20' }, '2026-01-04')).toMatchObject({ state: 'grace', grazia: '2026-01-04' });
  });

  it('is none without a policy, or with a day it cannot read (abuse: nothing is guessed)', () => {
    expect(coverOn(null, '2025-07-01')).toEqual({ state: 'none' });
    expect(coverOn({ ...policy, scadenza: '30/06/2025' }, '2025-07-01')).toEqual({ state: 'none' });
    expect(coverOn(policy, 'oggi')).toEqual({ state: 'none' });
    expect(coverOn({ ...policy, scadenza: '2025-06-30T00:00:00Z' }, '2025-07-01')).toEqual({ state: 'none' });
  });
});

describe('days', () => {
  it('add days across months, years and a leap day', () => {
    expect(addDays('2025-06-30', 15)).toBe('2025-07-15');
    expect(addDays('2024-02-20', 15)).toBe('2024-03-06');
    expect(addDays('2025-02-20', 15)).toBe('2025-03-07');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('nonsense', 1)).toBe('');
  });

  it('count the days between two days', () => {
    expect(daysBetween('2025-06-14', '2025-06-30')).toBe(16);
    expect(daysBetween('2025-07-01', '2025-06-30')).toBe(-1);
    expect(daysBetween('2025-03-29', '2025-03-31')).toBe(2); // over the change to summer time
  });

  it("write the tolerance's last day as dd/mm", () => {
    expect(dayAndMonth('2025-07-15')).toBe('15/07');
    expect(dayAndMonth('')).toBe('');
  });

  it("take today as Rome's day, whatever the machine's zone", () => {
    expect(romeToday(new Date('2025-06-30T22:30:00Z'))).toBe('2025-07-01'); // 00:30 in Rome
    expect(romeToday(new Date('2025-12-31T22:59:00Z'))).toBe('2025-12-31'); // 23:59 in Rome
  });
});
