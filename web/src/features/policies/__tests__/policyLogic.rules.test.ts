import { describe, expect, it } from 'vitest';
import {
  DEFAULT_POLICY_FILTERS,
  filterPolicies,
  hasUnpaid,
  instalmentsOf,
  policyCustomer,
  policySearchText,
  policyTotals,
  romeToday,
  shortDate,
  type Instalment,
  type PolicyLike,
} from '../policyLogic';

const rata = (n: number, cassa: string | null, tot: number, paid = false, sosp = false): Instalment => ({
  n,
  cassa,
  price: { tot },
  paid,
  info: sosp ? { SOSP: true } : {},
});

describe('the customer of a policy', () => {
  it('is Nome and Cognome, else a nome entry', () => {
    const usrData = [
      { _id: 'Nome', value: '  Anna ' },
      { _id: 'Cognome', value: 'Bianchi' },
    ];
    expect(policyCustomer({ _id: 'p', pr: { usrData } })).toBe('Anna Bianchi');
    expect(policyCustomer({ _id: 'p', pr: { usrData: [{ _id: 'Cognome', value: 'Bianchi' }] } })).toBe('Bianchi');
    expect(policyCustomer({ _id: 'p', pr: { usrData: [{ _id: 'nome', value: 'Rossi Srl' }] } })).toBe('Rossi Srl');
    expect(policyCustomer({ _id: 'p', pr: { usrData: [{ _id: 'Nome', value: 7 }] } })).toBe('');
    expect(policyCustomer({ _id: 'p', pr: { usrData: 'x' } })).toBe('');
    expect(policyCustomer({ _id: 'p' })).toBe('');
  });

  it('is searched with the number, the company and every customer value', () => {
    const policy = {
      _id: 'p',
      number: 'POL-9',
      company: 'Allianz',
      pr: { usrData: [{ _id: 'Nome', value: 'Anna' }, { _id: 'Eta', value: 42 }, { _id: 'Targa', value: { value: 'AB123CD' } }, { _id: 'x', value: null }, { _id: 'y', value: { value: 3 } }] },
    };
    expect(policySearchText(policy)).toBe('pol-9 allianz anna 42 ab123cd');
    expect(instalmentsOf({ _id: 'p', rate: 'x' })).toEqual([]);
  });
});

describe('what a policy has paid and owes on a day', () => {
  const today = '2026-03-10';

  it('counts an instalment due today as due', () => {
    const policy = { _id: 'p', rate: [rata(1, '2026-03-10T00:00:00Z', 100), rata(2, '2026-09-10', 50)] };
    expect(policyTotals(policy, today)).toEqual({ paid: 0, unpaid: 15000, due: 10000 });
  });

  it('sums every instalment already due, and only the next one when none is', () => {
    const overdue = { _id: 'p', rate: [rata(1, '2026-01-10', 100), rata(2, '2026-02-10', 60), rata(3, '2026-04-10', 50)] };
    expect(policyTotals(overdue, today)).toEqual({ paid: 0, unpaid: 21000, due: 16000 });
    const ahead = { _id: 'p', rate: [rata(1, '2026-01-10', 100, true), rata(2, null, 60), rata(3, '2026-04-10', 50)] };
    expect(policyTotals(ahead, today)).toEqual({ paid: 10000, unpaid: 11000, due: 6000 });
  });

  it('leaves suspended instalments out of what is due', () => {
    const policy = { _id: 'p', rate: [rata(1, '2026-01-10', 100, false, true), rata(2, '2026-04-10', 50)] };
    expect(policyTotals(policy, today)).toEqual({ paid: 0, unpaid: 15000, due: 5000 });
    const allSuspended = { _id: 'p', rate: [rata(1, '2026-01-10', 100, false, true)] };
    expect(policyTotals(allSuspended, today)).toEqual({ paid: 0, unpaid: 10000, due: 0 });
  });

  it('reads a single payment from the premium', () => {
    expect(policyTotals({ _id: 'p', premium: 80.5, paid: { v: true } }, today)).toEqual({ paid: 8050, unpaid: 0, due: 0 });
    expect(policyTotals({ _id: 'p', premium: 80.5, paid: { v: false } }, today)).toEqual({ paid: 0, unpaid: 8050, due: 8050 });
    expect(policyTotals({ _id: 'p', premium: 80.5 }, today)).toEqual({ paid: 0, unpaid: 8050, due: 8050 });
  });

  it('tells a policy with something left to pay', () => {
    expect(hasUnpaid({ _id: 'p', rate: [rata(1, today, 1, true), rata(2, today, 1)] })).toBe(true);
    expect(hasUnpaid({ _id: 'p', rate: [rata(1, today, 1, true)] })).toBe(false);
    expect(hasUnpaid({ _id: 'p', paid: { v: false } })).toBe(true);
    expect(hasUnpaid({ _id: 'p', paid: { v: true } })).toBe(false);
  });
});

describe('the policy list', () => {
  const today = new Date('2026-03-10T10:00:00Z');
  const policies: PolicyLike[] = [
    { _id: 'c', endDate: '2026-03-20', company: 'Allianz', aId: 'ag1', number: 'N-1', paid: { v: true } },
    { _id: 'b', endDate: '2026-03-20', company: 'Generali', agId: 'ag1', number: 'N-2', paid: { v: false } },
    { _id: 'a', company: 'Allianz', aId: 'ag2', number: 'N-3', paid: { v: true } },
    { _id: 'd', endDate: '2026-06-01', company: 'Allianz', aId: 'ag2', number: 'N-4 Rossi', paid: { v: true } },
  ];
  const ids = (found: PolicyLike[]) => found.map((p) => p._id);

  it('sorts by end date, the id breaking ties, undated last', () => {
    expect(ids(filterPolicies(policies, DEFAULT_POLICY_FILTERS, today))).toEqual(['b', 'c', 'd', 'a']);
  });

  it('filters by company, collaborator (agent or parent), unpaid, expiring and end date', () => {
    const only = (change: Partial<typeof DEFAULT_POLICY_FILTERS>) => ids(filterPolicies(policies, { ...DEFAULT_POLICY_FILTERS, ...change }, today));
    expect(only({ company: 'Allianz' })).toEqual(['c', 'd', 'a']);
    expect(only({ collaborator: 'ag1' })).toEqual(['b', 'c']);
    expect(only({ unpaid: true })).toEqual(['b']);
    expect(only({ expiring: true })).toEqual(['b', 'c']);
    expect(only({ from: '2026-03-21' })).toEqual(['d']);
    expect(only({ to: '2026-03-20' })).toEqual(['b', 'c']);
    expect(only({ from: '2026-03-20', to: '2026-03-20' })).toEqual(['b', 'c']);
  });

  it('matches every word of the search, in the extra text too', () => {
    const search = (text: string, extra?: (p: PolicyLike) => string) => ids(filterPolicies(policies, { ...DEFAULT_POLICY_FILTERS, search: text }, today, extra));
    expect(search('  allianz   rossi ')).toEqual(['d']);
    expect(search('allianz verdi')).toEqual([]);
    expect(search('verdi', (p) => (p._id === 'a' ? 'Luca VERDI' : ''))).toEqual(['a']);
  });
});

describe('days', () => {
  it('are shown dd/mm/yyyy, a dash when there is none', () => {
    expect(shortDate('2026-03-05T10:00:00Z')).toBe('05/03/2026');
    expect(shortDate('2026-03')).toBe('—');
    expect(shortDate(20260305)).toBe('—');
  });

  it('today is the day in Rome', () => {
    expect(romeToday(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(romeToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});

describe('instalments as stored', () => {
  it('may lack their notes and their price', () => {
    const bare = { _id: 'p', rate: [{ n: 1, cassa: '2026-01-10', paid: false }, { n: 2, cassa: '2026-04-10', price: { tot: 5 }, paid: false }] };
    expect(policyTotals(bare as unknown as PolicyLike, '2026-03-10')).toEqual({ paid: 0, unpaid: 500, due: 0 });
    expect(hasUnpaid({ _id: 'p' })).toBe(true);
  });

  it('count one due today among those already due, whatever the time written after the day', () => {
    const policy = { _id: 'p', rate: [rata(1, '2026-01-10', 100), rata(2, '2026-03-10T08:30:00Z', 60), rata(3, '2026-03-11', 50)] };
    expect(policyTotals(policy, '2026-03-10')).toEqual({ paid: 0, unpaid: 21000, due: 16000 });
  });
});

describe('the list search and order', () => {
  it('ignores the case of the words searched', () => {
    const found = filterPolicies([{ _id: 'a', company: 'Allianz' }, { _id: 'b', company: 'Generali' }], { ...DEFAULT_POLICY_FILTERS, search: 'ALLIANZ' }, new Date());
    expect(found.map((p) => p._id)).toEqual(['a']);
  });

  it('orders policies ending the same day by id', () => {
    const same = ['e', 'b', 'd', 'a', 'c'].map((id) => ({ _id: id, endDate: '2026-05-01' }));
    expect(filterPolicies(same, DEFAULT_POLICY_FILTERS, new Date()).map((p) => p._id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shows a year alone as no day', () => {
    expect(shortDate('2026')).toBe('—');
    expect(shortDate('2026-03-')).toBe('—');
  });
});
