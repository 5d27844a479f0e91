import { describe, expect, it } from 'vitest';
import { asCar, carProblems, draftOf, emptyCarDraft, rentalCompanies, sortCars, toCarBody, withActive } from '../lib/catalogue';
import { offerProblems } from '../lib/offer';

const wire = {
  _id: 'c1',
  car_fullname: 'Jeep Compass 4xe',
  brand: 'Jeep',
  model: 'Compass',
  img_file: '/plugins/noleggio_auto/cars/suv.svg',
  company: 'Leasys',
  price: { durata: 48, km_annuali: 20000, canone: 549, anticipo: 5000 },
  active: true,
};
const companies = ['Arval', 'Leasys'];
const valid = { ...emptyCarDraft('Leasys'), car_fullname: 'Fiat 500', canone: 289 };

describe('catalogue drafts', () => {
  it('round-trip a car to the salvaAuto body', () => {
    expect(toCarBody(draftOf(asCar(wire)))).toEqual(wire);
  });

  it('leave out the id of a new car and trim the text', () => {
    const body = toCarBody({ ...valid, car_fullname: '  Fiat 500 ', img_file: ' /cars/a.svg ' });
    expect(body).not.toHaveProperty('_id');
    expect(body.car_fullname).toBe('Fiat 500');
    expect(body.img_file).toBe('/cars/a.svg');
  });

  it('retire a car with its whole body', () => {
    expect(withActive(asCar(wire), false)).toEqual({ ...wire, active: false });
  });

  it('list the retired cars last', () => {
    const cars = [asCar({ ...wire, _id: 'x', active: false }), asCar({ ...wire, _id: 'y', brand: 'Fiat' }), asCar(wire)];
    expect(sortCars(cars).map((c) => c._id)).toEqual(['y', 'c1', 'x']);
  });
});

describe('catalogue checks (the server refuses the same)', () => {
  it('accept a complete car', () => {
    expect(carProblems(valid, companies)).toEqual({});
    expect(carProblems({ ...valid, img_file: 'https://example.com/a.png' }, companies)).toEqual({});
  });

  it('name each problem', () => {
    const draft = { ...valid, car_fullname: ' ', img_file: 'javascript:alert(1)', company: 'Ignota', durata: 0, km_annuali: 600000, canone: -1, anticipo: 1.234 };
    expect(carProblems(draft, companies)).toEqual({
      car_fullname: 'errors.name',
      img_file: 'errors.picture',
      company: 'errors.unknownCompany',
      durata: 'errors.months',
      km_annuali: 'errors.km',
      canone: 'errors.amount',
      anticipo: 'errors.amount',
    });
    expect(carProblems({ ...valid, company: '', canone: null, img_file: 'http://x.it/a.png' }, companies)).toEqual({
      company: 'errors.company',
      canone: 'errors.required',
      img_file: 'errors.picture',
    });
  });

  it('keep offers within the limits', () => {
    expect(offerProblems({ durata: 120, km_annuali: 0, canone: 1_000_000, anticipo: null })).toEqual({});
    expect(offerProblems({ durata: 121, km_annuali: 1.5, canone: 1_000_000.01, anticipo: 0 })).toEqual({
      durata: 'errors.months',
      km_annuali: 'errors.km',
      canone: 'errors.amount',
    });
  });

  it("offer the companies of the tenant's rental products", () => {
    const products = {
      a: { _id: 'a', type: 'noleggio-auto', companies: { Leasys: {}, Arval: {} } },
      b: { _id: 'b', type: 'noleggio-auto', companies: { Ayvens: {} } },
      c: { _id: 'c', type: null, companies: { Allianz: {} } },
    };
    expect(rentalCompanies(products)).toEqual(['Arval', 'Ayvens', 'Leasys']);
  });
});
