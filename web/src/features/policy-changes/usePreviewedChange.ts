/**
 * A change asked for in two steps, as 'Nuova appendice' and 'Annulla polizza' do: the draft the
 * dialog edits, 'Calcola' (the call with `preview`: the server's figures, nothing saved) and
 * 'Conferma' (the same call, recorded), with the dialog closed and the draft forgotten after.
 */
import { useState } from 'react';
import { errorText, notify, useQuoteEnv } from '../quotes/env';
import type { ChangeAnswer, PolicyChange } from './changeLogic';

export interface ChangeSteps<D> {
  /** The draft a new dialog starts from. */
  empty: D;
  /** Whether the draft can be sent. */
  ready: (draft: D) => boolean;
  /** The socket call, and its body for the draft. */
  call: string;
  body: (draft: D, preview: boolean) => Record<string, unknown>;
  /** Said once the change is recorded. */
  done: string;
}

export function usePreviewedChange<D>({ empty, ready, call: name, body, done }: ChangeSteps<D>) {
  const { call } = useQuoteEnv();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<D>(empty);
  const [preview, setPreview] = useState<PolicyChange | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<D>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setPreview(null);
  };
  const close = () => {
    setOpened(false);
    setDraft(empty);
    setPreview(null);
  };
  const send = async (asPreview: boolean) => {
    if (!ready(draft)) return;
    setBusy(true);
    try {
      const answer = await call<ChangeAnswer>(name, body(draft, asPreview));
      if (asPreview) setPreview(answer.change);
      else {
        notify.success(done);
        close();
      }
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return { opened, open: () => setOpened(true), close, draft, set, preview, busy, send };
}
