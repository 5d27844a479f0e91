/** The office's part of a claim (admins and responsabili): as a form holds it, and the changes `aggiornaSinistro` takes. */
import type { Claim, ClaimStatus, Responsibility } from './claimLogic';

export interface OfficeDraft {
  companyClaimNumber: string;
  reportedOn: string | null;
  status: ClaimStatus;
  responsibility: Responsibility | '';
  reserve: number | null;
  paid: number | null;
}

export function officeOf(claim: Claim): OfficeDraft {
  return {
    companyClaimNumber: claim.companyClaimNumber ?? '',
    reportedOn: claim.reportedOn ?? null,
    status: claim.status,
    responsibility: claim.responsibility ?? '',
    reserve: typeof claim.reserve === 'number' ? claim.reserve : 0,
    paid: typeof claim.paid === 'number' ? claim.paid : 0,
  };
}

/** Only what the draft changes (an emptied amount changes nothing). */
export function officeChanges(claim: Claim, draft: OfficeDraft): Record<string, unknown> {
  const before = officeOf(claim);
  const changes: Record<string, unknown> = {};
  if (draft.companyClaimNumber.trim() !== before.companyClaimNumber) changes.companyClaimNumber = draft.companyClaimNumber.trim() || null;
  if (draft.reportedOn !== before.reportedOn) changes.reportedOn = draft.reportedOn;
  if (draft.status !== before.status) changes.status = draft.status;
  if (draft.responsibility !== before.responsibility) changes.responsibility = draft.responsibility || null;
  if (draft.reserve !== null && draft.reserve !== before.reserve) changes.reserve = draft.reserve;
  if (draft.paid !== null && draft.paid !== before.paid) changes.paid = draft.paid;
  return changes;
}
