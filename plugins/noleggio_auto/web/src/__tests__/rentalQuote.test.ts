import { describe, expect, it } from 'vitest';
import { emissionRequested, quotesOfLine, storedConsultancy, type HostItem, type QuoteFilters } from '@sportello/host-api';
import { carOf, priceOf, PRODUCT_ID } from '../lib/rentalQuote';

const rentalQuotes = (collection: Readonly<Record<string, HostItem>>) => quotesOfLine(collection, PRODUCT_ID);

const DEFAULT_FILTERS: QuoteFilters = { tab: 'preventivi', search: '', from: null, to: null, status: [], collaborator: null, archived: false };

const rental = (id: string, extra: Partial<HostItem> = {}): HostItem => ({
  _id: id,
  type: 'noleggio-auto',
  at: '2025-03-01T10:00:00+00:00',
  car: { carId: 'c1', car_fullname: 'Fiat 500 Hybrid', img_file: '/plugins/noleggio_auto/cars/city.svg', company: 'Leasys' },
  price: { durata: 36, km_annuali: 15000, canone: 289, anticipo: 2500 },
  usrData: [
    { _id: 'nome', name: 'Nome e cognome', type: 'text', value: 'Luca Bianchi' },
    { _id: 'cf', name: 'Codice fiscale', type: 'cf', value: 'BNCLCU80A01H501Q' },
    { _id: 'note', name: 'Note interne', type: 'text', value: 'x', hide: true },
  ],
  ...extra,
});

describe('the list rows', () => {
  it('are the rental quotes of the live collection, nothing else', () => {
    const collection = {
      a: rental('a'),
      b: { _id: 'b', type: null },
      c: { _id: 'c', type: 'prestiti' },
      d: rental('d'),
    };
    expect(rentalQuotes(collection).map((q) => q._id)).toEqual(['a', 'd']);
  });

  it("go through the shell's filter, which gets only rental quotes", () => {
    const seen: HostItem[][] = [];
    const filter = (quotes: HostItem[], filters: QuoteFilters) => {
      seen.push(quotes);
      return quotes.filter((q) => (filters.tab === 'richieste') === Boolean(q.requestEmission));
    };
    const collection = { a: rental('a'), b: rental('b', { requestEmission: { at: 'x' } }), c: { _id: 'c' } };
    expect(filter(rentalQuotes(collection), DEFAULT_FILTERS).map((q) => q._id)).toEqual(['a']);
    expect(filter(rentalQuotes(collection), { ...DEFAULT_FILTERS, tab: 'richieste' }).map((q) => q._id)).toEqual(['b']);
    expect(seen.every((quotes) => quotes.every((q) => q.type === 'noleggio-auto'))).toBe(true);
  });
});

describe('a practice read from the store', () => {
  it('has its car, price and consultancy', () => {
    const quote = rental('a', { quote: { qFattura: 4 }, requestEmission: { by: 'u', at: 'x' } });
    expect(carOf(quote)).toEqual({ carId: 'c1', car_fullname: 'Fiat 500 Hybrid', img_file: '/plugins/noleggio_auto/cars/city.svg', company: 'Leasys' });
    expect(priceOf(quote)).toEqual({ durata: 36, km_annuali: 15000, canone: 289, anticipo: 2500 });
    expect(storedConsultancy(quote)).toBe(4);
    expect(emissionRequested(quote)).toBe(true);
  });

  it('has no fee until quoted, and survives missing parts', () => {
    const quote: HostItem = { _id: 'x', price: { durata: 24, km_annuali: 30000, canone: null } };
    expect(priceOf(quote)).toEqual({ durata: 24, km_annuali: 30000, canone: null, anticipo: null });
    expect(carOf({ _id: 'y' })).toEqual({ carId: null, car_fullname: '', img_file: '', company: '' });
    expect(storedConsultancy(quote)).toBeNull();
    expect(emissionRequested(quote)).toBe(false);
  });
});
