import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrorsOf } from '../calls';
import { consultancyShare, emissionRequested, lineProducts, productFields, quotesOfLine, storedConsultancy, usrDataOf } from '../lines';

describe("a line's quotes and products", () => {
  it('are the quotes of the line in the collection, nothing else', () => {
    const collection = {
      a: { _id: 'a', type: 'noleggio-auto' },
      b: { _id: 'b', type: null },
      c: { _id: 'c', type: 'prestiti' },
      d: { _id: 'd', type: 'noleggio-auto' },
      e: { _id: 'e' },
    };
    expect(quotesOfLine(collection, 'noleggio-auto').map((q) => q._id)).toEqual(['a', 'd']);
    expect(quotesOfLine(collection, 'prestiti').map((q) => q._id)).toEqual(['c']);
  });

  it('are the active products of the line, by name, with their fields', () => {
    const products = {
      a: { _id: 'a', type: 'noleggio-auto', name: 'Noleggio privati', fields: [{ _id: 'nome' }, null] },
      b: { _id: 'b', type: 'noleggio-auto', name: 'Noleggio aziende', active: true },
      c: { _id: 'c', type: 'noleggio-auto', name: 'Vecchio', active: false },
      d: { _id: 'd', type: null, name: 'RC auto' },
      e: { _id: 'e', type: 'prestiti', name: 'Cessione del quinto' },
    };
    const found = lineProducts(products, 'noleggio-auto');
    expect(found.map((p) => p._id)).toEqual(['b', 'a']);
    expect(lineProducts(products, 'prestiti').map((p) => p._id)).toEqual(['e']);
    expect(productFields(found[1])).toEqual([{ _id: 'nome' }]);
    expect(productFields({ _id: 'x', fields: 'none' })).toEqual([]);
    expect(productFields(undefined)).toEqual([]);
  });
});

describe('createQuote', () => {
  it("keeps the filled values by field id as usrData, as the core form does", () => {
    expect(usrDataOf({ nome: 'Luca', cf: '', note: null, tags: [], ok: false, km: 0, none: undefined, targa: { value: 'AB123CD' } })).toEqual([
      { _id: 'nome', value: 'Luca' },
      { _id: 'ok', value: false },
      { _id: 'km', value: 0 },
      { _id: 'targa', value: { value: 'AB123CD' } },
    ]);
  });

  it('reads the message and the per-field messages of a refusal', () => {
    const refusal = Object.assign(new Error('Codice fiscale errato'), { errors: { cf: 'Codice fiscale errato', n: 3 } });
    expect(errorMessage(refusal)).toBe('Codice fiscale errato');
    expect(errorMessage('Rifiutato')).toBe('Rifiutato');
    expect(errorMessage({ message: 'no' })).toBe('');
    expect(fieldErrorsOf(refusal)).toEqual({ cf: 'Codice fiscale errato' });
    expect(fieldErrorsOf(Object.assign(new Error('x'), { errors: null }))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(fieldErrorsOf('x')).toEqual({});
  });
});

describe('the emission request', () => {
  it('keeps the consultancy asked for', () => {
    const quote = { _id: 'a', quote: { qFattura: 4 }, requestEmission: { by: 'u', at: 'x' } };
    expect(storedConsultancy(quote)).toBe(4);
    expect(storedConsultancy({ _id: 'b', quote: { qFattura: '12.40' } })).toBe(12.4);
    expect(emissionRequested(quote)).toBe(true);
  });

  it('is none on a quote without one, whatever is missing', () => {
    expect(storedConsultancy({ _id: 'x' })).toBeNull();
    expect(storedConsultancy({ _id: 'x', quote: [4] })).toBeNull();
    expect(storedConsultancy({ _id: 'x', quote: { qFattura: null } })).toBeNull();
    expect(emissionRequested({ _id: 'x', requestEmission: null })).toBe(false);
    expect(emissionRequested({ _id: 'x' })).toBe(false);
  });
});

describe("a collaborator's consultancy share", () => {
  it('reads provvConsulenza of the product first', () => {
    expect(consultancyShare({ default: 10, p1: { provvConsulenza: 50 } }, 'p1', 'noleggio-auto')).toBe(50);
    expect(consultancyShare({ p1: { provvConsulenza: '30' }, prestiti: { provvConsulenza: 50 } }, 'p1', 'prestiti')).toBe(30);
  });

  it('then the one under the line, as the server does', () => {
    expect(consultancyShare({ default: 10, 'noleggio-auto': { provvConsulenza: 40 } }, 'p1', 'noleggio-auto')).toBe(40);
    expect(consultancyShare({ prestiti: { provvConsulenza: 50 } }, 'p1', 'prestiti')).toBe(50);
  });

  it('then the default, then 0', () => {
    expect(consultancyShare({ default: 10, p1: { provvEmissione: 12 } }, 'p1', 'noleggio-auto')).toBe(10);
    expect(consultancyShare({ default: 20 }, 'p1', 'prestiti')).toBe(20);
    expect(consultancyShare({}, 'p1', 'noleggio-auto')).toBe(0);
    expect(consultancyShare(undefined, null, 'noleggio-auto')).toBe(0);
    expect(consultancyShare(null, 'p1', 'prestiti')).toBe(0);
  });

  it('accepts numeric text and keeps a product rate of 0', () => {
    expect(consultancyShare({ default: '12.5' }, 'p1', 'noleggio-auto')).toBe(12.5);
    expect(consultancyShare({ default: 10, p1: { provvConsulenza: 0 } }, 'p1', 'noleggio-auto')).toBe(0);
  });
});
