import { describe, expect, it } from 'vitest';
import shared from './shared-cases.json';
import { ledgerSummary, monthBounds, payout } from '../money';

describe('payout (the cases Python checks too)', () => {
  it.each(shared.payouts)('$gross cents at $ritenuta%', (c) => {
    expect(payout(c.gross, c.ritenuta)).toEqual({ net: c.net, withholding: c.withholding });
  });
});

describe('ledger summary (the cases Python checks too)', () => {
  it.each(shared.ledgers)('$name', (c) => {
    const summary = ledgerSummary(c.opening, c.amounts.map((amount) => ({ amount })));
    expect(summary).toMatchObject({ credits: c.credits, debits: c.debits, closing: c.closing });
  });
});

describe('month bounds', () => {
  it('runs from the 1st to the last day', () => {
    expect(monthBounds('2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(monthBounds('2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(monthBounds('2026-12')).toEqual(['2026-12-01', '2026-12-31']);
  });
});

describe('a linked report range', () => {
  it('takes a valid range and refuses the rest', async () => {
    const { linkedRange } = await import('../ReportPage');
    expect(linkedRange('2026-01-01', '2026-12-31')).toEqual(['2026-01-01', '2026-12-31']);
    expect(linkedRange('2026-12-31', '2026-01-01')).toBeNull();
    expect(linkedRange('1800-01-01', '2026-01-01')).toBeNull();
    expect(linkedRange('ieri', '2026-01-01')).toBeNull();
    expect(linkedRange(null, '2026-01-01')).toBeNull();
  });
});
