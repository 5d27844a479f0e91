/** The questionnaire as data: its name as shown, and for the editor new questions and options,
 * moves, the checks the server makes. */
import type { TFunction } from 'i18next';
import type { Question, QuestionType } from './api';

export const GENERAL = 'generale';

/** A kind's name as shown: the general questionnaire's from the translations, a ramo's as the server names it. */
export const kindLabel = (t: TFunction<'needs'>, kind: string, label: string): string => (kind === GENERAL ? t('kinds.generale') : label);

export const LIMITS = { questions: 30, text: 300, label: 120, minOptions: 2, maxOptions: 8 } as const;
export const ID_PATTERN = /^[a-z0-9_]{1,40}$/;

/** A problem with the draft: an i18n key (under `needs:editor.problems`) and its values. */
export interface Problem {
  key: string;
  values: Record<string, string | number>;
}

/** An id not yet used: `domanda_1`, `domanda_2`… */
export function freshId(questions: readonly Question[]): string {
  const used = new Set(questions.map((q) => q.id));
  let n = questions.length + 1;
  while (used.has(`domanda_${n}`)) n += 1;
  return `domanda_${n}`;
}

export const newQuestion = (questions: readonly Question[]): Question => ({
  id: freshId(questions),
  text: '',
  type: 'scelta',
  required: true,
  options: [
    { label: '', coerente: true },
    { label: '', coerente: true },
  ],
});

/** The question with another type: a 'testo' one has no options, a 'scelta' one starts with two. */
export function withType(q: Question, type: QuestionType): Question {
  if (type === q.type) return q;
  if (type === 'testo') return { ...q, type, options: [] };
  return { ...q, type, options: q.options.length >= LIMITS.minOptions ? q.options : newQuestion([]).options };
}

/** The list with the item at `index` moved by `by` places (a move past either end changes nothing). */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const copy = [...list];
  [copy[index], copy[target]] = [copy[target] as T, copy[index] as T];
  return copy;
}

/** The body's questions: texts and labels trimmed, no options on a 'testo' question. */
export const cleaned = (questions: readonly Question[]): Question[] =>
  questions.map((q) => ({
    id: q.id.trim(),
    text: q.text.trim(),
    type: q.type,
    required: q.required,
    options: q.type === 'testo' ? [] : q.options.map((o) => ({ label: o.label.trim(), coerente: o.coerente })),
  }));

/** What the server would refuse in the draft, each with the question's number (1-based).
 * `general`: the general questionnaire, which cannot be empty (a ramo's empty list means "its built-in questions"). */
export function problems(questions: readonly Question[], general: boolean): Problem[] {
  const found: Problem[] = [];
  const list = cleaned(questions);
  if (general && list.length === 0) found.push({ key: 'empty', values: {} });
  if (list.length > LIMITS.questions) found.push({ key: 'tooMany', values: { max: LIMITS.questions } });
  const seen = new Set<string>();
  list.forEach((q, i) => {
    const n = i + 1;
    if (!ID_PATTERN.test(q.id)) found.push({ key: 'id', values: { n } });
    else if (seen.has(q.id)) found.push({ key: 'duplicateId', values: { n, id: q.id } });
    seen.add(q.id);
    if (!q.text) found.push({ key: 'noText', values: { n } });
    else if (q.text.length > LIMITS.text) found.push({ key: 'longText', values: { n, max: LIMITS.text } });
    if (q.type === 'scelta') {
      if (q.options.length < LIMITS.minOptions || q.options.length > LIMITS.maxOptions)
        found.push({ key: 'options', values: { n, min: LIMITS.minOptions, max: LIMITS.maxOptions } });
      if (q.options.some((o) => !o.label)) found.push({ key: 'noLabel', values: { n } });
      else if (q.options.some((o) => o.label.length > LIMITS.label)) found.push({ key: 'longLabel', values: { n, max: LIMITS.label } });
    }
  });
  return found;
}
