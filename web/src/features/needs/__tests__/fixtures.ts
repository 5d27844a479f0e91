/** A questionnaire and its views, unanswered and answered, for the needs tests. */
import type { NeedsView, Question } from '../api';

export const QUESTIONS: Question[] = [
  {
    id: 'veicolo',
    text: 'Possiedi un veicolo a motore?',
    type: 'scelta',
    required: true,
    options: [
      { label: 'Sì', coerente: true },
      { label: 'No', coerente: false },
    ],
  },
  { id: 'note', text: 'Hai altre esigenze?', type: 'testo', required: false, options: [] },
  { id: 'uso', text: 'Come usi il veicolo?', type: 'testo', required: true, options: [] },
];

export const EMPTY_VIEW: NeedsView = { questionnaire: { kind: 'rca', label: 'RC auto', version: 3, questions: QUESTIONS }, assessment: null, locked: false };

export const ANSWERED_VIEW: NeedsView = {
  ...EMPTY_VIEW,
  assessment: {
    id: 'a1',
    version: 3,
    answers: [
      { id: 'veicolo', question: 'Possiedi un veicolo a motore?', answer: 'No', coerente: false },
      { id: 'uso', question: 'Come usi il veicolo?', answer: 'Lavoro', coerente: true },
    ],
    answeredAt: '2026-11-29T10:15:00Z',
    channel: 'link',
    answeredBy: null,
    mismatches: [{ question: 'Possiedi un veicolo a motore?', answer: 'No' }],
  },
};
