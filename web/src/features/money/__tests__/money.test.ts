import { describe, expect, it } from 'vitest';
import shared from './shared-cases.json';
import { ledgerSummary, monthBounds, payout } from '../money';

describe('payout (the cases Python checks too)', () => {
  it.each(shared.payouts)('$note', (c) => {
    expect(payout(c.gross, c.ritenuta, c.base)).toEqual({ net: c.net, withholding: c.withholding });
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

describe('the month series of the report chart', () => {
  it('has every month of the range, the empty ones at 0, in the user language', async () => {
    const { monthSeries } = await import('../money');
    const series = monthSeries('2025-11-26', '2026-02-10', [{ month: '2026-01', amount: 12.5 }], 'it');
    expect(series.map((m) => m.amount)).toEqual([0, 0, 12.5, 0]);
    expect(series[0]?.label).toMatch(/nov.*25/);
    expect(monthSeries('2026-03-01', '2026-03-31', [], 'en')[0]?.label).toMatch(/Mar.*26/);
  });

  it('stays bounded over a very long range', async () => {
    const { monthSeries } = await import('../money');
    expect(monthSeries('1900-01-01', '2099-12-31', [], 'it')).toHaveLength(240);
  });
});

describe('the months a statement is asked for', () => {
  it('run back from the current month across years, labelled in the language, not the browser', async () => {
    const { monthChoices } = await import('../money');
    const months = monthChoices('2026-02', 3, 'it-IT');
    expect(months.map((m) => m.value)).toEqual(['2026-02', '2026-01', '2025-12']);
    expect(months.map((m) => m.label)).toEqual(['febbraio 2026', 'gennaio 2026', 'dicembre 2025']);
    expect(monthChoices('2026-02', 1, 'en')[0]!.label).toBe('February 2026');
  });
});
