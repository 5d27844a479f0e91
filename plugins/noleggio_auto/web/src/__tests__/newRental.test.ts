import { describe, expect, it } from 'vitest';
import { asCar } from '../lib/catalogue';
import { choicesWith, createQuoteBody, isListOffer, listTerms } from '../lib/newRental';

const car = asCar({
  _id: 'c1',
  car_fullname: 'Fiat 500 Hybrid',
  company: 'Leasys',
  price: { durata: 36, km_annuali: 15000, canone: 289, anticipo: 2500 },
  active: true,
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
