import { describe, expect, it } from 'vitest';
import shared from './shared-cases.json';
import { fieldText } from '../../quotes/fieldText';
import { DEFAULT_POLICY_FILTERS, euros, filterPolicies, policyCustomer, policyTotals, toCents, type PolicyLike } from '../policyLogic';

const asPolicy = (c: (typeof shared.cases)[number]): PolicyLike => ({
  _id: c.name,
  premium: c.premium,
  paid: { v: c.paid, at: null },
  rate: c.rate.map((r, i) => ({ n: i + 1, cassa: r.cassa, price: { tot: r.tot }, paid: r.paid, info: 'sospesa' in r && r.sospesa ? { SOSP: true } : {} })),
});

describe('policy totals (the cases Python checks too)', () => {
  it.each(shared.cases)('$name', (c) => {
    expect(policyTotals(asPolicy(c), shared.today)).toEqual(c.expected);
  });
});

describe('money in cents', () => {
  it('reads euros without float drift', () => {
    expect(toCents(1000.07)).toBe(100007);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents('12')).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
  });

  // Intl separates the sign with a no-break space; compare with a plain one.
  const plain = (text: string) => text.replace(/\s/g, ' ');

  it('groups thousands in the shell as the host API does', () => {
    // 105000 cents = 1.050,00 € with the thousands point, never '1050,00 €'
    expect(plain(euros(105000))).toBe('1.050,00 €');
    expect(plain(fieldText('importo', 1050, (key) => key))).toBe('1.050,00 €');
    expect(plain(fieldText('massimale', 1000000, (key) => key))).toBe('1.000.000,00 €');
  });
});

const policy = (id: string, extra: Record<string, unknown>): PolicyLike => ({
  _id: id,
  pr: { usrData: [{ _id: 'Nome', value: 'Luca' }, { _id: 'Cognome', value: 'Bianchi' }, { _id: 'targa', value: { value: 'AB123CD' } }, { _id: 'cf', value: 'BNCLCU80A01H501Q' }] },
  ...extra,
});

describe('the policies list', () => {
  const today = new Date('2026-06-15T10:00:00Z');
  const soon = policy('a', { number: 'AZ-1', company: 'Allianz', endDate: '2026-06-20', aId: 'u1', rate: [{ n: 1, price: { tot: 1 }, paid: false, cassa: null }] });
  const later = policy('b', { number: 'GE-2', company: 'Generali', endDate: '2026-09-01', aId: 'u2', rate: [{ n: 1, price: { tot: 1 }, paid: true, cassa: null }] });
  const all = [later, soon];

  it('names the customer from Nome and Cognome', () => {
    expect(policyCustomer(soon)).toBe('Luca Bianchi');
  });

  it('sorts by end date and filters by search, company, collaborator, 16 days and unpaid', () => {
    const f = DEFAULT_POLICY_FILTERS;
    expect(filterPolicies(all, f, today).map((p) => p._id)).toEqual(['a', 'b']);
    expect(filterPolicies(all, { ...f, search: 'ge-2' }, today).map((p) => p._id)).toEqual(['b']);
    expect(filterPolicies(all, { ...f, search: 'ab123cd bianchi' }, today)).toHaveLength(2);
    expect(filterPolicies(all, { ...f, search: 'bnclcu80' }, today)).toHaveLength(2);
    expect(filterPolicies(all, { ...f, company: 'Allianz' }, today).map((p) => p._id)).toEqual(['a']);
    expect(filterPolicies(all, { ...f, collaborator: 'u2' }, today).map((p) => p._id)).toEqual(['b']);
    expect(filterPolicies(all, { ...f, expiring: true }, today).map((p) => p._id)).toEqual(['a']);
    expect(filterPolicies(all, { ...f, unpaid: true }, today).map((p) => p._id)).toEqual(['a']);
    expect(filterPolicies(all, { ...f, from: '2026-08-01T00:00:00.000Z', to: '2026-09-30T23:59:59.999Z' }, today).map((p) => p._id)).toEqual(['b']);
  });
});
