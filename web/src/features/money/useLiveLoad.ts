/** Load a screen's figures, and load them again when the policies stream changes (a
 * collection, an issued policy) or, with `channel`, when that stream brings an event (the
 * `saldo` stream's new ledger entries), so the money screens follow every open client live. */
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../session/context';
import { errorText, useCollection } from '../quotes/env';

export function useLiveLoad<T>(
  load: (() => Promise<T>) | null,
  channel?: string,
): { data: T | null; error: string | null; reload: () => void } {
  const { session } = useServices();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [heard, setHeard] = useState(0);
  const policies = useCollection('polizze');
  useEffect(() => (channel ? session.watch(channel, () => setHeard((n) => n + 1)) : undefined), [session, channel]);
  const reload = useCallback(() => {
    if (!load) return;
    load().then(
      (found) => {
        setData(found);
        setError(null);
      },
      (failure) => setError(errorText(failure)),
    );
  }, [load]);
  useEffect(reload, [reload]);
  useEffect(() => {
    const timer = window.setTimeout(reload, 300);
    return () => window.clearTimeout(timer);
  }, [policies, heard, reload]);
  return { data, error, reload };
}
