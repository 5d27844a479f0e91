import { describe, expect, it } from 'vitest';
import { hoursText, numberProblem, parseHours, yearChoices } from '../ruiLogic';

describe('RUI numbers', () => {
  it.each([
    ['E000123456', 'E', null],
    [' e000123456 ', 'E', null],
    ['A000123456', 'E', 'section'],
    ['E00012345', 'E', 'format'],
    ['E0001234567', 'E', 'format'],
    ['G000123456', 'G', 'format'],
    ['', 'A', 'format'],
  ])('%s in section %s: %s', (number, section, problem) => {
    expect(numberProblem(number, section)).toBe(problem);
  });
});

describe('hours', () => {
  it.each([
    ['2,5', 2.5],
    ['12.75', 12.75],
    ['100', 100],
    ['0', null],
    ['100,01', null],
    ['1,005', null],
    ['-3', null],
    ['tre', null],
  ])('%s → %s', (text, hours) => {
    expect(parseHours(text)).toBe(hours);
  });

  it('shows the decimal comma in Italian', () => {
    expect(hoursText('12.50', 'it')).toBe('12,50');
    expect(hoursText('12.50', 'en')).toBe('12.50');
  });

  it('offers five years', () => {
    expect(yearChoices(2026)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });
});
