/** A quote started elsewhere with customer fields filled in: the link a module makes, the state the shell reads. */
import { describe, expect, it } from 'vitest';
import { MAX_PREFILL, NEW_QUOTE_PATH, newQuoteLink, prefillOf } from '../newQuote';

describe('a prefilled new quote', () => {
  it('goes to Nuova quotazione with the product preselected and the values in the state', () => {
    const targa = { value: 'AB123CD', tipoBersani: 'autovettura' };
    expect(newQuoteLink('p 1/x', { targa, marcamodello: { brand: 'Fiat', model: 'Panda' } })).toEqual({
      to: '/prodotti?p=p%201%2Fx',
      state: { prefill: { targa, marcamodello: { brand: 'Fiat', model: 'Panda' } } },
    });
    expect(newQuoteLink(null, {}).to).toBe(NEW_QUOTE_PATH);
  });

  it('reads the values of a state, whatever else it holds', () => {
    expect(prefillOf({ prefill: { nome: 'Luca', anno: 2019, nuovo: false }, other: 1 })).toEqual({ nome: 'Luca', anno: 2019, nuovo: false });
    for (const state of [undefined, null, 'x', 3, [], { prefill: null }, { prefill: ['a'] }, { prefill: 'targa' }, { other: {} }]) {
      expect(prefillOf(state)).toEqual({});
    }
  });

  it('leaves out empty values, odd keys and entries past the first hundred', () => {
    expect(prefillOf({ prefill: { a: '', b: null, c: undefined, d: 0, ['x'.repeat(65)]: 1, ['y'.repeat(64)]: 2 } })).toEqual({ d: 0, ['y'.repeat(64)]: 2 });
    const proto = JSON.parse('{"prefill": {"__proto__": {"polluted": true}, "nome": "Luca"}}') as unknown;
    const read = prefillOf(proto);
    expect(read).toEqual({ nome: 'Luca' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i + 1]));
    expect(Object.keys(prefillOf({ prefill: many }))).toHaveLength(MAX_PREFILL);
  });
});
