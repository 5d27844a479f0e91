// The premium split, mirrored from the server: the same worked examples, computed by hand, as
// tests/unit/test_premium_taxes.py, and net + taxes = gross to the cent over many lines.
import { describe, expect, it } from 'vitest';
import { splitPremium, taxCents, TaxProblem, type TaxTable } from '../taxes';

const FROM = '2012-01-01';
const TABLE: TaxTable = {
  rami: [
    { ramo: 'cvt', rate: 13.5, from: FROM },
    { ramo: 'infortuni', rate: 2.5, from: FROM },
    { ramo: 'incendio', rate: 22.25, from: FROM },
    { ramo: 'furto', rate: 22.25, from: FROM },
    { ramo: 'vita', rate: 0, from: FROM },
  ],
  province: [
    { code: 'RM', rate: 16, from: FROM },
    { code: 'MI', rate: 16, from: FROM },
  ],
  ssn: [{ rate: 10.5, from: FROM }],
};
const DAY = '2026-11-27';

describe('premium split', () => {
  it('motor liability pays the provincial tax and the SSN contribution on the net', () => {
    const split = splitPremium([{ ramo: 'rca', net: 487.33, province: 'RM' }], TABLE, DAY);
    // provincial tax (Roma, 16%): 487.33 × 16 / 100 = 77.9728 → 77.97
    // SSN contribution (10.5%):  487.33 × 10.5 / 100 = 51.169650 → 51.17
    expect(split.taxes).toEqual([
      { ramo: 'rca', label: 'Imposta provinciale RC auto (RM)', rate: 16, base: 487.33, amount: 77.97 },
      { ramo: 'rca', label: 'Contributo SSN', rate: 10.5, base: 487.33, amount: 51.17 },
    ]);
    expect(split.taxTotal).toBe(129.14); // 77.97 + 51.17
    expect(split.gross).toBe(616.47); // 487.33 + 129.14
  });

  it('a fire and theft premium pays 22.25% on each line', () => {
    const split = splitPremium([{ ramo: 'incendio', net: 250 }, { ramo: 'furto', net: 120.4 }], TABLE, DAY);
    // incendio: 250.00 × 22.25 / 100 = 55.625 → 55.63 (half up); furto: 120.40 × 22.25 / 100 = 26.789 → 26.79
    expect(split.taxes.map((t) => t.amount)).toEqual([55.63, 26.79]);
    expect(split.net).toBe(370.4); // 250.00 + 120.40
    expect(split.taxTotal).toBe(82.42); // 55.63 + 26.79
    expect(split.gross).toBe(452.82); // 370.40 + 82.42
  });

  it('an accident premium pays 2.5%', () => {
    const split = splitPremium([{ ramo: 'infortuni', net: 123.45 }], TABLE, DAY);
    // 123.45 × 2.5 / 100 = 3.08625 → 3.09
    expect(split.taxes[0]?.amount).toBe(3.09);
    expect(split.gross).toBe(126.54); // 123.45 + 3.09
  });

  it('life is exempt', () => {
    expect(splitPremium([{ ramo: 'vita', net: 1000 }], TABLE, DAY).gross).toBe(1000);
  });

  it('refuses a line it cannot tax', () => {
    expect(() => splitPremium([{ ramo: 'rca', net: 100 }], TABLE, DAY)).toThrow(TaxProblem);
    expect(() => splitPremium([{ ramo: 'nautica', net: 100 }], TABLE, DAY)).toThrow(TaxProblem);
    expect(() => splitPremium([{ ramo: 'incendio', net: 100 }], TABLE, '2011-12-31')).toThrow(TaxProblem);
  });

  it('rounds half up in integers: 0.5 cent goes up, below it down', () => {
    expect(taxCents(25000, 22.25)).toBe(5563); // 5562.5 → 5563
    expect(taxCents(12040, 22.25)).toBe(2679); // 2678.9 → 2679
    expect(taxCents(1, 10.5)).toBe(0); // 0.105 → 0
  });

  it('net + taxes is the gross to the cent over many lines', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const rami = ['rca', 'cvt', 'infortuni', 'incendio', 'furto', 'vita'];
    for (let i = 0; i < 500; i += 1) {
      const lines = Array.from({ length: 1 + (next() % 4) }, () => ({
        ramo: rami[next() % rami.length] ?? 'vita',
        net: (next() % 100_000_000) / 100,
        province: 'MI',
      }));
      const split = splitPremium(lines, TABLE, DAY);
      const cents = (v: number) => Math.round(v * 100);
      expect(cents(split.net) + split.taxes.reduce((sum, t) => sum + cents(t.amount), 0)).toBe(cents(split.gross));
      expect(cents(split.taxTotal)).toBe(split.taxes.reduce((sum, t) => sum + cents(t.amount), 0));
    }
  });
});
