import { describe, expect, it } from 'vitest';
import { consultancyRate, rentalEarnings } from '../lib/earnings';
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

describe('the agent consultancy rate', () => {
  it('reads provvConsulenza of the product first', () => {
    expect(consultancyRate({ default: 10, p1: { provvConsulenza: 50 } }, 'p1', 'noleggio-auto')).toBe(50);
  });

  it('then the one under the line, as the server does', () => {
    expect(consultancyRate({ default: 10, 'noleggio-auto': { provvConsulenza: 40 } }, 'p1', 'noleggio-auto')).toBe(40);
  });

  it('then the default, then 0', () => {
    expect(consultancyRate({ default: 10, p1: { provvEmissione: 12 } }, 'p1', 'noleggio-auto')).toBe(10);
    expect(consultancyRate({}, 'p1', 'noleggio-auto')).toBe(0);
    expect(consultancyRate(undefined, null, 'noleggio-auto')).toBe(0);
  });

  it('accepts numeric text and keeps a product rate of 0', () => {
    expect(consultancyRate({ default: '12.5' }, 'p1', 'noleggio-auto')).toBe(12.5);
    expect(consultancyRate({ default: 10, p1: { provvConsulenza: 0 } }, 'p1', 'noleggio-auto')).toBe(0);
  });
});
