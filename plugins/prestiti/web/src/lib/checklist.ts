/**
 * The documents a lender asks for each kind of loan, as the practice's checklist: who the
 * customer is (identity document, fiscal code), what they earn (the last payslips or the
 * pension slip, the Certificazione Unica) and, for a cessione or a delegazione from a salary,
 * the employer's certificato di stipendio.
 */
import type { LoanKind } from './loanQuote';

export interface RequiredDocument {
  type: string;
  /** Key under `checklist.` in the module's translations. */
  key: string;
}

const IDENTITY: RequiredDocument[] = [
  { type: 'documento_identita', key: 'identity' },
  { type: 'codice_fiscale', key: 'fiscalCode' },
];
const PAYSLIPS: RequiredDocument = { type: 'buste_paga', key: 'payslips' };
const PENSION_SLIP: RequiredDocument = { type: 'cedolino_pensione', key: 'pensionSlip' };
const CU: RequiredDocument = { type: 'certificazione_unica', key: 'cu' };
const SALARY_CERTIFICATE: RequiredDocument = { type: 'certificato_stipendio', key: 'salaryCertificate' };

const BY_KIND: Record<LoanKind, RequiredDocument[]> = {
  cessione_quinto_stipendio: [...IDENTITY, PAYSLIPS, CU, SALARY_CERTIFICATE],
  cessione_quinto_pensione: [...IDENTITY, PENSION_SLIP, CU],
  delegazione_pagamento: [...IDENTITY, PAYSLIPS, CU, SALARY_CERTIFICATE],
  prestito_personale: [...IDENTITY, PAYSLIPS, CU],
  mutuo: [...IDENTITY, PAYSLIPS, CU],
};

/** The checklist of a practice of ``kind`` (none for an unknown kind). */
export function checklist(kind: LoanKind | null): RequiredDocument[] {
  return kind ? BY_KIND[kind] : [];
}
