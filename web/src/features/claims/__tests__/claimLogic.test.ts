import { describe, expect, it } from 'vitest';
import {
  asClaim,
  cleanCounterparties,
  daysBetween,
  DEFAULT_CLAIM_FILTERS,
  filterClaims,
  reportDeadline,
  statusChoices,
  type Claim,
  type ClaimStatus,
} from '../claimLogic';
import { officeChanges, officeOf } from '../office';

const open = (reportBy: string, reportedOn: string | null = null, status: ClaimStatus = 'aperto') => ({ reportBy, reportedOn, status });

describe('daysBetween (calendar days, whatever the clock change)', () => {
  it.each([
    ['2026-03-02', '2026-03-05', 3],
    ['2026-03-27', '2026-03-30', 3], // summer time starts on 29 March 2026
    ['2026-10-24', '2026-10-26', 2], // and ends on 25 October
    ['2025-12-30', '2026-01-02', 3], // over the new year
    ['2028-02-27', '2028-03-01', 3], // 2028 has a 29 February
    ['2027-02-27', '2027-03-01', 2], // 2027 has none
    ['2026-03-05', '2026-03-02', -3],
    ['2026-03-05', '2026-03-05', 0],
  ])('%s → %s: %i', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('reportDeadline (art. 1913 c.c., counted on the day shown)', () => {
  it('counts the days left while there are some', () => {
    // known on Monday 2 March 2026: three days, the last one Thursday 5 March
    expect(reportDeadline(open('2026-03-05'), '2026-03-02')).toEqual({ kind: 'due', by: '2026-03-05', days: 3 });
    expect(reportDeadline(open('2026-03-05'), '2026-03-04')).toEqual({ kind: 'due', by: '2026-03-05', days: 1 });
  });

  it('says when today is the last day', () => {
    expect(reportDeadline(open('2026-03-05'), '2026-03-05')).toEqual({ kind: 'today', by: '2026-03-05' });
  });

  it('is late once the last day has passed without a report', () => {
    expect(reportDeadline(open('2026-03-05'), '2026-03-06')).toEqual({ kind: 'late', by: '2026-03-05', days: 1 });
    // a deadline moved past a Sunday (known on Thursday 1 January 2026, last day Monday 5)
    expect(reportDeadline(open('2026-01-05'), '2026-01-09')).toEqual({ kind: 'late', by: '2026-01-05', days: 4 });
    expect(reportDeadline(open('2026-01-05', null, 'in_istruttoria'), '2026-01-09').kind).toBe('late');
  });

  it('shows the report once made, late or in time', () => {
    expect(reportDeadline(open('2026-03-05', '2026-03-04'), '2026-03-20')).toEqual({ kind: 'reported', by: '2026-03-05', on: '2026-03-04', late: false });
    expect(reportDeadline(open('2026-03-05', '2026-03-05'), '2026-03-20')).toEqual({ kind: 'reported', by: '2026-03-05', on: '2026-03-05', late: false });
    expect(reportDeadline(open('2026-03-05', '2026-03-09'), '2026-03-20')).toEqual({ kind: 'reported', by: '2026-03-05', on: '2026-03-09', late: true });
  });

  it('asks nothing of a claim closed without a report', () => {
    expect(reportDeadline(open('2026-03-05', null, 'senza_seguito'), '2026-04-01')).toEqual({ kind: 'closed', by: '2026-03-05' });
    expect(reportDeadline(open('2026-03-05', null, 'respinto'), '2026-03-01')).toEqual({ kind: 'closed', by: '2026-03-05' });
  });
});

describe('the list', () => {
  const claim = (id: string, status: ClaimStatus, openedAt: string, more: Partial<Claim> = {}): Claim =>
    asClaim({ _id: id, status, openedAt, customer: 'Mario Rossi', policyNumber: 'AZ-1', company: 'Allianz', place: '', counterparties: [], companyClaimNumber: null, ...more });
  const claims = [
    claim('a', 'aperto', '2026-03-01T10:00:00+00:00'),
    claim('b', 'in_istruttoria', '2026-03-03T10:00:00+00:00', { customer: 'Luca Bianchi', companyClaimNumber: 'SX-778' }),
    claim('c', 'aperto', '2026-03-02T10:00:00+00:00', { counterparties: [{ name: 'Anna Verdi', plate: 'AB123CD', vehicle: 'Fiat Panda', company: 'Generali' }] }),
    claim('d', 'liquidato', '2026-02-01T10:00:00+00:00', { place: 'Milano, via Roma' }),
  ];
  const ids = (list: Claim[]) => list.map((c) => c._id);

  it('puts the newest first', () => {
    expect(ids(filterClaims(claims, DEFAULT_CLAIM_FILTERS))).toEqual(['b', 'c', 'a', 'd']);
  });

  it('filters by status, by waiting on the office and by words', () => {
    expect(ids(filterClaims(claims, { ...DEFAULT_CLAIM_FILTERS, status: 'liquidato' }))).toEqual(['d']);
    expect(ids(filterClaims(claims, { ...DEFAULT_CLAIM_FILTERS, waiting: true }))).toEqual(['c', 'a']);
    expect(ids(filterClaims(claims, { ...DEFAULT_CLAIM_FILTERS, waiting: true, status: 'in_istruttoria' }))).toEqual([]);
    expect(ids(filterClaims(claims, { ...DEFAULT_CLAIM_FILTERS, search: 'ab123' }))).toEqual(['c']);
    expect(ids(filterClaims(claims, { ...DEFAULT_CLAIM_FILTERS, search: ' sx-778 ' }))).toEqual(['b']);
    expect(ids(filterClaims(claims, { ...DEFAULT_CLAIM_FILTERS, search: 'rossi milano' }))).toEqual(['d']);
  });
});

describe('the office form and the facts', () => {
  it('offers the status itself and where it may go next', () => {
    expect(statusChoices('aperto')).toEqual(['aperto', 'in_istruttoria', 'liquidato', 'senza_seguito', 'respinto']);
    expect(statusChoices('in_istruttoria')).toEqual(['in_istruttoria', 'liquidato', 'senza_seguito', 'respinto']);
    expect(statusChoices('respinto')).toEqual(['respinto', 'in_istruttoria']);
  });

  it('sends only the counterparties with something written, trimmed', () => {
    expect(
      cleanCounterparties([
        { name: ' Anna Verdi ', plate: 'ab 123cd', vehicle: '', company: '' },
        { name: ' ', plate: '', vehicle: '', company: '' },
      ]),
    ).toEqual([{ name: 'Anna Verdi', plate: 'AB 123CD', vehicle: '', company: '' }]);
  });
});

describe("the office's changes", () => {
  const claim = asClaim({ _id: 's1', status: 'aperto', companyClaimNumber: null, reportedOn: null, responsibility: null, reserve: 0, paid: 0 });

  it('sends nothing for an untouched form', () => {
    expect(officeChanges(claim, officeOf(claim))).toEqual({});
  });

  it('sends only what changed, an emptied text as null and an emptied amount not at all', () => {
    const draft = { ...officeOf(claim), companyClaimNumber: ' SX-1 ', status: 'in_istruttoria' as const, reserve: null, paid: 1250.5 };
    expect(officeChanges(claim, draft)).toEqual({ companyClaimNumber: 'SX-1', status: 'in_istruttoria', paid: 1250.5 });
    const numbered = asClaim({ ...claim, companyClaimNumber: 'SX-1', responsibility: 'paritaria' });
    expect(officeChanges(numbered, { ...officeOf(numbered), companyClaimNumber: '  ', responsibility: '' })).toEqual({ companyClaimNumber: null, responsibility: null });
  });
});
