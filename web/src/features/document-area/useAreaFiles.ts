/** The area's files: read once over HTTP into the store, then kept live by the docs stream. */
import { useEffect } from 'react';
import { useServices } from '../../session/context';
import { errorText, notify } from '../quotes/env';
import { fetchFiles } from './api';

export function useAreaFiles(folder: string | null, query: string): void {
  const { store } = useServices();
  useEffect(() => {
    let stale = false;
    fetchFiles({ cartella: folder ?? undefined, q: query.trim() || undefined })
      .then((files) => {
        if (!stale) store.applyBatch({ docs: Object.fromEntries(files.map((f) => [f._id, f])) });
      })
      .catch((error: unknown) => notify.error(errorText(error)));
    return () => {
      stale = true;
    };
  }, [folder, query, store]);
}
