/** The facts of a claim as a form holds them, and what `apriSinistro`, `aggiornaSinistro` and the customer's page send. */
import { cleanCounterparties, emptyCounterparty, type Claim, type Counterparty } from './claimLogic';

export interface FactsDraft {
  eventDate: string | null;
  knownOn: string | null;
  thirdPartyClaimOn: string | null;
  place: string;
  description: string;
  counterparties: Counterparty[];
}

export const EMPTY_FACTS: FactsDraft = { eventDate: null, knownOn: null, thirdPartyClaimOn: null, place: '', description: '', counterparties: [] };

/** The draft of a claim's facts, to correct them. */
export function factsOf(claim: Claim): FactsDraft {
  return {
    eventDate: claim.eventDate,
    knownOn: claim.knownOn && claim.knownOn !== claim.eventDate ? claim.knownOn : null,
    thirdPartyClaimOn: claim.thirdPartyClaimOn ?? null,
    place: claim.place ?? '',
    description: claim.description ?? '',
    counterparties: (claim.counterparties ?? []).map((c) => ({ ...emptyCounterparty(), ...c })),
  };
}

/** Whether the draft can be sent: a day and a description. */
export const factsReady = (draft: FactsDraft): boolean => Boolean(draft.eventDate && draft.description.trim());

/** The wire body of the facts (a day not given is left out, so the server takes the event's). */
export function factsBody(draft: FactsDraft, { thirdParty = true } = {}): Record<string, unknown> {
  return {
    eventDate: draft.eventDate,
    ...(draft.knownOn ? { knownOn: draft.knownOn } : {}),
    ...(thirdParty ? { thirdPartyClaimOn: draft.thirdPartyClaimOn } : {}),
    place: draft.place.trim(),
    description: draft.description.trim(),
    counterparties: cleanCounterparties(draft.counterparties),
  };
}
