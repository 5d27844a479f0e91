import { describe, expect, it } from 'vitest';
import { clampRate, consultancyBounds, sliderStep } from '../lib/consultancy';

const companies = {
  Leasys: { provv: 3, istruttoria: 0, qMin: 1, qMax: 5 },
  Arval: { qMin: 2, qMax: 6 },
  Odd: { qMin: 1.5, qMax: 2 },
  Broken: { qMin: 5, qMax: 1 },
  Negative: { qMin: -1, qMax: 3 },
  Missing: { qMin: 1 },
};

describe('consultancy bounds', () => {
  it("are the car company's qMin..qMax, defaulting to the midpoint", () => {
    expect(consultancyBounds(companies, 'Leasys')).toEqual({ min: 1, max: 5, midpoint: 3 });
    expect(consultancyBounds(companies, 'Arval')).toEqual({ min: 2, max: 6, midpoint: 4 });
    expect(consultancyBounds(companies, 'Odd')?.midpoint).toBe(1.75);
  });

  it('are missing for unknown companies and nonsensical limits', () => {
    expect(consultancyBounds(companies, 'Nope')).toBeNull();
    expect(consultancyBounds(companies, '')).toBeNull();
    expect(consultancyBounds(undefined, 'Leasys')).toBeNull();
    expect(consultancyBounds(companies, 'Broken')).toBeNull();
    expect(consultancyBounds(companies, 'Negative')).toBeNull();
    expect(consultancyBounds(companies, 'Missing')).toBeNull();
  });

  it('take a single value when qMin equals qMax', () => {
    expect(consultancyBounds({ X: { qMin: 2, qMax: 2 } }, 'X')).toEqual({ min: 2, max: 2, midpoint: 2 });
  });
});

describe('the slider', () => {
  it('steps by tenths, or by 0.05 when the midpoint falls between them', () => {
    expect(sliderStep({ min: 1, max: 5, midpoint: 3 })).toBe(0.1);
    expect(sliderStep({ min: 1, max: 2.5, midpoint: 1.75 })).toBe(0.05);
  });

  it('keeps values inside the bounds, without float noise', () => {
    const bounds = { min: 1, max: 5, midpoint: 3 };
    expect(clampRate(7, bounds)).toBe(5);
    expect(clampRate(0.2, bounds)).toBe(1);
    expect(clampRate(1.1 + 0.2, bounds)).toBe(1.3);
  });
});
