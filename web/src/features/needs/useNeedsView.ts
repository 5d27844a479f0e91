/**
 * A quote's demands-and-needs view as a screen holds it: read with `fetcher` (again when `deps`
 * change or a save meets a 409, the earlier read aborted), the failure of the last read, the
 * answers form over it and whether the saved answers are open to editing.
 */
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { HttpError } from '../../lib/http';
import type { AnswersBody, NeedsView } from './api';
import { useNeedsForm } from './useNeedsForm';

/** Why the view could not be read: the server's status and words, or status 0 and no words when
 * the server could not be reached. */
export interface ReadFailure {
  status: number;
  message: string;
}

const failureOf = (e: unknown): ReadFailure => (e instanceof HttpError ? { status: e.status, message: e.message } : { status: 0, message: '' });

interface Options {
  send: (body: AnswersBody) => Promise<NeedsView>;
  /** After a save, once the view shows the saved answers. */
  onSaved?: (view: NeedsView) => void;
}

export function useNeedsView(fetcher: (signal: AbortSignal) => Promise<NeedsView>, deps: DependencyList, { send, onSaved }: Options) {
  const [view, setView] = useState<NeedsView | null>(null);
  const [failure, setFailure] = useState<ReadFailure | null>(null);
  const [editing, setEditing] = useState(false);
  const [revision, setRevision] = useState(0);
  const reload = useCallback(() => setRevision((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    fetcher(controller.signal).then(
      (found) => {
        setView(found);
        setFailure(null);
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setFailure(failureOf(e));
      },
    );
    return () => controller.abort();
    // `fetcher` is a new function at each render: `deps` say when it reads something else
  }, [...deps, revision]);

  const form = useNeedsForm({
    view,
    send,
    onSaved: (saved) => {
      setView(saved);
      setFailure(null);
      setEditing(false);
      onSaved?.(saved);
    },
    reload,
  });

  /** Back to the saved answers, the form closed. */
  const cancel = () => {
    form.reset();
    setEditing(false);
  };

  return { view, failure, form, editing, edit: () => setEditing(true), cancel, reload };
}
