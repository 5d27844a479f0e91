import { describe, expect, it } from 'vitest';
import type { Question } from '../api';
import { answersBody, draftFrom, missingRequired, summaryStamp } from '../answers';
import { cleaned, freshId, moved, newQuestion, problems, withType } from '../questionnaire';
import { ANSWERED_VIEW, EMPTY_VIEW, QUESTIONS } from './fixtures';

const choice = (options: number, extra: Partial<Question> = {}): Question => ({
  id: 'q',
  text: 'Domanda',
  type: 'scelta',
  required: true,
  options: Array.from({ length: options }, (_, i) => ({ label: `Opzione ${i + 1}`, coerente: true })),
  ...extra,
});

describe('the answers body', () => {
  it("names the questionnaire answered (kind and version), then sends the option index for a choice and the trimmed text for a text, in the questionnaire's order", () => {
    const draft = { uso: { option: null, text: '  Lavoro  ' }, veicolo: { option: 1, text: '' }, note: { option: null, text: '' } };
    expect(answersBody(EMPTY_VIEW, draft)).toEqual({
      kind: 'rca',
      version: 3,
      answers: [
        { id: 'veicolo', option: 1 },
        { id: 'uso', text: 'Lavoro' },
      ],
    });
  });

  it('names the general questions by their kind, and the built-in ones by version 0', () => {
    const general = { questionnaire: { ...EMPTY_VIEW.questionnaire, kind: 'generale', label: 'Generale (tutti i rami)', version: 0 } };
    const draft = { veicolo: { option: 0, text: '' }, uso: { option: null, text: 'x' } };
    expect(answersBody(general, draft)).toMatchObject({ kind: 'generale', version: 0 });
  });

  it('leaves out an optional question answered with spaces only, and an option out of range', () => {
    const draft = { veicolo: { option: 7, text: '' }, note: { option: null, text: '   ' }, uso: { option: null, text: 'x' } };
    expect(answersBody(EMPTY_VIEW, draft).answers).toEqual([{ id: 'uso', text: 'x' }]);
  });

  it('names the required questions left empty (spaces are no answer)', () => {
    const draft = { veicolo: { option: null, text: '' }, uso: { option: null, text: '  ' } };
    expect(missingRequired(QUESTIONS, draft).map((q) => q.id)).toEqual(['veicolo', 'uso']);
    expect(missingRequired(QUESTIONS, { veicolo: { option: 0, text: '' }, uso: { option: null, text: 'a' } })).toEqual([]);
  });

  it('starts from the saved answers, finding an option again by its label', () => {
    expect(draftFrom(QUESTIONS, ANSWERED_VIEW.assessment)).toEqual({
      veicolo: { option: 1, text: '' },
      note: { option: null, text: '' },
      uso: { option: null, text: 'Lavoro' },
    });
  });

  it('leaves a choice blank when its saved label is no longer an option', () => {
    const assessment = { ...ANSWERED_VIEW.assessment!, answers: [{ id: 'veicolo', question: 'x', answer: 'Forse', coerente: true }] };
    expect(draftFrom(QUESTIONS, assessment).veicolo).toEqual({ option: null, text: '' });
  });

  it('stamps the quote by its esigenze summary, empty without one', () => {
    expect(summaryStamp({ quote: {} })).toBe('');
    expect(summaryStamp({})).toBe('');
    const a = summaryStamp({ quote: { esigenze: { answeredAt: 't1', channel: 'link', mismatches: [] } } });
    const b = summaryStamp({ quote: { esigenze: { answeredAt: 't2', channel: 'link', mismatches: [] } } });
    expect(a).not.toBe('');
    expect(a).not.toBe(b);
  });
});

describe('the questionnaire editor', () => {
  it('accepts 2 to 8 options and refuses 1 or 9', () => {
    expect(problems([choice(2)], true)).toEqual([]);
    expect(problems([choice(8)], true)).toEqual([]);
    expect(problems([choice(1)], true)).toEqual([{ key: 'options', values: { n: 1, min: 2, max: 8 } }]);
    expect(problems([choice(9)], true)).toEqual([{ key: 'options', values: { n: 1, min: 2, max: 8 } }]);
  });

  it('refuses a blank text or option label, a bad or repeated id, and an empty general questionnaire', () => {
    const blank = choice(2, { text: '   ' });
    blank.options[1] = { label: ' ', coerente: false };
    expect(problems([blank], true).map((p) => p.key)).toEqual(['noText', 'noLabel']);
    expect(problems([choice(2, { id: 'Domanda 1' })], true).map((p) => p.key)).toEqual(['id']);
    expect(problems([choice(2, { id: 'a'.repeat(41) })], true).map((p) => p.key)).toEqual(['id']);
    expect(problems([choice(2), choice(2)], true)).toEqual([{ key: 'duplicateId', values: { n: 2, id: 'q' } }]);
    expect(problems([], true).map((p) => p.key)).toEqual(['empty']);
    expect(problems([], false)).toEqual([]); // a ramo's empty list: the general one
  });

  it('refuses more than 30 questions and texts past their limits', () => {
    const many = Array.from({ length: 31 }, (_, i) => choice(2, { id: `q${i}` }));
    expect(problems(many, true).map((p) => p.key)).toEqual(['tooMany']);
    expect(problems([choice(2, { text: 'x'.repeat(301) })], true).map((p) => p.key)).toEqual(['longText']);
    const long = choice(2);
    long.options[0] = { label: 'x'.repeat(121), coerente: true };
    expect(problems([long], true).map((p) => p.key)).toEqual(['longLabel']);
  });

  it('sends trimmed texts and no options on a text question', () => {
    const text: Question = { id: ' nota ', text: ' Note ', type: 'testo', required: false, options: [{ label: 'resto', coerente: true }] };
    expect(cleaned([text])).toEqual([{ id: 'nota', text: 'Note', type: 'testo', required: false, options: [] }]);
  });

  it('gives a new question an unused id and two options', () => {
    const first = newQuestion([]);
    expect(first.id).toBe('domanda_1');
    expect(first.options).toHaveLength(2);
    expect(freshId([{ ...first, id: 'domanda_2' }])).toBe('domanda_3');
  });

  it('switches type: a text question drops its options, a choice gets two', () => {
    const text = withType(choice(3), 'testo');
    expect(text.options).toEqual([]);
    expect(withType(text, 'scelta').options).toHaveLength(2);
  });

  it('moves a question up or down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});
