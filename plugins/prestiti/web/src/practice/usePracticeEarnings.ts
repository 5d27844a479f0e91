/**
 * The practice's earnings from the server (`GET /api/prestiti/preventivi/{id}`, authenticated by
 * the session's cookie as the shell's own downloads are), fetched again whenever the live
 * practice changes (quoted, consultancy fixed by the emission request).
 */
import { useEffect, useState } from 'react';
import type { HostItem } from '@sportello/host-api';
import type { ServerEarnings } from '../lib/practiceMoney';
import { api } from '../paths';

export interface EarningsState {
  earnings: ServerEarnings | null;
  loading: boolean;
  error: string | null;
}

/** What of the practice the earnings depend on: the figures, the consultancy, the request. */
const versionOf = (quote: HostItem): string => JSON.stringify([quote.prodotto, quote.quote, quote.requestEmission, quote.aId]);

export function usePracticeEarnings(quote: HostItem): EarningsState {
  const version = versionOf(quote);
  const [state, setState] = useState<EarningsState>({ earnings: null, loading: true, error: null });
  useEffect(() => {
    const abort = new AbortController();
    setState((current) => ({ ...current, loading: true }));
    fetch(api.practice(quote._id), { credentials: 'same-origin', headers: { accept: 'application/json' }, signal: abort.signal })
      .then(async (response) => {
        const body = (await response.json().catch(() => null)) as { earnings?: ServerEarnings | null; error?: { message?: string } } | null;
        if (!response.ok) throw new Error(body?.error?.message || `Errore ${response.status}`);
        setState({ earnings: body?.earnings ?? null, loading: false, error: null });
      })
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        setState({ earnings: null, loading: false, error: error instanceof Error ? error.message : String(error) });
      });
    return () => abort.abort();
  }, [quote._id, version]);
  return state;
}
