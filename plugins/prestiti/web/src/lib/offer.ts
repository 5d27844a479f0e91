/** The lender's offer an admin enters (`prestiti.quotazione {pId, offer}`), as the editor holds it. */
import type { LoanFigures } from './loanQuote';

export interface OfferDraft {
  istituto: string;
  tan: number | null;
  importoFinanziato: number | null;
  istruttoria: number | null;
  perizia: number | null;
  polizza: number | null;
  speseIncasso: number | null;
}

/** The practice's current offer, or the amount asked and the institute named when not quoted. */
export const offerDraftOf = (loan: LoanFigures): OfferDraft => ({
  istituto: loan.istituto,
  tan: loan.tan,
  importoFinanziato: loan.importoFinanziato ?? loan.importoRichiesto,
  istruttoria: loan.istruttoria,
  perizia: loan.perizia,
  polizza: loan.polizza,
  speseIncasso: loan.speseIncasso,
});

/** The editor's problems by field, as translation keys (the server checks the law). */
export function offerProblems(draft: OfferDraft): Partial<Record<keyof OfferDraft, string>> {
  const problems: Partial<Record<keyof OfferDraft, string>> = {};
  if (!draft.istituto.trim()) problems.istituto = 'errors.required';
  if (draft.tan === null || draft.tan < 0 || draft.tan > 50) problems.tan = 'errors.tan';
  if (!draft.importoFinanziato || draft.importoFinanziato <= 0) problems.importoFinanziato = 'errors.amount';
  return problems;
}

/** The `offer` of `prestiti.quotazione` (costs left empty are none). */
export const offerBody = (draft: OfferDraft) => ({
  Istituto: draft.istituto.trim(),
  TAN: draft.tan,
  Importo_finanziato: draft.importoFinanziato,
  Istruttoria: draft.istruttoria ?? 0,
  Perizia: draft.perizia ?? 0,
  Polizza: draft.polizza ?? 0,
  Spese_incasso: draft.speseIncasso ?? 0,
});
