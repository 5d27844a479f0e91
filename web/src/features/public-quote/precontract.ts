/**
 * The quote's pre-contract documents behind the link (IVASS Reg. 40/2018, Allegati 3, 4, 4-ter
 * and the product's DIP): `GET …/precontract`, each file at `…/precontract/{version}/{index}`,
 * a one-time code by e-mail (`POST …/code`) and the confirmation (`POST …/confirm`).
 */
import { requestJson } from '../../lib/http';

export interface PrecontractDocument {
  index: number;
  kind: string;
  title: string;
  name: string;
  sha256: string;
  size: number;
}

export interface PrecontractSet {
  version: number;
  documents: PrecontractDocument[];
  /** Where the code goes, masked (`m***@example.it`); null when the quote has no e-mail. */
  email: string | null;
  confirmedAt: string | null;
  codeSentAt: string | null;
}

const base = (id: string, code: string) => `/api/public/quotes/${encodeURIComponent(id)}/${encodeURIComponent(code)}/precontract`;

export const documentUrl = (id: string, code: string, version: number, index: number) => `${base(id, code)}/${version}/${index}`;

export function getPrecontract(id: string, code: string, signal?: AbortSignal) {
  return requestJson<PrecontractSet>(base(id, code), { signal });
}

export function askCode(id: string, code: string) {
  return requestJson<PrecontractSet & { sentTo: string }>(`${base(id, code)}/code`, { method: 'POST', json: {} });
}

export function confirmReceipt(id: string, code: string, set: PrecontractSet, otp: string) {
  return requestJson<PrecontractSet>(`${base(id, code)}/confirm`, {
    method: 'POST',
    json: { version: set.version, code: otp, hashes: set.documents.map((d) => d.sha256) },
  });
}

/** Six digits, whatever else was typed or pasted. */
export const cleanCode = (typed: string) => typed.replace(/\D/g, '').slice(0, 6);

/** The first characters of a hash, enough to compare it with the receipt. */
export const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;
