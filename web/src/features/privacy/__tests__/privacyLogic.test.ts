import { describe, expect, test } from 'vitest';
import { logQuery, MAX_NOTICE, type LogEntry } from '../api';
import { detailText } from '../LogSection';
import { consentState, draftProblem, initialChoices, italianDay, recordKind } from '../privacyLogic';

const consent = (given: boolean) => ({ _id: '1', kind: 'marketing' as const, given, noticeVersion: 1, channel: 'agente' as const, by: null, quoteId: null, at: '2026-01-01T00:00:00Z' });

describe('privacy rules', () => {
  test('a draft is refused empty, too long or equal to the text in force', () => {
    expect(draftProblem('  \r\n ', null)).toBe('empty');
    expect(draftProblem('x'.repeat(MAX_NOTICE + 1), null)).toBe('tooLong');
    expect(draftProblem('Testo\r\n', 'Testo')).toBe('same');
    expect(draftProblem('Nuovo', 'Testo')).toBeNull();
    expect(draftProblem('Primo', null)).toBeNull();
  });

  test('a consent reads given, revoked or not collected', () => {
    expect(consentState(consent(true))).toBe('given');
    expect(consentState(consent(false))).toBe('revoked');
    expect(consentState(null)).toBe('none');
  });

  test('the link starts from what was given, nothing ticked otherwise', () => {
    expect(initialChoices({ marketing: true, servizio: null })).toEqual({ servizio: false, marketing: true, profilazione: false });
  });

  test("a kept record's kind is one the screen names, or 'altro'", () => {
    expect(['chat', 'email', 'documento', 'consensi'].map(recordKind)).toEqual(['chat', 'email', 'documento', 'consensi']);
    expect(recordKind('nuovo')).toBe('altro');
    expect(recordKind('')).toBe('altro');
  });

  test('days read as dd/mm/yyyy', () => {
    expect(italianDay('2030-03-31')).toBe('31/03/2030');
    expect(italianDay(null)).toBe('');
  });

  test('the log query carries only the filters set and the cursor', () => {
    expect(logQuery({})).toBe('');
    const last = { _id: 'abc', at: '2026-11-29T10:00:00+00:00' } as LogEntry;
    expect(logQuery({ action: 'consenso', client: ' c1 ' }, last)).toBe('?action=consenso&client=c1&before=2026-11-29T10%3A00%3A00%2B00%3A00&beforeId=abc');
  });

  test('a log entry says its details in a line', () => {
    const entry = (action: LogEntry['action'], details: Record<string, unknown>) => ({ _id: '1', at: '', actor: null, who: '', clientId: null, action, details }) as LogEntry;
    expect(detailText(entry('consenso', { kind: 'marketing', given: true, channel: 'link', noticeVersion: 2 }))).toBe('marketing: ✓ (link, v2)');
    expect(detailText(entry('informativa', { version: 3 }))).toBe('v3');
    expect(detailText(entry('cancellazione', { kept: [{}, {}], anonymised: 4 }))).toBe('2 / 4');
    expect(detailText(entry('esportazione', {}))).toBe('');
  });
});
