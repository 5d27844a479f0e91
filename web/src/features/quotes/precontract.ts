/**
 * The office's view of a quote's pre-contract documents (IVASS Reg. 40/2018, art. 56):
 * `GET /api/quotes/{id}/precontract` (every version with its receipt), `POST …` (make them
 * now), `POST …/override` (an admin goes ahead with a reason), the files and the receipt PDF.
 */
import { requestJson } from '../../lib/http';

export interface ReceiptDocument {
  index: number;
  kind: string;
  title: string;
  name: string;
  sha256: string;
  /** Whether the stored file still has the hash it was delivered with. */
  matches: boolean;
}

export interface Receipt {
  setId: string;
  version: number;
  madeAt: string;
  email: string | null;
  documents: ReceiptDocument[];
  confirmation: { at: string; address: string | null; channel: string | null; hashes: string[] } | null;
  override: { at: string; by: string | null; byName: string | null; reason: string | null } | null;
  codesSent: number;
}

/** The summary the quote carries on the `preventivi` stream (`quote.precontratto`). */
export interface PrecontractSummary {
  version?: number;
  state?: 'da firmare' | 'confermati' | 'derogati';
  confirmedAt?: string | null;
  overrideAt?: string | null;
}

const base = (quoteId: string) => `/api/quotes/${encodeURIComponent(quoteId)}/precontract`;

export const fetchReceipts = (quoteId: string) => requestJson<{ versions: Receipt[] }>(base(quoteId));
export const makeDocuments = (quoteId: string) => requestJson<Receipt>(base(quoteId), { method: 'POST', json: {} });
export const overrideDelivery = (quoteId: string, reason: string) => requestJson<Receipt>(`${base(quoteId)}/override`, { json: { reason } });
export const fileUrl = (quoteId: string, version: number, index: number) => `${base(quoteId)}/${version}/${index}`;
export const receiptUrl = (quoteId: string, version: number) => `${base(quoteId)}/${version}/receipt`;

/** The summary on a quote, or null when no document was made yet. */
export function summaryOf(quote: Record<string, unknown>): PrecontractSummary | null {
  const details = quote.quote;
  if (!details || typeof details !== 'object') return null;
  const found = (details as Record<string, unknown>).precontratto;
  return found && typeof found === 'object' ? (found as PrecontractSummary) : null;
}

/** The badge colour of a version's state. */
export function stateColor(receipt: Receipt): 'green' | 'orange' | 'gray' {
  if (receipt.confirmation) return 'green';
  if (receipt.override) return 'orange';
  return 'gray';
}

/** A reason the server accepts: 10 to 500 characters once trimmed. */
export const reasonOk = (reason: string) => reason.trim().length >= 10 && reason.trim().length <= 500;
