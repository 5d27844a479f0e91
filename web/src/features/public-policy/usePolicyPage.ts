/** Loads the policy behind a link; a 403, 404 or 410 becomes its own message. */
import { useCallback, useEffect, useState } from 'react';
import { HttpError } from '../../lib/http';
import { getPolicyPage, type PolicyPage } from './api';

import type { LinkFailure } from '../../components/PublicFrame';

export const failureOf = (e: unknown): LinkFailure => {
  const status = e instanceof HttpError ? e.status : 0;
  const kind = status === 403 || status === 404 || status === 410 ? (String(status) as LinkFailure['kind']) : 'generic';
  return { kind, message: e instanceof Error ? e.message : String(e) };
};

export function usePolicyPage(id: string, code: string) {
  const [page, setPage] = useState<PolicyPage | null>(null);
  const [failure, setFailure] = useState<LinkFailure | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    if (!id || !code) {
      setFailure({ kind: '403', message: '' });
      return undefined;
    }
    getPolicyPage(id, code, controller.signal).then(setPage, (e: unknown) => {
      if (!controller.signal.aborted) setFailure(failureOf(e));
    });
    return () => controller.abort();
  }, [id, code]);
  /** A failed action: a link error replaces the page; any other error's text is returned. */
  const fail = useCallback((e: unknown): string | null => {
    const found = failureOf(e);
    if (found.kind === 'generic') return found.message;
    setFailure(found);
    return null;
  }, []);
  return { page, setPage, failure, fail };
}
