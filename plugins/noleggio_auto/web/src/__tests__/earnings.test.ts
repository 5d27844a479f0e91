import { describe, expect, it } from 'vitest';
import { rentalEarnings } from '../lib/earnings';
import cases from './earnings-cases.json';

describe('rental earnings (shared cases with the server)', () => {
  it.each(cases)('qFattura $q_fattura, canone $canone, rate $rate, $durata months', (c) => {
    const earnings = rentalEarnings({ qFattura: c.q_fattura, canone: c.canone, rate: c.rate, durata: c.durata });
    expect(earnings.monthly).toBe(c.monthly);
    expect(earnings.total).toBe(c.total);
    expect(earnings.platform).toBe(c.platform);
  });

  it('rounds the README example half up, where floating point would round down', () => {
    expect(3 * 289 * 50 / 10000).toBeLessThan(4.335 + 1e-12);
    expect(rentalEarnings({ qFattura: 3, canone: 289, rate: 50, durata: 36 }).monthly).toBe(4.34);
  });

  it('gives the monthly consultancy the customer pays', () => {
    expect(rentalEarnings({ qFattura: 3, canone: 289, rate: 50, durata: 36 }).consultancyMonthly).toBe(8.67);
    expect(rentalEarnings({ qFattura: 2.5, canone: 419.9, rate: 0, durata: 12 }).consultancyMonthly).toBe(10.5);
  });
});
