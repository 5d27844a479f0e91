/**
 * The answers form's state for one view: the draft (filled from the saved answers until the
 * user types), the required questions left empty, the error shown (ours or the server's) and
 * the save. A 409 (the questionnaire changed, or the quote was locked) reads the view again.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HttpError } from '../../lib/http';
import type { AnswersBody, NeedsView } from './api';
import { answersBody, type Draft, draftFrom, missingRequired } from './answers';

interface Options {
  view: NeedsView | null;
  send: (body: AnswersBody) => Promise<NeedsView>;
  onSaved: (view: NeedsView) => void;
  reload: () => void;
}

export function useNeedsForm({ view, send, onSaved, reload }: Options) {
  const { t } = useTranslation('needs');
  const [draft, setDraft] = useState<Draft>({});
  const [missing, setMissing] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const touched = useRef(false);

  useEffect(() => {
    if (view && !touched.current) setDraft(draftFrom(view.questionnaire.questions, view.assessment));
  }, [view]);

  const change = (next: Draft) => {
    touched.current = true;
    setDraft(next);
    // a question answered since the last attempt is no longer marked
    if (missing.size && view) setMissing(new Set(missingRequired(view.questionnaire.questions, next).filter((q) => missing.has(q.id)).map((q) => q.id)));
  };

  /** Back to the saved answers (after a save, or when the user gives up editing). */
  const reset = (from: NeedsView | null = view) => {
    touched.current = false;
    setMissing(new Set());
    setError(null);
    if (from) setDraft(draftFrom(from.questionnaire.questions, from.assessment));
  };

  const submit = async () => {
    if (!view || busy) return;
    const empty = missingRequired(view.questionnaire.questions, draft);
    if (empty.length) {
      setMissing(new Set(empty.map((q) => q.id)));
      setError(t('form.missing', { count: empty.length, questions: empty.map((q) => `«${q.text}»`).join(', ') }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await send(answersBody(view, draft));
      reset(saved);
      onSaved(saved);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      if (e instanceof HttpError && e.status === 409) {
        touched.current = false;
        reload();
      }
    } finally {
      setBusy(false);
    }
  };

  return { draft, change, missing, error, busy, submit, reset };
}
