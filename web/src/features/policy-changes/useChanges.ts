/** The live `appendici` collection for a policy, and the policy's history through `storiaPolizza`. */
import { useEffect, useMemo, useState } from 'react';
import { useCollection, useQuoteEnv } from '../quotes/env';
import { asChange, CHANGES, type HistoryEvent, type PolicyChange } from './changeLogic';

/** The changes of one policy, by effective date; live. */
export function usePolicyChanges(policyId: string): PolicyChange[] {
  const collection = useCollection(CHANGES);
  return useMemo(
    () =>
      Object.values(collection)
        .map(asChange)
        .filter((change) => change.policyId === policyId)
        .sort((a, b) => a.effectiveOn.localeCompare(b.effectiveOn) || String(a.at ?? '').localeCompare(String(b.at ?? ''))),
    [collection, policyId],
  );
}

/** The policy's history, read again whenever `version` (its instalments and changes) moves. */
export function usePolicyHistory(policyId: string, version: string): { events: HistoryEvent[]; failed: boolean } {
  const { call } = useQuoteEnv();
  const [state, setState] = useState<{ events: HistoryEvent[]; failed: boolean }>({ events: [], failed: false });
  useEffect(() => {
    let live = true;
    call<{ events: HistoryEvent[] }>('storiaPolizza', { policyId }).then(
      (answer) => live && setState({ events: answer.events, failed: false }),
      () => live && setState((current) => ({ ...current, failed: true })),
    );
    return () => {
      live = false;
    };
  }, [call, policyId, version]);
  return state;
}
