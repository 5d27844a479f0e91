/**
 * The demands-and-needs questionnaire (IVASS Reg. 40/2018 art. 58; CAP art. 119-ter) over HTTP:
 * the tenant's questionnaires per kind (`/api/needs/questionnaires`), a quote's answers in the
 * office (`/api/quotes/{id}/needs`, its summary PDF) and behind the customer's link
 * (`/api/public/quotes/{id}/{code}/needs`).
 */
import { requestJson } from '../../lib/http';

export type QuestionType = 'scelta' | 'testo';

export interface NeedsOption {
  label: string;
  /** Whether choosing it fits the product proposed (a false one is a mismatch). */
  coerente: boolean;
}

export interface Question {
  id: string;
  text: string;
  type: QuestionType;
  required: boolean;
  /** 2..8 for a 'scelta' question, none for a 'testo' one. */
  options: NeedsOption[];
}

/** One kind's questionnaire: `generale` first, then each ramo. */
export interface QuestionnaireEntry {
  kind: string;
  label: string;
  /** 0 while the kind uses the built-in default. */
  version: number;
  custom: boolean;
  questions: Question[];
}

/** A question answered, in words: the option's label or the text typed. */
export interface AnsweredQuestion {
  id: string;
  question: string;
  answer: string;
  coerente: boolean;
}

export interface Mismatch {
  question: string;
  answer: string;
}

export interface Assessment {
  id: string;
  version: number;
  answers: AnsweredQuestion[];
  answeredAt: string;
  channel: 'link' | 'ufficio';
  /** The office user's name (office channel, office view only). */
  answeredBy?: string | null;
  mismatches: Mismatch[];
}

export interface NeedsView {
  questionnaire: { kind: string; label: string; version: number; questions: Question[] };
  assessment: Assessment | null;
  /** The emission was requested: the answers can no longer change. */
  locked: boolean;
}

/** One answer as sent: the option's index for 'scelta', the text for 'testo'. */
export interface AnswerBody {
  id: string;
  option?: number | null;
  text?: string | null;
}

/** The answers with the questionnaire they answer (its kind and version): the server refuses
 * them with a 409 when the quote now asks another one. */
export interface AnswersBody {
  kind: string;
  version: number;
  answers: AnswerBody[];
}

const questionnaires = '/api/needs/questionnaires';
const office = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}/needs`;
const publicBase = (id: string, code: string) => `/api/public/quotes/${encodeURIComponent(id)}/${encodeURIComponent(code)}/needs`;

export const fetchQuestionnaires = () => requestJson<QuestionnaireEntry[]>(questionnaires);
export const saveQuestionnaire = (kind: string, questions: Question[]) =>
  requestJson<QuestionnaireEntry>(`${questionnaires}/${encodeURIComponent(kind)}`, { method: 'PUT', json: { questions } });

export const fetchNeeds = (quoteId: string, signal?: AbortSignal) => requestJson<NeedsView>(office(quoteId), { signal });
export const saveNeeds = (quoteId: string, body: AnswersBody) => requestJson<NeedsView>(office(quoteId), { method: 'PUT', json: body });
export const needsPdfUrl = (quoteId: string) => `${office(quoteId)}/pdf`;

export const fetchPublicNeeds = (id: string, code: string, signal?: AbortSignal) => requestJson<NeedsView>(publicBase(id, code), { signal });
export const savePublicNeeds = (id: string, code: string, body: AnswersBody) => requestJson<NeedsView>(publicBase(id, code), { method: 'PUT', json: body });
