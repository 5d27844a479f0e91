/**
 * The customer's claim link (no login): `GET/POST /api/public/claims/{policyId}/{code}` and the
 * photos of a claim just reported, `POST …/{claimId}/photos` (multipart, `file.0`, `file.1`…).
 */
import { requestJson } from '../../lib/http';
import type { ClaimStatus, Counterparty } from '../claims/claimLogic';

export interface PublicClaim {
  _id: string;
  eventDate: string;
  knownOn: string;
  place: string;
  description: string;
  counterparties: Counterparty[];
  status: ClaimStatus;
  statusLabel: string;
  openedAt: string;
  reportBy: string;
  companyClaimNumber: string | null;
  /** How many photos the claim has from the link. */
  photos?: number;
}

export interface ClaimPage {
  policy: { _id: string; number: string | null; company: string | null; customer: string; startDate: string | null; endDate: string | null };
  claims: PublicClaim[];
  expiresAt: string;
}

export interface Photo {
  _id: string;
  name: string;
  uri: string;
  thumb: string | null;
}

/** The photos the server takes: per request, per claim, and their kinds. */
export const PHOTOS_PER_REQUEST = 5;
export const PHOTOS_PER_CLAIM = 10;
export const PHOTO_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp'];

const base = (policyId: string, code: string) => `/api/public/claims/${encodeURIComponent(policyId)}/${encodeURIComponent(code)}`;

export const getClaimPage = (policyId: string, code: string, signal?: AbortSignal) => requestJson<ClaimPage>(base(policyId, code), { signal });

export const reportClaim = (policyId: string, code: string, facts: Record<string, unknown>) =>
  requestJson<PublicClaim>(base(policyId, code), { method: 'POST', json: facts });

/** Sends up to five photos of the claim; the server's error message when refused. */
export async function uploadPhotos(policyId: string, code: string, claimId: string, files: readonly File[]): Promise<Photo[]> {
  const form = new FormData();
  files.forEach((file, i) => form.append(`file.${i}`, file, file.name));
  const body = await requestJson<unknown>(`${base(policyId, code)}/${encodeURIComponent(claimId)}/photos`, { method: 'POST', body: form });
  return Array.isArray(body) ? (body as Photo[]) : [];
}

/** The photos of `picked` that can be sent now, and why the others cannot (as translation keys). */
export function photosToSend(picked: readonly File[], already: number): { files: File[]; wrongType: string[]; over: boolean } {
  const wrongType = picked.filter((file) => !PHOTO_TYPES.includes(file.type)).map((file) => file.name);
  const images = picked.filter((file) => PHOTO_TYPES.includes(file.type));
  const room = Math.max(0, Math.min(PHOTOS_PER_REQUEST, PHOTOS_PER_CLAIM - already));
  return { files: images.slice(0, room), wrongType, over: images.length > room };
}
