import { describe, expect, it } from 'vitest';
import { daysBefore, issueRefusal } from '../issueChecks';

describe('issueRefusal', () => {
  it('reads the check the server names beside its message', () => {
    const documents = Object.assign(new Error('I documenti…'), { check: 'documents', documents: 'refused' });
    expect(issueRefusal(documents)).toEqual({ check: 'documents', documents: 'refused' });
    const past = Object.assign(new Error('La decorrenza…'), { check: 'pastStart', days: 300, max: 30 });
    expect(issueRefusal(past)).toEqual({ check: 'pastStart', days: 300, max: 30 });
  });
  it('is null for any other refusal', () => {
    expect(issueRefusal(new Error('Il numero di polizza X è già usato per Allianz'))).toBeNull();
    expect(issueRefusal(Object.assign(new Error('x'), { check: 'documents', documents: 'lost' }))).toBeNull();
    expect(issueRefusal('text')).toBeNull();
    expect(issueRefusal(null)).toBeNull();
  });
});

describe('daysBefore', () => {
  it('counts whole calendar days, across a change of summer time', () => {
    expect(daysBefore('2026-01-31', '2026-11-27')).toBe(300); // 0 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 27 (Feb … Nov)
    expect(daysBefore('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBefore('2026-12-01', '2026-11-27')).toBe(-4);
    expect(daysBefore('', '2026-11-27')).toBe(0);
  });
});
