/** `/api/rimesse`: a company's collections over a period, the remittances, their payment and
 * statements, and the reconciliation of the company's statement (admins only). */
import { requestJson } from '../../lib/http';

export interface CollectedRow {
  policyId: string;
  number: string;
  customer: string;
  n: number;
  kind: string | null;
  /** 'Unico', '2', '3 · Rimborso'. */
  instalment: string;
  paidOn: string;
  gross: number;
  commission: number;
  toRemit: number;
}

export interface Totals {
  rows: number;
  gross: number;
  commission: number;
  amount: number;
}

export interface Figures {
  from: string;
  to: string;
  company: string | null;
  companies: string[];
  rows: CollectedRow[];
  truncated: boolean;
  totals: Totals | null;
}

export interface Remittance {
  _id: string;
  company: string;
  from: string;
  to: string;
  rows: number;
  gross: number;
  commission: number;
  amount: number;
  status: 'da_pagare' | 'pagata';
  paidOn: string | null;
  method: string | null;
  methodLabel: string | null;
  reference: string | null;
  openDifferences: number;
}

export type Result = 'ok' | 'importo_diverso' | 'non_incassato' | 'non_in_estratto';

export interface ReconciliationLine {
  _id: string;
  number: string;
  instalment: number;
  /** The statement's line numbers ('12', '12, 40'), empty when it lacks the row. */
  lines: string;
  result: Result;
  ourGross: number | null;
  ourCommission: number | null;
  theirGross: number | null;
  theirCommission: number | null;
  resolved: boolean;
  note: string;
}

export interface Reconciliation {
  _id: string;
  fileName: string;
  importedAt: string;
  lines: number;
  ok: number;
  differences: number;
  open: number;
  items: ReconciliationLine[];
  truncated: boolean;
}

const BASE = '/api/rimesse';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const fetchFigures = (company: string, from: string, to: string) =>
  requestJson<Figures>(`${BASE}/cifre?${new URLSearchParams({ ...(company ? { company } : {}), from, to })}`);
export const fetchRemittances = (company: string) =>
  requestJson<Remittance[]>(company ? `${BASE}?${new URLSearchParams({ company })}` : BASE);
export const issueRemittance = (company: string, from: string, to: string) =>
  requestJson<Remittance>(BASE, { json: { company, from, to } });
export const payRemittance = (id: string, body: { paidOn: string; method: string; reference: string }) =>
  requestJson<Remittance>(`${one(id)}/pagamento`, { json: body });
export const statementUrl = (id: string, format: 'pdf' | 'xlsx') => `${one(id)}/${format}`;
export const fetchReconciliation = (id: string) => requestJson<Reconciliation | Record<string, never>>(`${one(id)}/estratto`);

/** Sends the company's statement (CSV or XLSX); the server's Italian error when refused. */
export function uploadStatement(id: string, file: File): Promise<Reconciliation> {
  const form = new FormData();
  form.append('file.0', file, file.name);
  return requestJson<Reconciliation>(`${one(id)}/estratto`, { method: 'POST', body: form });
}

export const resolveLine = (lineId: string, note: string) =>
  requestJson<ReconciliationLine>(`${BASE}/righe/${encodeURIComponent(lineId)}`, { method: 'PATCH', json: { note } });
