/** Load a screen's figures, and load them again when the policies stream changes (a
 * collection, an issued policy), so the money screens follow every open client live. */
import { useCallback, useEffect, useState } from 'react';
import { errorText, useCollection } from '../quotes/env';

export function useLiveLoad<T>(load: (() => Promise<T>) | null): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const policies = useCollection('polizze');
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
  }, [policies, reload]);
  return { data, error, reload };
}
