import { describe, expect, it } from 'vitest';
import type { ReconciliationLine } from '../api';
import { differencesFirst, isReconciliation, previousMonth } from '../remittanceLogic';

const line = (id: string, result: ReconciliationLine['result'], resolved = false): ReconciliationLine => ({
  _id: id, number: id, instalment: 1, lines: '', result, ourGross: null, ourCommission: null,
  theirGross: null, theirCommission: null, resolved, note: '',
});

describe('remittances screen rules', () => {
  it('lists open differences, then resolved ones, then matches', () => {
    const sorted = differencesFirst([line('a', 'ok'), line('b', 'importo_diverso', true), line('c', 'non_incassato'), line('d', 'ok')]);
    expect(sorted.map((l) => l._id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('takes the month before today, across the year', () => {
    expect(previousMonth('2026-11-29')).toBe('2026-10');
    expect(previousMonth('2027-01-05')).toBe('2026-12');
  });

  it('tells an empty answer from a reconciliation', () => {
    expect(isReconciliation({})).toBe(false);
    expect(isReconciliation(null)).toBe(false);
    expect(isReconciliation({ _id: 'r', fileName: '', importedAt: '', lines: 0, ok: 0, differences: 0, open: 0, items: [], truncated: false })).toBe(true);
  });
});
