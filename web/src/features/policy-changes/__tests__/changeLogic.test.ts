import { describe, expect, it } from 'vitest';
import { cancellationBody, cancelledOn, EMPTY_CANCELLATION, EMPTY_ENDORSEMENT, endorsementBody, endorsementReady, receiptKind } from '../changeLogic';

describe('policy change bodies', () => {
  it('sends only the details of the subtype, trimmed, and the premium when given', () => {
    const draft = { ...EMPTY_ENDORSEMENT, effectiveOn: '2026-07-01', annualPremium: 1464, oldPlate: ' AB123CD ', newPlate: 'EF456GH', driver: 'ignored' };
    expect(endorsementBody('p1', draft, true)).toEqual({
      policyId: 'p1',
      subtype: 'veicolo',
      effectiveOn: '2026-07-01',
      annualPremium: 1464,
      description: '',
      details: { oldPlate: 'AB123CD', newPlate: 'EF456GH' },
      preview: true,
    });
    const moved = endorsementBody('p1', { ...EMPTY_ENDORSEMENT, subtype: 'indirizzo', effectiveOn: '2026-07-01', address: '' }, false);
    expect(moved).not.toHaveProperty('annualPremium');
    expect(moved.details).toEqual({});
    expect(endorsementReady(EMPTY_ENDORSEMENT)).toBe(false);
  });

  it('leaves the refund day to the server when not chosen', () => {
    const body = cancellationBody('p1', { ...EMPTY_CANCELLATION, cancelledOn: '2026-04-10', description: ' venduta ' }, false);
    expect(body).toEqual({ policyId: 'p1', cancelledOn: '2026-04-10', reason: 'vendita', description: 'venduta', preview: false });
  });

  it('reads the cancellation and the receipt kinds', () => {
    expect(cancelledOn({ _id: 'p', cancelledOn: '2026-04-10' })).toBe('2026-04-10');
    expect(cancelledOn({ _id: 'p', cancelledOn: null })).toBeNull();
    expect(receiptKind({ kind: 'rimborso', change: 'c' })).toBe('rimborso');
    expect(receiptKind({ SOSP: true })).toBeNull();
    expect(receiptKind(undefined)).toBeNull();
  });
});
