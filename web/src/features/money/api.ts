/** The money routes over HTTP (core/domain/commissions/controllers.py). */
import { requestJson } from '../../lib/http';
import type { LedgerEntry } from './money';

export interface Ledger {
  /** `withholding`: the withholding in words ('Ritenuta d'acconto 23 % sul 50 % delle provvigioni'). */
  user: { _id: string; name: string; ritenuta: number; base: WithholdingBase; basePercent: number; withholding: string };
  from: string;
  to: string;
  opening: number;
  closing: number;
  /** The month's credits and debits over every entry, listed or not. */
  credits: number;
  debits: number;
  /** More entries than listed: the figures come from the server's sums. */
  truncated: boolean;
  entries: LedgerEntry[];
}

/** The share of the commissions withheld on (art. 25-bis DPR 600/1973), or none (flat-rate regime). */
export type WithholdingBase = '50' | '20' | 'nessuna';

/** A collaborator's tax profile (admins, or the collaborator themself). */
export interface TaxProfile {
  userId: string;
  base: WithholdingBase;
  basePercent: number;
  rate: number;
  description: string;
  taxCode: string | null;
  vatNumber: string | null;
  iban: string | null;
}

const profile = (userId: string) => `/api/profilo-fiscale/${encodeURIComponent(userId)}`;
export const fetchTaxProfile = (userId: string) => requestJson<TaxProfile>(profile(userId));
export const saveTaxProfile = (
  userId: string,
  body: { base: WithholdingBase; rate?: number; taxCode: string | null; vatNumber: string | null; iban: string | null },
) => requestJson<TaxProfile>(profile(userId), { method: 'PUT', json: body });

/** Every collaborator's balance (admins). */
export interface BalanceRow {
  _id: string;
  name: string;
  role: string | null;
  balance: number;
  lastMovement: string | null;
  withholding: string;
}
export const fetchBalances = () => requestJson<{ collaborators: BalanceRow[]; total: number }>('/api/saldo');

export type ManualKind = 'pagamento' | 'anticipo' | 'rettifica';

const saldo = (userId: string) => `/api/saldo/${encodeURIComponent(userId)}`;

export const fetchLedger = (userId: string, from: string, to: string) =>
  requestJson<Ledger>(`${saldo(userId)}?from=${from}&to=${to}`);

export const postEntry = (userId: string, body: { kind: ManualKind; amount: number; reason: string; requestId: string }) =>
  requestJson<LedgerEntry>(`${saldo(userId)}/movimenti`, { json: body });

/** The month's PDF statement (the session cookie authenticates the download). */
export const statementUrl = (userId: string, month: string) => `${saldo(userId)}/estratto.pdf?month=${month}`;

export interface CashRow {
  policyId: string;
  number: string | null;
  n: number;
  customer: string;
  company: string | null;
  cassa: string | null;
  total: number;
  paid: boolean;
  paidAt: string | null;
  method: string | null;
  /** The method's label ('Bonifico'); a text stored before codes, as it is. */
  methodLabel: string | null;
  suspended: boolean;
}

export interface CashSheet {
  from: string;
  to: string;
  rows: CashRow[];
  truncated: boolean;
  totals: { due: number; collected: number; outstanding: number };
  methods: { name: string; label: string; collected: number }[];
  companies: { name: string; due: number; collected: number }[];
  closedDays: { day: string; closedAt: string; totals: { collected: string; instalments: number } }[];
  /** Remittances paid to the companies in the range (outgoing) and their total. */
  remittances?: { _id: string; company: string; from: string; to: string; paidOn: string; methodLabel: string | null; amount: number }[];
  remittancesTotal?: number;
}

export const fetchCash = (from: string, to: string) => requestJson<CashSheet>(`/api/cassa?from=${from}&to=${to}`);
export const cashExportUrl = (from: string, to: string) => `/api/cassa/export?from=${from}&to=${to}`;
export const closeDay = (day: string) => requestJson<{ day: string }>('/api/cassa/chiusure', { json: { day } });
export const collect = (policyId: string, n: number, action: 'paga' | 'annulla') =>
  requestJson<unknown>(`/api/polizze/${encodeURIComponent(policyId)}/rate/${n}`, { method: 'PUT', json: { action } });

export interface ReportRow {
  _id: string;
  name: string;
  role: string | null;
  ritenuta: number;
  base: WithholdingBase | null;
  basePercent: number;
  gross: number;
  collected: number;
  pending: number;
  withholding: number;
  net: number;
}

export interface Report {
  from: string;
  to: string;
  agents: ReportRow[];
  totals: { gross: number; withholding: number; net: number; collected: number; pending: number; commission?: number; platform?: number };
  months: { month: string; amount: number }[];
  companies: { name: string; amount: number }[];
  products: { name: string; amount: number }[];
}

const range = (from: string, to: string) => `from=${from}&to=${to}`;

export const fetchReport = (from: string, to: string) => requestJson<Report>(`/api/report?${range(from, to)}`);
export const reportExportUrl = (from: string, to: string, format: 'xlsx' | 'csv') =>
  `/api/report/export?format=${format}&${range(from, to)}`;

export interface CommissionLine {
  policyId: string | null;
  number: string | null;
  day: string;
  product: string | null;
  company: string | null;
  /** The company's commission: only for admins and managers. */
  companyAmount?: number;
  rate: string | null;
  commission: number;
  share: 'agente' | 'differenza';
  paid: boolean;
  link: { name: string; params: { id: string } };
}

export interface AgentLines {
  agent: { _id: string; name: string };
  from: string;
  to: string;
  lines: CommissionLine[];
  truncated: boolean;
  totals: { commission: number; collected: number; pending: number };
}

export const fetchAgentLines = (agentId: string, from: string, to: string) =>
  requestJson<AgentLines>(`/api/report/agenti/${encodeURIComponent(agentId)}?${range(from, to)}`);
