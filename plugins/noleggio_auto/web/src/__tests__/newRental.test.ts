import { describe, expect, it } from 'vitest';
import { asCar } from '../lib/catalogue';
import { choicesWith, createQuoteBody, fieldErrorsOf, isListOffer, listTerms, productFields, rentalProducts, usrDataOf } from '../lib/newRental';

const car = asCar({
  _id: 'c1',
  car_fullname: 'Fiat 500 Hybrid',
  company: 'Leasys',
  price: { durata: 36, km_annuali: 15000, canone: 289, anticipo: 2500 },
  active: true,
});

describe('usrData', () => {
  it('keeps the filled values by field id, as the core form does', () => {
    expect(usrDataOf({ nome: 'Luca', cf: '', note: null, tags: [], ok: false, km: 0, targa: { value: 'AB123CD' } })).toEqual([
      { _id: 'nome', value: 'Luca' },
      { _id: 'ok', value: false },
      { _id: 'km', value: 0 },
      { _id: 'targa', value: { value: 'AB123CD' } },
    ]);
  });
});

describe('createQuote', () => {
  it('carries the car and terms, and aId only for someone else', () => {
    const terms = { durata: 48, km_annuali: 20000, anticipo: null };
    expect(createQuoteBody({ productId: 'p1', agentId: null, values: { nome: 'Luca' }, car, terms })).toEqual({
      pId: 'p1',
      usrData: [{ _id: 'nome', value: 'Luca' }],
      carId: 'c1',
      durata: 48,
      km_annuali: 20000,
      anticipo: 0,
    });
    expect(createQuoteBody({ productId: 'p1', agentId: 'a7', values: {}, car, terms: listTerms(car) })).toMatchObject({ aId: 'a7', anticipo: 2500 });
  });

  it('reads the per-field messages of a refusal', () => {
    const refusal = Object.assign(new Error('Codice fiscale errato'), { errors: { cf: 'Codice fiscale errato', n: 3 } });
    expect(fieldErrorsOf(refusal)).toEqual({ cf: 'Codice fiscale errato' });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
    expect(fieldErrorsOf('x')).toEqual({});
  });
});

describe('the terms', () => {
  it("start from the car's list offer, which alone keeps the list fee", () => {
    expect(listTerms(car)).toEqual({ durata: 36, km_annuali: 15000, anticipo: 2500 });
    expect(isListOffer(car, { durata: 36, km_annuali: 15000, anticipo: 0 })).toBe(true);
    expect(isListOffer(car, { durata: 48, km_annuali: 15000, anticipo: 2500 })).toBe(false);
  });

  it("offer the standard choices with the car's own among them", () => {
    expect(choicesWith([12, 24, 36], 30)).toEqual([12, 24, 30, 36]);
    expect(choicesWith([12, 24, 36], 24)).toEqual([12, 24, 36]);
    expect(choicesWith([12], null)).toEqual([12]);
  });
});

describe('rental products', () => {
  it('are the active products of the line, by name, with their fields', () => {
    const products = {
      a: { _id: 'a', type: 'noleggio-auto', name: 'Noleggio privati', fields: [{ _id: 'nome' }, null] },
      b: { _id: 'b', type: 'noleggio-auto', name: 'Noleggio aziende', active: true },
      c: { _id: 'c', type: 'noleggio-auto', name: 'Vecchio', active: false },
      d: { _id: 'd', type: null, name: 'RC auto' },
    };
    const found = rentalProducts(products);
    expect(found.map((p) => p._id)).toEqual(['b', 'a']);
    expect(productFields(found[1])).toEqual([{ _id: 'nome' }]);
    expect(productFields(undefined)).toEqual([]);
  });
});
