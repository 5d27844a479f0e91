/** The live `sinistri` collection and today's day in Rome, for the claim screens. */
import { useMemo } from 'react';
import { useCollection } from '../quotes/env';
import { romeToday } from '../policies/policyLogic';
import { asClaim, byNewest, type Claim } from './claimLogic';

export const CLAIMS = 'sinistri';

/** Every claim the user sees, newest first; live. */
export function useClaims(): Claim[] {
  const collection = useCollection(CLAIMS);
  return useMemo(() => Object.values(collection).map(asClaim).sort(byNewest), [collection]);
}

/** One claim, live (undefined until synced, or when the user may not see it). */
export function useClaim(id: string): Claim | undefined {
  const item = useCollection(CLAIMS)[id];
  return item ? asClaim(item) : undefined;
}

/** The claims of one policy, newest first; live. */
export function usePolicyClaims(policyId: string): Claim[] {
  const claims = useClaims();
  return useMemo(() => claims.filter((claim) => claim.policyId === policyId), [claims, policyId]);
}

/** Today in Europe/Rome (YYYY-MM-DD), read once per screen. */
export function useRomeToday(): string {
  return useMemo(() => romeToday(), []);
}
