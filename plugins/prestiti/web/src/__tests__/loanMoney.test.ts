import { describe, expect, it } from 'vitest';
import { instalment, schedule, scheduleSummary } from '../lib/amortisation';
import { consultancyBounds, consultancyInEuro, firstInstalment } from '../lib/consultancy';
import { centsOf } from '@sportello/host-api';
import { formatPercent, netFlows, solveTaeg, taeg } from '../lib/taeg';
import cases from './loan-cases.json';

describe('loan figures (shared cases with the server)', () => {
  it.each(cases)('$name', (c) => {
    const plan = scheduleSummary(c.amount, c.tan, c.months);
    expect(plan).not.toBeNull();
    expect(plan?.instalment).toBe(c.expected.instalment);
    expect(plan?.lastInstalment).toBe(c.expected.lastInstalment);
    expect(plan?.totalInterest).toBe(c.expected.totalInterest);
    expect(plan?.totalPaid).toBe(c.expected.totalPaid);
    expect(taeg(c.amount, c.tan, c.months, c.costs)).toBe(c.expected.taeg);
    const bounds = consultancyInEuro(c.qMin, c.qMax, c.expected.instalment);
    expect(bounds).toEqual({
      low: c.expected.consultancy.low,
      high: c.expected.consultancy.high,
      midpoint: c.expected.consultancy.midpoint,
    });
    expect(firstInstalment(c.expected.instalment, c.expected.consultancy.midpoint)).toBe(c.expected.firstInstalment);
  });
});

describe('the plan', () => {
  it('is worked out by hand', () => {
    // 1.000 € at 12 %: rata 340,02; interest 10,00, 6,70, 3,37; the last 340,03
    const plan = schedule(1000, 12, 3);
    expect(plan?.rows.map((r) => [r.instalment, r.interest, r.principal, r.residual])).toEqual([
      [34002n, 1000n, 33002n, 66998n],
      [34002n, 670n, 33332n, 33666n],
      [34003n, 337n, 33666n, 0n],
    ]);
  });

  it('rounds half cents up where floating point would not', () => {
    // 2,01 / 2 = 1,005: floating point holds 1.00499999… and would round to 1,00
    expect(Math.round((2.01 / 2) * 100) / 100).toBe(1);
    expect(instalment(2.01, 0, 2)).toBe(1.01);
    expect(scheduleSummary(2.01, 0, 2)?.lastInstalment).toBe(1);
  });

  it('matches the lender example (Nordea: 1.500 € at 16 % over 36 months)', () => {
    expect(instalment(1500, 16, 36)).toBe(52.74);
  });

  it.each([
    [0, 5, 12],
    [-100, 5, 12],
    [10_000_000.01, 5, 12],
    [100.005, 5, 12],
    [Number.NaN, 5, 12],
    [Number.POSITIVE_INFINITY, 5, 12],
    [1000, -0.01, 12],
    [1000, 50.01, 12],
    [1000, Number.NaN, 12],
    [1000, 7.12345, 12],
    [1000, 1e-10, 480],
    [1000, 5, 0],
    [1000, 5, 481],
    [1000, 5, 12.5],
    [1, 0, 120], // the rounded rata would repay it by the 100th month
    [10000, 50, 480], // the rata would not cover the first month's interest
  ])('refuses %s € at %s %% over %s months, as the server', (amount, tan, months) => {
    expect(schedule(amount, tan, months)).toBeNull();
    expect(scheduleSummary(amount, tan, months)).toBeNull();
  });
});

describe('the TAEG', () => {
  it('matches the published examples', () => {
    // Directive 98/7/EC Annex III, third example: 1.000, then 600 after 12 and 24 months
    expect(solveTaeg([-100000, ...Array(11).fill(0), 60000, ...Array(11).fill(0), 60000])).toBe(13.07);
    // BBVA: 3.000 € at 0 % over 6 months, 45 € up front, 0,65 € a month: 5,80 %
    expect(taeg(3000, 0, 6, { upfront: 45, monthly: 0.65 })).toBe(5.8);
    // Nordea: 1.500 € at 16 % over 36 months, 45 € up front: 19,78 %
    expect(taeg(1500, 16, 36, { upfront: 45 })).toBe(19.78);
  });

  it('counts a required policy and the broker, not an optional policy', () => {
    const bare = taeg(10000, 6.5, 60);
    expect(taeg(10000, 6.5, 60, { insurance: 400 })).toBe(bare);
    expect(taeg(10000, 6.5, 60, { insurance: 400, insuranceRequired: true })).toBeGreaterThan(bare ?? 0);
    expect(taeg(10000, 6.5, 60, { broker: 150 })).toBeGreaterThan(bare ?? 0);
  });

  it('builds the flows: costs at the start, the broker with the first instalment', () => {
    const plan = schedule(1000, 12, 3);
    expect(plan && netFlows(plan, { upfront: 10, monthly: 1, broker: 5 })).toEqual([-99000, 34602, 34102, 34103]);
    expect(plan && netFlows(plan, { upfront: -1 })).toBeNull();
    expect(plan && netFlows(plan, { monthly: 0.001 })).toBeNull();
  });

  it('is 0 for a free loan and none for flows without a single rate', () => {
    expect(taeg(1000, 0, 3)).toBe(0);
    expect(solveTaeg([])).toBeNull();
    expect(solveTaeg([100, -50])).toBeNull();
    expect(solveTaeg([-100, 60, -10, 60])).toBeNull();
    expect(solveTaeg([-100, 60, 39])).toBeNull(); // less back than lent
    expect(solveTaeg([-1000, 5000])).toBeNull(); // 244 million per cent
  });

  it('is shown as the documents state it', () => {
    expect(formatPercent(8.29).replace(/\s/g, ' ')).toBe('8,29 %');
    expect(formatPercent(7).replace(/\s/g, ' ')).toBe('7,00 %');
    expect(formatPercent(null)).toBe('');
  });
});

describe('the consultancy in euro', () => {
  it('is worked out by hand', () => {
    // rata 285,40 €, 1 %..4 %: 2,854 → 2,85; 11,416 → 11,42; 2,5 %: 7,135 → 7,14
    expect(consultancyInEuro(1, 4, 285.4)).toEqual({ low: 2.85, high: 11.42, midpoint: 7.14 });
    expect(firstInstalment(285.4, 7.14)).toBe(292.54);
  });

  it('reads the company on the product', () => {
    const companies = { 'Banca Sella': { qMin: 1, qMax: '4' }, Rotta: { qMin: 5, qMax: 2 }, Vuota: {} };
    expect(consultancyBounds(companies, 'Banca Sella', 285.4)).toEqual({ low: 2.85, high: 11.42, midpoint: 7.14 });
    for (const company of ['Rotta', 'Vuota', 'Assente', '', null]) {
      expect(consultancyBounds(companies, company, 285.4)).toBeNull();
    }
    expect(consultancyBounds(null, 'Banca Sella', 285.4)).toBeNull();
  });

  it('refuses what the server refuses', () => {
    expect(consultancyInEuro(-1, 4, 100)).toBeNull();
    expect(consultancyInEuro(1, 4, 0)).toBeNull();
    expect(consultancyInEuro(1, 4, 100.001)).toBeNull();
    expect(firstInstalment(100, -1)).toBeNull();
    expect(firstInstalment(0, 1)).toBeNull();
  });
});

describe('every plan adds up (seeded sweep)', () => {
  it('repays exactly the amount, each row its interest and principal', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let i = 0; i < 300; i += 1) {
      const amount = Math.round((1000 + next() * 99_000) * 100) / 100;
      const tan = Math.round(next() * 2500) / 100;
      const months = 1 + Math.floor(next() * 120);
      const plan = schedule(amount, tan, months);
      expect(plan).not.toBeNull();
      if (!plan) continue;
      expect(plan.rows.reduce((sum, row) => sum + row.principal, 0n)).toBe(centsOf(amount));
      expect(plan.rows[plan.rows.length - 1]?.residual).toBe(0n);
      for (const row of plan.rows) expect(row.instalment).toBe(row.interest + row.principal);
      expect(taeg(amount, tan, months)).toBeGreaterThanOrEqual(tan);
    }
  });
});
