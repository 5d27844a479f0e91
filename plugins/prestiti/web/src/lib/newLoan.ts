/** The creation form as plain data: the form's checks and the `createQuote` body. */
import { usrDataOf } from '@sportello/host-api';
import { durationInYears, onPay, type LoanKind } from './loanQuote';

/** What the form asks of the loan. */
export interface LoanDraft {
  kind: LoanKind;
  importoRichiesto: number | null;
  durata: number | null;
  nettoMensile: number | null;
  rata: number | null;
  istituto: string;
}

export const emptyDraft = (kind: LoanKind = 'cessione_quinto_stipendio'): LoanDraft => ({
  kind,
  importoRichiesto: null,
  durata: null,
  nettoMensile: null,
  rata: null,
  istituto: '',
});

/** The longest Durata a kind admits: 120 months from pay, 40 years for a mortgage, else 480 months. */
export const maxDuration = (kind: LoanKind): number => (onPay(kind) ? 120 : durationInYears(kind) ? 40 : 480);

/** The form's problems by field, as translation keys (the server checks the fifth of pay). */
export function draftProblems(draft: LoanDraft): Partial<Record<keyof LoanDraft, string>> {
  const problems: Partial<Record<keyof LoanDraft, string>> = {};
  if (!draft.importoRichiesto || draft.importoRichiesto <= 0) problems.importoRichiesto = 'errors.amount';
  const max = maxDuration(draft.kind);
  if (!draft.durata || !Number.isInteger(draft.durata) || draft.durata < 1 || draft.durata > max) {
    problems.durata = durationInYears(draft.kind) ? 'errors.years' : onPay(draft.kind) ? 'errors.monthsOnPay' : 'errors.months';
  }
  if (onPay(draft.kind) && (!draft.nettoMensile || draft.nettoMensile <= 0)) problems.nettoMensile = 'errors.netPay';
  if (draft.rata !== null && draft.rata <= 0) problems.rata = 'errors.amount';
  return problems;
}

/** The `createQuote` body; `aId` only when the quote is created for someone else. */
export function createQuoteBody(input: {
  productId: string;
  agentId: string | null;
  values: Record<string, unknown>;
  draft: LoanDraft;
}) {
  const { draft } = input;
  const istituto = draft.istituto.trim();
  return {
    pId: input.productId,
    ...(input.agentId ? { aId: input.agentId } : {}),
    usrData: usrDataOf(input.values),
    type: draft.kind,
    Importo_richiesto: draft.importoRichiesto,
    Durata: draft.durata,
    ...(onPay(draft.kind) && draft.nettoMensile !== null ? { Netto_mensile: draft.nettoMensile } : {}),
    ...(draft.rata !== null ? { Importo_rata: draft.rata } : {}),
    ...(istituto ? { Istituto: istituto } : {}),
  };
}
