/**
 * The quote list's rules (SPEC §2 and §4), as pure functions shared with product modules:
 * tabs, search, date window, status/collaborator/archived filters, sort, highlight, colours.
 */
import type { QuoteFilters } from '@sportello/host-api';
import type { RoleFlags } from '../../lib/roles';
import { roleNames } from '../../lib/roles';
import type { StatusSetting } from '../../store/selectors';
import { rangeBounds } from './dates';

/** The fields of a quote these rules read (a store item has them, loosely typed). */
export interface QuoteLike {
  _id: string;
  [field: string]: unknown;
}

export const EMISSION_REQUESTED = 'Emissione richiesta';

export const DEFAULT_FILTERS: QuoteFilters = {
  tab: 'preventivi',
  search: '',
  from: null,
  to: null,
  status: [],
  collaborator: null,
  archived: false,
};

interface UsrEntry {
  _id?: unknown;
  name?: unknown;
  value?: unknown;
  hide?: unknown;
}

const usrData = (quote: QuoteLike): UsrEntry[] => (Array.isArray(quote.usrData) ? (quote.usrData as UsrEntry[]) : []);

/** The customer's name: the `nome` field, else Nome + Cognome, else the first text value. */
export function customerName(quote: QuoteLike): string {
  const entries = usrData(quote);
  const byId = (id: string) => entries.find((e) => String(e._id).toLowerCase() === id)?.value;
  const nome = byId('nome');
  const cognome = byId('cognome');
  if (typeof nome === 'string' && nome.trim()) return [nome, typeof cognome === 'string' ? cognome : ''].join(' ').trim();
  const first = entries.find((e) => typeof e.value === 'string' && e.value.trim());
  return first ? String(first.value) : '';
}

/** A field value as text: plates, brand and model, amounts, lists; objects otherwise skipped. */
export function valueText(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueText).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.value === 'string') return v.value;
    if (v.brand || v.model) return [v.brand, v.model].filter(Boolean).join(' ');
  }
  return '';
}

/** Everything the search box matches: id, customer values (name, CF, plate…), car, status. */
export function searchText(quote: QuoteLike): string {
  const car = (quote.car ?? {}) as Record<string, unknown>;
  return [quote._id, ...usrData(quote).map((e) => valueText(e.value)), car.car_fullname, quote.status]
    .filter(Boolean)
    .join(' ')
    .toLowerCase();
}

const requested = (quote: QuoteLike) => Boolean(quote.requestEmission);
const issued = (quote: QuoteLike) => Boolean((quote.quote as { policyId?: unknown } | undefined)?.policyId);

/** PREVENTIVI: not requested; RICHIESTE DI EMISSIONE: requested, not issued yet; EMISSIONI: issued. */
function inTab(quote: QuoteLike, tab: QuoteFilters['tab']): boolean {
  if (tab === 'emissioni') return issued(quote);
  return tab === 'richieste' ? requested(quote) && !issued(quote) : !requested(quote);
}

const time = (quote: QuoteLike): number => {
  const ms = Date.parse(String(quote.at ?? ''));
  return Number.isNaN(ms) ? 0 : ms;
};

export interface FilterOptions {
  /** Extra searchable text per quote (e.g. the collaborator's name). */
  extraText?: (quote: QuoteLike) => string;
}

/** Whether a quote passes every filter except the archived one. */
export function matcher(filters: QuoteFilters, options: FilterOptions = {}): (quote: QuoteLike) => boolean {
  const words = filters.search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const bounds = rangeBounds(filters.from, filters.to);
  const statuses = new Set(filters.status);
  return (quote) => {
    if (!inTab(quote, filters.tab)) return false;
    if (statuses.size && !statuses.has(String(quote.status ?? ''))) return false;
    if (filters.collaborator && quote.aId !== filters.collaborator && quote.agId !== filters.collaborator) return false;
    if (bounds) {
      const at = time(quote);
      if (at < bounds.start || at > bounds.end) return false;
    }
    if (words.length) {
      const text = searchText(quote) + (options.extraText ? ` ${options.extraText(quote).toLowerCase()}` : '');
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  };
}

/** 'Emissione richiesta' first, then newest first (SPEC §4); a new array. */
export function sortQuotes<T extends QuoteLike>(quotes: readonly T[]): T[] {
  return quotes
    .map((quote) => ({ quote, first: quote.status === EMISSION_REQUESTED ? 0 : 1, at: time(quote) }))
    .sort((a, b) => a.first - b.first || b.at - a.at || (a.quote._id < b.quote._id ? -1 : 1))
    .map((entry) => entry.quote);
}

/** Quotes passing the filters (archived ones only with Archiviati on), sorted. */
export function filterQuotes<T extends QuoteLike>(quotes: readonly T[], filters: QuoteFilters, options?: FilterOptions): T[] {
  const matches = matcher(filters, options);
  return sortQuotes(quotes.filter((q) => Boolean(q.archived) === filters.archived && matches(q)));
}

/** How many archived quotes the other filters let through (the Archiviati count). */
export function archivedCount(quotes: readonly QuoteLike[], filters: QuoteFilters, options?: FilterOptions): number {
  const matches = matcher(filters, options);
  return quotes.reduce((n, q) => (q.archived && matches(q) ? n + 1 : n), 0);
}

/** Highlighted: no status, or a status whose alert list names one of the user's roles. */
export function isHighlighted(quote: QuoteLike, flags: RoleFlags, statuses: readonly StatusSetting[]): boolean {
  if (!quote.status) return true;
  const status = statuses.find((s) => s.name === quote.status);
  const roles = roleNames(flags);
  return Boolean(status?.alert?.some((role) => roles.includes(role)));
}

/** Statuses the user may pick: canSelectedBy absent or naming one of the user's roles. */
export function selectableStatuses(flags: RoleFlags, statuses: readonly StatusSetting[]): StatusSetting[] {
  const roles = roleNames(flags);
  return statuses.filter((s) => !s.canSelectedBy || s.canSelectedBy.some((role) => roles.includes(role)));
}

export const STATUS_COLORS = ['blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange', 'red', 'pink', 'grape', 'violet', 'indigo'] as const;

/** A Mantine colour from a hash of the status text (stable across sessions); gray for none. */
export function statusColor(status: string | null | undefined): string {
  if (!status) return 'gray';
  let hash = 0;
  for (let i = 0; i < status.length; i += 1) hash = (hash * 31 + status.charCodeAt(i)) | 0;
  return STATUS_COLORS[Math.abs(hash) % STATUS_COLORS.length]!;
}
