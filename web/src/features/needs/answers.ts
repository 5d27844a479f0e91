/** The answers form as data: a draft per question id, the body the server takes, what is missing. */
import type { AnswersBody, Assessment, NeedsView, Question } from './api';

/** What the customer picked or typed for one question. */
export interface DraftAnswer {
  option: number | null;
  text: string;
}

export type Draft = Record<string, DraftAnswer>;

export const MAX_ANSWER_TEXT = 1000;

const blank = (): DraftAnswer => ({ option: null, text: '' });

/** The draft a form starts from: the saved answers where they still match a question (an
 * option is found again by its label), blank elsewhere. */
export function draftFrom(questions: readonly Question[], assessment: Assessment | null): Draft {
  const saved = new Map((assessment?.answers ?? []).map((a) => [a.id, a.answer]));
  const draft: Draft = {};
  for (const q of questions) {
    const answer = saved.get(q.id);
    if (answer === undefined) draft[q.id] = blank();
    else if (q.type === 'testo') draft[q.id] = { option: null, text: answer };
    else {
      const index = q.options.findIndex((o) => o.label === answer);
      draft[q.id] = { option: index >= 0 ? index : null, text: '' };
    }
  }
  return draft;
}

/** Whether a question has an answer in the draft (a text of spaces is none). */
export function answered(q: Question, answer: DraftAnswer | undefined): boolean {
  if (!answer) return false;
  if (q.type === 'testo') return answer.text.trim().length > 0;
  return answer.option !== null && answer.option >= 0 && answer.option < q.options.length;
}

/** The required questions left without an answer, in the questionnaire's order. */
export const missingRequired = (questions: readonly Question[], draft: Draft): Question[] => questions.filter((q) => q.required && !answered(q, draft[q.id]));

/** The body of `PUT …/needs`: the questionnaire answered (kind and version), then every
 * answered question in order, an option's index or the trimmed text; an unanswered optional
 * question is left out. */
export function answersBody(view: Pick<NeedsView, 'questionnaire'>, draft: Draft): AnswersBody {
  const answers = view.questionnaire.questions
    .filter((q) => answered(q, draft[q.id]))
    .map((q) => (q.type === 'testo' ? { id: q.id, text: (draft[q.id]?.text ?? '').trim() } : { id: q.id, option: draft[q.id]?.option ?? null }));
  return { kind: view.questionnaire.kind, version: view.questionnaire.version, answers };
}

/** A stable key of the quote's `esigenze` summary on the stream: the view is read again when it changes. */
export function summaryStamp(quote: Record<string, unknown>): string {
  const details = quote.quote;
  if (!details || typeof details !== 'object') return '';
  const found = (details as Record<string, unknown>).esigenze;
  return found && typeof found === 'object' ? JSON.stringify(found) : '';
}
