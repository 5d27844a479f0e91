/** Load from `/api/rui` again whenever `load` changes or the caller asks (after a save). */
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../quotes/env';

export function useRuiLoad<T>(load: () => Promise<T>): { data: T | null; error: string | null; reload: () => void } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    load().then(
      (found) => {
        setData(found);
        setError(null);
      },
      (failure) => setError(errorText(failure)),
    );
  }, [load]);
  useEffect(reload, [reload]);
  return { data, error, reload };
}

/** This year in Europe/Rome. */
export function romeYear(): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(new Date()));
}
