/** A plain quote as the RCA panel reads it, and the `rca.classe` request its certificate makes. */
import { describe, expect, it } from 'vitest';
import { atrYears, carriesPlate, cuRequestOf, fieldValue, missingYears, ownerCodeOf, plateOf, quoteVehicle } from '../lib/quoteVehicle';
import type { ProductModule } from '@sportello/host-api';
import plates from '../module';

const quote = (usrData: unknown) => ({ _id: 'q1', usrData });
const RCA = quote([
  { _id: 'nome', type: 'text', value: 'Luca Bianchi' },
  { _id: 'targa', type: 'targa', value: { value: 'AB123CD', tipoBersani: 'autovettura', targaAgev: false } },
  { _id: 'marcamodello', type: 'marcamodello', value: { brand: 'Fiat', model: 'Panda 1.0 Hybrid' } },
  { _id: 'immatricolazione', type: 'immatricolazione', value: { isNew: false, date: '2019-03-14' } },
  { _id: 'pa', type: 'pa', value: { isInsured: true, company: 'Allianz', exp: '2026-06-30' } },
  {
    _id: 'atr',
    type: 'atr',
    value: { years: { '2024': { principali: 1, paritarie: [50] }, '2021': 0, '2022': 2, '2023': { paritarie: [30] }, '2025': { principali: 0, paritarie: [] } }, total: 5 },
  },
]);

describe('the vehicle a quote carries', () => {
  it('reads the plate, make and model, registration, previous insurance and certificate', () => {
    expect(quoteVehicle(RCA)).toEqual({
      plate: { targa: 'AB123CD', tipoBersani: 'autovettura', targaAgev: false },
      brand: 'Fiat',
      model: 'Panda 1.0 Hybrid',
      registration: { isNew: false, date: '2019-03-14' },
      previous: { insured: true, company: 'Allianz', expiry: '2026-06-30' },
      atr: [
        { anno: 2021, principali: 0, paritarie: [] },
        { anno: 2022, principali: 2, paritarie: [] },
        { anno: 2023, principali: 0, paritarie: [30] },
        { anno: 2024, principali: 1, paritarie: [50] },
        { anno: 2025, principali: 0, paritarie: [] },
      ],
      claims: 5,
    });
  });

  it('finds fields by type whatever their id, and reads a bare or spaced plate', () => {
    const other = quote([{ _id: 'veicolo', type: 'targa', value: 'ab 123-cd' }]);
    expect(fieldValue(other, 'targa')).toBe('ab 123-cd');
    expect(quoteVehicle(other).plate).toEqual({ targa: 'AB123CD', tipoBersani: null, targaAgev: false });
    expect(plateOf({ value: '  ' })).toBeNull();
    expect(plateOf(42)).toBeNull();
  });

  it('reads nothing from a quote without such fields, or with odd ones', () => {
    for (const data of [undefined, null, 'x', [], [null, 3, 'a'], [{ type: 'targa', value: { value: 7 } }]]) {
      const read = quoteVehicle(quote(data));
      expect(read).toEqual({ plate: null, brand: '', model: '', registration: null, previous: null, atr: [], claims: 0 });
      expect(carriesPlate(quote(data))).toBe(false);
    }
    expect(quoteVehicle(quote([{ type: 'immatricolazione', value: { isNew: false, date: 'ieri' } }])).registration).toBeNull();
    expect(quoteVehicle(quote([{ type: 'pa', value: { isInsured: false, company: 'X', exp: '2026-01-01' } }])).previous).toEqual({
      insured: false,
      company: '',
      expiry: '',
    });
  });

  it('is what the RCA panel shows on: a quote with a plate', () => {
    expect(carriesPlate(RCA)).toBe(true);
    expect(carriesPlate(quote([{ _id: 'nome', type: 'text', value: 'Luca' }]))).toBe(false);
    const panels = (plates as ProductModule).quotePanels ?? [];
    expect(panels.map((panel) => panel.id)).toEqual(['veicolo']);
    expect(panels[0]!.appliesTo(RCA, undefined)).toBe(true);
    expect(panels[0]!.appliesTo(quote([]), undefined)).toBe(false);
  });
});

describe('the certificate sent to rca.classe', () => {
  it('maps the years oldest first, an old count as claims with main responsibility', () => {
    expect(cuRequestOf(quoteVehicle(RCA))).toEqual({
      atr: [
        { anno: 2021, principali: 0, paritarie: [] },
        { anno: 2022, principali: 2, paritarie: [] },
        { anno: 2023, principali: 0, paritarie: [30] },
        { anno: 2024, principali: 1, paritarie: [50] },
        { anno: 2025, principali: 0, paritarie: [] },
      ],
    });
    expect(cuRequestOf({ atr: atrYears({ years: { '2020': 3 }, total: 3 }) })).toEqual({ atr: [{ anno: 2020, principali: 3, paritarie: [] }] });
  });

  it('asks nothing without a certificate', () => {
    expect(cuRequestOf(quoteVehicle(quote([])))).toBeNull();
    expect(cuRequestOf({ atr: atrYears({ years: {}, total: 0 }) })).toBeNull();
  });

  it('leaves out what the server would refuse: odd years, counts and shares, years past the tenth', () => {
    const years = atrYears({
      years: {
        '22': 1,
        '1899': 0,
        abc: 0,
        '2020': -1,
        '2021': 1.5,
        '2022': '1',
        '2023': { principali: 'x' },
        '2024': { principali: 1, paritarie: [0, 50, 60, 25.5, '30', 20] },
      },
    });
    expect(years).toEqual([{ anno: 2024, principali: 1, paritarie: [50, 20] }]);
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [String(1990 + i), 0]));
    expect(atrYears({ years: many }).map((y) => y.anno)).toEqual(Array.from({ length: 10 }, (_, i) => 2020 + i));
    expect(atrYears('nonsense')).toEqual([]);
    expect(atrYears({ years: [1, 2] })).toEqual([]);
  });
});

describe('the years a certificate leaves out', () => {
  const year = (anno: number) => ({ anno, principali: 0, paritarie: [] });

  it('are those between its first and last it does not give', () => {
    expect(missingYears([year(2022), year(2024)])).toEqual([2023]);
    expect(missingYears([year(2018), year(2021), year(2022)])).toEqual([2019, 2020]);
  });

  it('are none for a certificate without gaps, or none at all', () => {
    expect(missingYears([year(2021), year(2022), year(2023)])).toEqual([]);
    expect(missingYears([year(2024)])).toEqual([]);
    expect(missingYears([])).toEqual([]);
  });
});

describe("the owner's code a quote gives", () => {
  it('is its cf field, upper case without spaces; nothing without one', () => {
    expect(ownerCodeOf(quote([{ _id: 'cf', type: 'cf', value: ' bnclcu80a01h501q ' }]))).toBe('BNCLCU80A01H501Q');
    expect(ownerCodeOf(quote([{ _id: 'piva', type: 'cf', value: '0123 4567 897' }]))).toBe('01234567897');
    expect(ownerCodeOf(RCA)).toBe('');
    expect(ownerCodeOf(quote([{ type: 'cf', value: 7 }]))).toBe('');
  });
});
