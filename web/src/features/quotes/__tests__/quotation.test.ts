import { describe, expect, it } from 'vitest';
import { emissionOf, offersOf, policyIdOf } from '../quotation';
import { DEFAULT_FILTERS, filterQuotes } from '../quoteLogic';

describe('quotation', () => {
  const quote = {
    _id: 'q1',
    price: { company: { Allianz: { tot: 1000.07, note: 'Cristalli', frazionamento: 'MEN' }, Generali: { nPolizza: 'x' }, Unipol: { tot: 950 } } },
    quote: { emission: { state: 2, company: 'Allianz', premium: 1012.5, original: 1000.07 } },
  };

  it('lists the offers that carry a premium, with their frequency (yearly by default)', () => {
    expect(offersOf(quote)).toEqual([
      { company: 'Allianz', tot: 1000.07, note: 'Cristalli', frazionamento: 'MEN' },
      { company: 'Unipol', tot: 950, note: '', frazionamento: 'ANN' },
    ]);
    expect(offersOf({ _id: 'q2' })).toEqual([]);
  });

  it('reads the emission and the issued policy', () => {
    expect(emissionOf(quote).state).toBe(2);
    expect(emissionOf({ _id: 'q2' })).toEqual({});
    expect(policyIdOf(quote)).toBeNull();
    expect(policyIdOf({ _id: 'q3', quote: { policyId: 'p1' } })).toBe('p1');
  });
});

describe('the quote tabs once policies are issued', () => {
  const at = '2026-11-01T10:00:00Z';
  const quotes = [
    { _id: 'open', at },
    { _id: 'asked', at, requestEmission: { at } },
    { _id: 'issued', at, requestEmission: { at }, quote: { policyId: 'p1' } },
  ];
  const ids = (tab: 'preventivi' | 'richieste' | 'emissioni') => filterQuotes(quotes, { ...DEFAULT_FILTERS, tab }).map((q) => q._id);

  it('PREVENTIVI: not requested; RICHIESTE DI EMISSIONE: waiting; EMISSIONI: issued', () => {
    expect(ids('preventivi')).toEqual(['open']);
    expect(ids('richieste')).toEqual(['asked']);
    expect(ids('emissioni')).toEqual(['issued']);
  });
});
