import { describe, expect, it } from 'vitest';
import { ledgerSummary, monthSeries, payout, romeDate } from '../money';

describe('an instant as its day in Rome', () => {
  it('moves across midnight with the time zone and says when it cannot read one', () => {
    expect(romeDate('2025-12-31T23:30:00Z')).toBe('01/01/2026');
    expect(romeDate('2026-07-01T21:59:00Z')).toBe('01/07/2026');
    expect(romeDate('2026-07-01T22:00:00Z')).toBe('02/07/2026');
    expect(romeDate('non una data')).toBe('—');
  });
});

describe('withholding rounds half up, away from zero', () => {
  it('rounds a reversal as its credit', () => {
    // 12,50 € at 23 % on half: 1,4375 € → 1,44 €; the reversal of −12,50 € withholds −1,44 €
    expect(payout(1250, 23, 50)).toEqual({ net: 1106, withholding: 144 });
    expect(payout(-1250, 23, 50)).toEqual({ net: -1106, withholding: -144 });
    expect(payout(1000, 23, 0)).toEqual({ net: 1000, withholding: 0 });
  });
});

describe('a ledger summary', () => {
  it('starts from the opening and counts a zero movement nowhere', () => {
    expect(ledgerSummary(10.5, [{ amount: 0 }, { amount: 2.25 }, { amount: -1 }])).toEqual({
      opening: 1050,
      credits: 225,
      debits: -100,
      closing: 1175,
    });
  });
});

describe('the month series', () => {
  it('ends on the last day given as a whole instant', () => {
    const series = monthSeries('2026-01-15', '2026-03-01T10:00:00Z', [{ month: '2026-03', amount: 5 }], 'it');
    expect(series.map((m) => m.amount)).toEqual([0, 0, 5]);
  });
});
