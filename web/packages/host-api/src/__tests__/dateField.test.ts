import { describe, expect, it } from 'vitest';
import { DATE_MESSAGES_IT, dayProblem, isIsoDay, parseDay } from '../DateField';

describe('the date field reads days as Italians write them', () => {
  it.each([
    ['05/03/2026', '2026-03-05'],
    ['5/3/2026', '2026-03-05'],
    ['05.03.2026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['2026-03-05', '2026-03-05'],
    // never month first: 03/05 is the 3rd of May
    ['03/05/2026', '2026-05-03'],
    ['29/02/2024', '2024-02-29'],
    ['29/02/2026', null],
    ['31/04/2026', null],
    ['13/13/2026', null],
    ['05/03/26', null],
    ['domani', null],
    ['', null],
  ])('%s → %s', (text, iso) => expect(parseDay(text)).toBe(iso));

  it('knows a real day', () => {
    expect([isIsoDay('2026-12-31'), isIsoDay('2026-02-30'), isIsoDay('2026-3-5')]).toEqual([true, false, false]);
  });

  it('says why a day cannot be taken, its bounds as dd/mm/yyyy', () => {
    const bounds = { min: '2026-01-01', max: '2026-12-31' };
    expect(dayProblem('2026-06-15', bounds, DATE_MESSAGES_IT)).toBeNull();
    expect(dayProblem('2025-12-31', bounds, DATE_MESSAGES_IT)).toBe('La data non può essere prima del 01/01/2026');
    expect(dayProblem('2027-01-01', bounds, DATE_MESSAGES_IT)).toBe('La data non può essere dopo il 31/12/2026');
    expect(dayProblem(null, bounds, DATE_MESSAGES_IT)).toBe('Data non valida: scrivila come gg/mm/aaaa');
    expect(dayProblem('1900-01-01', {}, DATE_MESSAGES_IT)).toBeNull();
  });
});
