import { describe, expect, it } from 'vitest';
import { reasonOk, type Receipt, receiptUrl, stateColor, summaryOf } from '../precontract';

const receipt = (extra: Partial<Receipt> = {}): Receipt => ({
  setId: 's', version: 1, madeAt: '2026-11-29T10:00:00Z', email: 'm@x.it', documents: [],
  confirmation: null, override: null, codesSent: 0, ...extra,
});

describe('the office pre-contract card', () => {
  it('reads the summary the quote carries on its stream', () => {
    expect(summaryOf({ quote: { precontratto: { version: 2, state: 'confermati' } } })).toEqual({ version: 2, state: 'confermati' });
    expect(summaryOf({ quote: {} })).toBeNull();
    expect(summaryOf({})).toBeNull();
  });

  it('colours a version by what became of it', () => {
    expect(stateColor(receipt())).toBe('gray');
    expect(stateColor(receipt({ override: { at: 'x', by: 'a', byName: 'A', reason: 'r' } }))).toBe('orange');
    expect(stateColor(receipt({ confirmation: { at: 'x', address: '1.2.3.4', channel: 'email', hashes: [] } }))).toBe('green');
  });

  it('accepts a reason of 10 to 500 characters once trimmed', () => {
    expect(reasonOk('   corto   ')).toBe(false);
    expect(reasonOk('consegnati a mano')).toBe(true);
    expect(reasonOk('x'.repeat(501))).toBe(false);
    expect(receiptUrl('q1', 3)).toBe('/api/quotes/q1/precontract/3/receipt');
  });
});
