import { useEffect, useState } from 'react';
import { requestJson } from '../../lib/http';

export type LinkState<T> = { status: 'checking' } | { status: 'valid'; data: T } | { status: 'invalid'; message: string };

/** Check a registration or reset link with the server before showing its form. */
export function useLink<T>(path: string | null): LinkState<T> {
  const [state, setState] = useState<LinkState<T>>({ status: 'checking' });
  useEffect(() => {
    if (!path) return;
    let live = true;
    requestJson<T>(path)
      .then((data) => live && setState({ status: 'valid', data }))
      .catch((error: Error) => live && setState({ status: 'invalid', message: error.message }));
    return () => {
      live = false;
    };
  }, [path]);
  return state;
}
