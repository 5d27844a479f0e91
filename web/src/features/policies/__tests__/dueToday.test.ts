import { describe, expect, it } from 'vitest';
import { policyTotals, type PolicyLike } from '../policyLogic';

// An instalment whose cassa date is today is due now, next to the overdue ones (the server's
// rule in core/domain/policies/links.py). Amounts in euros, expectations in cents, by hand.
const TODAY = '2026-03-29';

const policy = (rate: { tot: number; cassa: string; paid?: boolean; sosp?: boolean }[]): PolicyLike => ({
  _id: 'p',
  premium: rate.reduce((sum, r) => sum + r.tot, 0),
  rate: rate.map((r, i) => ({ n: i + 1, cassa: r.cassa, price: { tot: r.tot }, paid: Boolean(r.paid), info: r.sosp ? { SOSP: true } : {} })),
});

describe('an instalment due today', () => {
  it('is due with the overdue one (100 + 50), the next month is not', () => {
    const found = policyTotals(policy([{ tot: 100, cassa: '2026-02-26' }, { tot: 50, cassa: TODAY }, { tot: 70, cassa: '2026-04-29' }]), TODAY);
    expect(found).toEqual({ paid: 0, unpaid: 22000, due: 15000 });
  });

  it('counts when its cassa is an instant of today', () => {
    const found = policyTotals(policy([{ tot: 100, cassa: '2026-02-26T00:00:00' }, { tot: 50, cassa: `${TODAY}T00:00:00` }]), TODAY);
    expect(found.due).toBe(15000);
  });

  it('adds up with another one due today, a paid one left out', () => {
    const found = policyTotals(policy([{ tot: 100, cassa: '2026-02-26', paid: true }, { tot: 40, cassa: TODAY }, { tot: 0.01, cassa: TODAY }, { tot: 9, cassa: '2026-03-30' }]), TODAY);
    expect(found).toEqual({ paid: 10000, unpaid: 4901, due: 4001 });
  });

  it('is not asked for when suspended', () => {
    const found = policyTotals(policy([{ tot: 100, cassa: '2026-02-26' }, { tot: 50, cassa: TODAY, sosp: true }, { tot: 70, cassa: '2026-04-29' }]), TODAY);
    expect(found.due).toBe(10000);
  });

  it('tomorrow is not due yet: the overdue one alone', () => {
    const found = policyTotals(policy([{ tot: 100, cassa: '2026-02-26' }, { tot: 50, cassa: '2026-03-30' }]), TODAY);
    expect(found.due).toBe(10000);
  });
});
