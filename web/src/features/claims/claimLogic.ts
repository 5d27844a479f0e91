/**
 * Claims (sinistri) as the `sinistri` stream sends them: their statuses and where each may go
 * next (core/domain/claims/statuses.py), the list's filters and order, and where the report to
 * the company stands (art. 1913 c.c.: the server computes `reportBy`, the screen counts the days).
 */
import type { Item } from '../../store/store';

export type ClaimStatus = 'aperto' | 'in_istruttoria' | 'liquidato' | 'senza_seguito' | 'respinto';
export type Responsibility = 'principale' | 'paritaria' | 'nessuna';

export const STATUSES: readonly ClaimStatus[] = ['aperto', 'in_istruttoria', 'liquidato', 'senza_seguito', 'respinto'];
export const RESPONSIBILITIES: readonly Responsibility[] = ['principale', 'paritaria', 'nessuna'];
export const OPEN: ClaimStatus = 'aperto';
export const CLOSED: ReadonlySet<ClaimStatus> = new Set(['liquidato', 'senza_seguito', 'respinto']);

/** Where each status may go next; a closed claim reopens under review, never back to `aperto`. */
export const NEXT: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  aperto: ['in_istruttoria', 'liquidato', 'senza_seguito', 'respinto'],
  in_istruttoria: ['liquidato', 'senza_seguito', 'respinto'],
  liquidato: ['in_istruttoria'],
  senza_seguito: ['in_istruttoria'],
  respinto: ['in_istruttoria'],
};

export const MAX_COUNTERPARTIES = 5;

export interface Counterparty {
  name: string;
  plate: string;
  vehicle: string;
  company: string;
}

export interface HistoryEntry {
  status: ClaimStatus;
  at: string;
  by: string | null;
}

export interface Claim extends Item {
  policyId: string;
  policyNumber: string | null;
  company: string | null;
  customer: string | null;
  aId?: string | null;
  eventDate: string;
  knownOn: string;
  thirdPartyClaimOn: string | null;
  place: string;
  description: string;
  counterparties: Counterparty[];
  responsibility: Responsibility | null;
  companyClaimNumber: string | null;
  reportedOn: string | null;
  reportBy: string;
  limitation: string;
  reserve: number;
  paid: number;
  status: ClaimStatus;
  history: HistoryEntry[];
  openedBy: 'agente' | 'ufficio' | 'cliente';
  openedAt: string;
  allegati: Record<string, { name?: string; files?: unknown[] }>;
}

export const asClaim = (item: Item): Claim => item as Claim;

export const isStatus = (value: unknown): value is ClaimStatus => STATUSES.includes(value as ClaimStatus);

/** The statuses the office may move the claim to: its own first (no change), then the next ones. */
export function statusChoices(current: ClaimStatus): ClaimStatus[] {
  return [current, ...(NEXT[current] ?? [])];
}

export const emptyCounterparty = (): Counterparty => ({ name: '', plate: '', vehicle: '', company: '' });

/** The counterparties worth sending: trimmed, the empty rows left out, plates upper case. */
export function cleanCounterparties(rows: readonly Counterparty[]): Counterparty[] {
  return rows
    .map((row) => ({ name: row.name.trim(), plate: row.plate.trim().toUpperCase(), vehicle: row.vehicle.trim(), company: row.company.trim() }))
    .filter((row) => row.name || row.plate || row.vehicle || row.company);
}

// --- the list -------------------------------------------------------------------------------

export interface ClaimFilters {
  /** One status, or '' for all. */
  status: ClaimStatus | '';
  /** Only the claims waiting on the office (still `aperto`). */
  waiting: boolean;
  search: string;
}

export const DEFAULT_CLAIM_FILTERS: ClaimFilters = { status: '', waiting: false, search: '' };

/** The words a search looks in: customer, policy and company numbers, company, place, plates and names of the other parties. */
export function claimSearchText(claim: Claim): string {
  const parties = (claim.counterparties ?? []).flatMap((c) => [c.name, c.plate, c.company]);
  return [claim.customer, claim.policyNumber, claim.companyClaimNumber, claim.company, claim.place, ...parties]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ')
    .toLowerCase();
}

/** Newest first (the day it was opened), then by id for a stable order. */
export function byNewest(a: Claim, b: Claim): number {
  return String(b.openedAt ?? '').localeCompare(String(a.openedAt ?? '')) || a._id.localeCompare(b._id);
}

export function filterClaims(claims: readonly Claim[], filters: ClaimFilters): Claim[] {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return claims
    .filter((claim) => (filters.waiting ? claim.status === OPEN : true))
    .filter((claim) => (filters.status ? claim.status === filters.status : true))
    .filter((claim) => {
      if (!words.length) return true;
      const text = claimSearchText(claim);
      return words.every((word) => text.includes(word));
    })
    .sort(byNewest);
}

// --- the report deadline --------------------------------------------------------------------

/**
 * Where the report to the company stands on `today` (YYYY-MM-DD, Rome):
 * - `reported`: reported on `on` (`late` when after the deadline);
 * - `due`: `days` (one or more) days left;
 * - `today`: today is the last day;
 * - `late`: not reported, the deadline passed `days` days ago;
 * - `closed`: closed without a report (no follow-up, refused): nothing is due any more.
 */
export type ReportDeadline =
  | { kind: 'reported'; by: string; on: string; late: boolean }
  | { kind: 'due'; by: string; days: number }
  | { kind: 'today'; by: string }
  | { kind: 'late'; by: string; days: number }
  | { kind: 'closed'; by: string };

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to` (both YYYY-MM-DD), negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string) => {
    const [y, m, d] = day.slice(0, 10).split('-').map(Number);
    return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  };
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

export function reportDeadline(claim: Pick<Claim, 'reportBy' | 'reportedOn' | 'status'>, today: string): ReportDeadline {
  const by = claim.reportBy;
  if (claim.reportedOn) return { kind: 'reported', by, on: claim.reportedOn, late: claim.reportedOn.slice(0, 10) > by.slice(0, 10) };
  if (CLOSED.has(claim.status)) return { kind: 'closed', by };
  const days = daysBetween(today, by);
  if (days > 0) return { kind: 'due', by, days };
  if (days === 0) return { kind: 'today', by };
  return { kind: 'late', by, days: -days };
}
