import { describe, expect, it } from 'vitest';
import { TaxProblem, lineRates, rateOn, romeDay, taxTableOf, type TaxTable } from '../taxes';

const TABLE: TaxTable = {
  rami: [
    { ramo: 'incendio', rate: 21.25, from: '2020-01-01', to: '2025-12-31' },
    { ramo: 'incendio', rate: 22.25, from: '2026-01-01', to: null },
    { ramo: 'furto', rate: 22.25, from: '2020-01-01' },
  ],
  province: [{ code: 'MI', rate: 12.5, from: '2020-01-01' }],
  ssn: [{ rate: 10.5, from: '2020-01-01', to: '2030-12-31' }],
};

const problem = (call: () => unknown): { key: string; what: string } => {
  try {
    call();
  } catch (error) {
    if (error instanceof TaxProblem) return { key: error.key, what: error.what };
    throw error;
  }
  throw new Error('no problem raised');
};

describe('the row in force on a day', () => {
  it('includes both ends of its period and leaves open an end not given', () => {
    const rows = TABLE.rami.filter((r) => r.ramo === 'incendio');
    expect(rateOn(rows, '2025-12-31')?.rate).toBe(21.25);
    expect(rateOn(rows, '2026-01-01')?.rate).toBe(22.25);
    expect(rateOn(rows, '2020-01-01')?.rate).toBe(21.25);
    expect(rateOn(rows, '2019-12-31')).toBeUndefined();
    expect(rateOn(rows, '2099-01-01')?.rate).toBe(22.25);
  });
});

describe('the taxes of a line', () => {
  it('names the ramo of a tariff line', () => {
    expect(lineRates({ ramo: 'incendio', net: 100 }, TABLE, '2026-03-01')).toEqual([
      { label: 'Imposta sulle assicurazioni (Incendio)', rate: 22.25 },
    ]);
    expect(lineRates({ ramo: 'furto', net: 100 }, TABLE, '2026-03-01')).toEqual([
      { label: 'Imposta sulle assicurazioni (Furto)', rate: 22.25 },
    ]);
  });

  it('gives motor liability the province of any case and the SSN contribution', () => {
    expect(lineRates({ ramo: 'rca', net: 100, province: 'mi' }, TABLE, '2026-03-01')).toEqual([
      { label: 'Imposta provinciale RC auto (MI)', rate: 12.5 },
      { label: 'Contributo SSN', rate: 10.5 },
    ]);
  });

  it('says what is missing', () => {
    expect(problem(() => lineRates({ ramo: 'nautica', net: 1 }, TABLE, '2026-03-01'))).toEqual({ key: 'unknownRamo', what: 'nautica' });
    expect(problem(() => lineRates({ ramo: 'malattia', net: 1 }, TABLE, '2026-03-01'))).toEqual({ key: 'noRate', what: 'Malattia' });
    expect(problem(() => lineRates({ ramo: 'incendio', net: 1 }, TABLE, '2019-06-01'))).toEqual({ key: 'noRate', what: 'Incendio' });
    expect(problem(() => lineRates({ ramo: 'rca', net: 1 }, TABLE, '2026-03-01'))).toEqual({ key: 'noProvince', what: '' });
    expect(problem(() => lineRates({ ramo: 'rca', net: 1, province: 'RM' }, TABLE, '2026-03-01'))).toEqual({ key: 'noRate', what: 'RM' });
    expect(problem(() => lineRates({ ramo: 'rca', net: 1, province: 'MI' }, TABLE, '2031-01-01'))).toEqual({ key: 'noRate', what: 'SSN' });
  });
});

describe('the tax table of the settings', () => {
  it('is empty where the settings keep nothing', () => {
    expect(taxTableOf(null)).toEqual({ rami: [], province: [], ssn: [] });
    expect(taxTableOf({})).toEqual({ rami: [], province: [], ssn: [] });
    expect(taxTableOf({ imposte: { ssn: TABLE.ssn } })).toEqual({ rami: [], province: [], ssn: TABLE.ssn });
    expect(taxTableOf({ imposte: TABLE })).toEqual(TABLE);
  });
});

describe('the day an offer is priced on', () => {
  it('is the day in Italy', () => {
    expect(romeDay(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01');
    expect(romeDay(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
  });
});
