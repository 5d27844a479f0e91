/**
 * Policy changes (appendici and annullamenti) as the `appendici` stream and the calls
 * `creaAppendice`, `annullaPolizza` and `storiaPolizza` carry them; the figures are the
 * server's (a preview computes them without saving), never recomputed here.
 */
import type { HostItem } from '@sportello/host-api';

export const CHANGES = 'appendici';
export const SUBTYPES = ['veicolo', 'conducente', 'indirizzo', 'garanzie'] as const;
export const REASONS = ['vendita', 'demolizione', 'furto', 'recesso', 'sostituzione', 'altro'] as const;
export type Subtype = (typeof SUBTYPES)[number];
export type Reason = (typeof REASONS)[number];

export interface ChangePrice {
  tot: number;
  net: number;
  tax: number;
  agente?: { tot?: number };
}

export interface RefundLine {
  id?: string;
  n?: number;
  days?: number;
  period?: number;
  net?: string;
}

export interface PolicyChange {
  _id: string;
  policyId: string;
  kind: 'appendice' | 'annullamento';
  subtype: string;
  subtypeLabel?: string;
  effectiveOn: string;
  description: string;
  details: {
    annualBefore?: string;
    annualAfter?: string;
    annualDifference?: string;
    days?: number;
    period?: number;
    refund?: RefundLine[];
    setAside?: number[];
    [key: string]: unknown;
  };
  price: ChangePrice;
  at?: string | null;
}

export interface HistoryEvent {
  date: string | null;
  kind: string;
  text: string;
  n?: number;
  amount?: number;
}

export interface ChangeAnswer {
  preview?: boolean;
  change: PolicyChange;
  policy?: HostItem;
}

export function asChange(item: HostItem): PolicyChange {
  return item as unknown as PolicyChange;
}

export interface EndorsementDraft {
  subtype: Subtype;
  effectiveOn: string | null;
  annualPremium: number | null;
  description: string;
  oldPlate: string;
  newPlate: string;
  driver: string;
  address: string;
  guarantees: string;
}

export const EMPTY_ENDORSEMENT: EndorsementDraft = {
  subtype: 'veicolo',
  effectiveOn: null,
  annualPremium: null,
  description: '',
  oldPlate: '',
  newPlate: '',
  driver: '',
  address: '',
  guarantees: '',
};

/** The `creaAppendice` body of a draft: the details that concern its subtype, trimmed. */
export function endorsementBody(policyId: string, draft: EndorsementDraft, preview: boolean): Record<string, unknown> {
  const by: Record<Subtype, Record<string, string>> = {
    veicolo: { oldPlate: draft.oldPlate, newPlate: draft.newPlate },
    conducente: { driver: draft.driver },
    indirizzo: { address: draft.address },
    garanzie: { guarantees: draft.guarantees },
  };
  const details = Object.fromEntries(
    Object.entries(by[draft.subtype])
      .map(([key, value]) => [key, value.trim()] as const)
      .filter(([, value]) => value),
  );
  return {
    policyId,
    subtype: draft.subtype,
    effectiveOn: draft.effectiveOn,
    ...(draft.annualPremium !== null ? { annualPremium: draft.annualPremium } : {}),
    description: draft.description.trim(),
    details,
    preview,
  };
}

export const endorsementReady = (draft: EndorsementDraft) => Boolean(draft.effectiveOn);

export interface CancellationDraft {
  cancelledOn: string | null;
  reason: Reason;
  refundedOn: string | null;
  description: string;
}

export const EMPTY_CANCELLATION: CancellationDraft = { cancelledOn: null, reason: 'vendita', refundedOn: null, description: '' };

export function cancellationBody(policyId: string, draft: CancellationDraft, preview: boolean): Record<string, unknown> {
  return {
    policyId,
    cancelledOn: draft.cancelledOn,
    reason: draft.reason,
    ...(draft.refundedOn ? { refundedOn: draft.refundedOn } : {}),
    description: draft.description.trim(),
    preview,
  };
}

export const cancellationReady = (draft: CancellationDraft) => Boolean(draft.cancelledOn);

/** The policy's cancellation day, or null. */
export function cancelledOn(policy: HostItem): string | null {
  return typeof policy.cancelledOn === 'string' && policy.cancelledOn ? policy.cancelledOn : null;
}

/** A receipt row's kind: `appendice`, `rimborso`, or null for a regular instalment. */
export function receiptKind(info: unknown): 'appendice' | 'rimborso' | null {
  const kind = (info as { kind?: unknown } | null | undefined)?.kind;
  return kind === 'appendice' || kind === 'rimborso' ? kind : null;
}
