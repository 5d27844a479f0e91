/**
 * A loan practice of the live `preventivi` collection, read through typed helpers: its kind,
 * the figures of `prodotto` (SPEC §3) and what the list and the practice page show of them.
 */
import { numberOrNull, type HostItem } from '@sportello/host-api';

export const PRODUCT_ID = 'prestiti';

/** The kinds of loan, as `prodotto.type` names them (plugins/prestiti/money/kinds.py). */
export const LOAN_KINDS = [
  'cessione_quinto_stipendio',
  'cessione_quinto_pensione',
  'delegazione_pagamento',
  'prestito_personale',
  'mutuo',
] as const;
export type LoanKind = (typeof LOAN_KINDS)[number];

/** The kinds' labels, as the server stores them in `prodotto.Prodotto`. */
export const KIND_LABELS: Record<LoanKind, string> = {
  cessione_quinto_stipendio: 'Cessione del quinto dello stipendio',
  cessione_quinto_pensione: 'Cessione del quinto della pensione',
  delegazione_pagamento: 'Delegazione di pagamento',
  prestito_personale: 'Prestito personale',
  mutuo: 'Mutuo',
};

const ON_PAY: ReadonlySet<LoanKind> = new Set(['cessione_quinto_stipendio', 'cessione_quinto_pensione', 'delegazione_pagamento']);

export const isLoanKind = (value: unknown): value is LoanKind =>
  typeof value === 'string' && (LOAN_KINDS as readonly string[]).includes(value);

/** Repaid from a salary or pension: the net pay is asked, the practice shows 'Netto erogato'. */
export const onPay = (kind: LoanKind | null): boolean => kind !== null && ON_PAY.has(kind);

/** Durata in years for a mortgage, months otherwise. */
export const durationInYears = (kind: LoanKind | null): boolean => kind === 'mutuo';

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A practice's loan figures; amounts are null until known (the lender's come with the quotation). */
export interface LoanFigures {
  kind: LoanKind | null;
  prodotto: string;
  istituto: string;
  importoRichiesto: number | null;
  durata: number | null;
  nettoMensile: number | null;
  rata: number | null;
  importoFinanziato: number | null;
  nettoErogato: number | null;
  istruttoria: number | null;
  totaleCredito: number | null;
  perizia: number | null;
  polizza: number | null;
  speseIncasso: number | null;
  tan: number | null;
  taeg: number | null;
  sogliaUsura: number | null;
  /** Whether the lender's offer is in (`prestiti.quotazione` sets the TAN). */
  quoted: boolean;
}

export function loanOf(quote: HostItem): LoanFigures {
  const p = record(quote.prodotto);
  const kind = isLoanKind(p.type) ? p.type : null;
  const tan = numberOrNull(p.TAN);
  return {
    kind,
    prodotto: text(p.Prodotto) || (kind ? KIND_LABELS[kind] : ''),
    istituto: text(p.Istituto),
    importoRichiesto: numberOrNull(p.Importo_richiesto),
    durata: numberOrNull(p.Durata),
    nettoMensile: numberOrNull(p.Netto_mensile),
    rata: numberOrNull(p.Importo_rata) ?? numberOrNull(p.Rata_richiesta), // asked, until the offer sets it
    importoFinanziato: numberOrNull(p.Importo_finanziato),
    nettoErogato: numberOrNull(p.Netto_erogato),
    istruttoria: numberOrNull(p.Istruttoria),
    totaleCredito: numberOrNull(p.Importo_totale_del_credito),
    perizia: numberOrNull(p.Perizia),
    polizza: numberOrNull(p.Polizza),
    speseIncasso: numberOrNull(p.Spese_incasso),
    tan,
    taeg: numberOrNull(p.TAEG),
    sogliaUsura: numberOrNull(p.Soglia_usura),
    quoted: tan !== null,
  };
}

/** The list's columns of a practice (SPEC §2): Prodotto, Importo richiesto, Rata. */
export interface LoanRowFigures {
  prodotto: string;
  importoRichiesto: number | null;
  rata: number | null;
}

export function rowOf(quote: HostItem): LoanRowFigures {
  const loan = loanOf(quote);
  return { prodotto: loan.prodotto, importoRichiesto: loan.importoRichiesto, rata: loan.rata };
}

/**
 * The amount the practice page shows beside the instalment (SPEC §2): 'Netto erogato' for the
 * loans repaid from pay, else 'Importo finanziato'.
 */
export function paidOut(loan: LoanFigures): { key: 'nettoErogato' | 'importoFinanziato'; value: number | null } {
  return onPay(loan.kind)
    ? { key: 'nettoErogato', value: loan.nettoErogato }
    : { key: 'importoFinanziato', value: loan.importoFinanziato };
}
