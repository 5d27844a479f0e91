/** The policy link (no login): `GET/POST /api/public/policies/{id}/{code}[/purchase|/extension]`. */
import { requestJson } from '../../lib/http';

export interface PublicInstalment {
  n: number;
  cassa: string | null;
  tot: number;
  paid: boolean;
  sospesa: boolean;
}

export interface PublicPolicy {
  _id: string;
  number: string | null;
  company: string | null;
  customer: string;
  startDate: string | null;
  endDate: string | null;
  frequency: string;
  premium: number;
  dueNow: number;
  paid: boolean;
  rate: PublicInstalment[];
  purchase: { method?: string; at?: string; amount?: number };
}

export type PaymentMethod = { id: 'bonifico'; iban: string; intestatario: string; causale: string } | { id: 'agenzia' };

export interface PolicyPage {
  policy: PublicPolicy;
  methods: PaymentMethod[];
  extensionKinds: Record<string, string>;
  expiresAt: string;
}

const base = (id: string, code: string) => `/api/public/policies/${encodeURIComponent(id)}/${encodeURIComponent(code)}`;

export const getPolicyPage = (id: string, code: string, signal?: AbortSignal) => requestJson<PolicyPage>(base(id, code), { signal });

export const declarePayment = (id: string, code: string, method: string) =>
  requestJson<{ purchase: PublicPolicy['purchase'] }>(`${base(id, code)}/purchase`, { method: 'POST', json: { method } });

export const requestExtension = (id: string, code: string, kind: string, note: string) =>
  requestJson<{ requested: boolean; at: string }>(`${base(id, code)}/extension`, { method: 'POST', json: { kind, note } });
