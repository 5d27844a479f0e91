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
  type?: unknown;
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

/** The quotes list's columns, the plate's with the tenant's `plateInQuote` setting on. */
export type QuoteColumn = 'customer' | 'plate' | 'product' | 'status' | 'date' | 'collaborator';
export function quoteColumns(plateInQuote: boolean): QuoteColumn[] {
  return ['customer', ...(plateInQuote ? (['plate'] as const) : []), 'product', 'status', 'date', 'collaborator'];
}

/** The plate of the quote's `targa` field ('' without one): upper case, no spaces or hyphens. */
export function quotePlate(quote: QuoteLike): string {
  const entry = usrData(quote).find((e) => e.type === 'targa');
  return valueText(entry?.value).replace(/[\s-]/g, '').toUpperCase();
}

/**
 * What a search compares: lower case, hyphens dropped, on both sides, so 'AB-123-CD' finds the
 * plate AB123CD (and 'anna-maria' still finds Anna-Maria).
 */
const fold = (text: string): string => text.toLowerCase().replace(/-/g, '');

/**
 * Each quote's search text, built the first time a search reads it and kept per quote object:
 * store items are replaced, never changed in place, so a changed quote gets a new text. Typing
 * a search then builds no text twice, and the list shows without building any.
 */
const texts = new WeakMap<QuoteLike, string>();

/** Everything the search box matches: id, customer values (name, CF, plate…), car, status. */
export function searchText(quote: QuoteLike): string {
  let text = texts.get(quote);
  if (text === undefined) {
    const car = (quote.car ?? {}) as Record<string, unknown>;
    text = fold([quote._id, ...usrData(quote).map((e) => valueText(e.value)), car.car_fullname, quote.status].filter(Boolean).join(' '));
    texts.set(quote, text);
  }
  return text;
}

type IdleDeadline = { timeRemaining(): number };
type IdleScheduler = (step: (deadline: IdleDeadline) => void) => () => void;

/** `requestIdleCallback` where the browser has it, else a timer granting a 5 ms slice. */
const whenIdle: IdleScheduler = (step) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(step);
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => {
    const end = performance.now() + 5;
    step({ timeRemaining: () => end - performance.now() });
  }, 0);
  return () => clearTimeout(timer);
};

/**
 * Build the quotes' search texts in idle time, a slice at a time, so the first search finds
 * them ready; the list shows first. Returns the cancel function.
 */
export function prepareSearch(quotes: readonly QuoteLike[], idle: IdleScheduler = whenIdle): () => void {
  let next = 0;
  let cancel = () => {};
  const step = (deadline: IdleDeadline) => {
    do searchText(quotes[next++]!);
    while (next < quotes.length && deadline.timeRemaining() > 1);
    if (next < quotes.length) cancel = idle(step);
  };
  if (quotes.length) cancel = idle(step);
  return () => cancel();
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
  const others = otherFilters(filters, options);
  return (quote) => inTab(quote, filters.tab) && others(quote);
}

/** Whether a quote passes the status, collaborator, date and search filters (not tab, not archived). */
function otherFilters(filters: QuoteFilters, options: FilterOptions): (quote: QuoteLike) => boolean {
  const words = fold(filters.search.trim()).split(/\s+/).filter(Boolean);
  const bounds = rangeBounds(filters.from, filters.to);
  const statuses = new Set(filters.status);
  return (quote) => {
    if (statuses.size && !statuses.has(String(quote.status ?? ''))) return false;
    if (filters.collaborator && quote.aId !== filters.collaborator && quote.agId !== filters.collaborator) return false;
    if (bounds) {
      const at = time(quote);
      if (at < bounds.start || at > bounds.end) return false;
    }
    if (words.length) {
      const text = searchText(quote) + (options.extraText ? ` ${fold(options.extraText(quote))}` : '');
      if (!words.every((word) => text.includes(word))) return false;
    }
    return true;
  };
}

export const TABS: readonly QuoteFilters['tab'][] = ['preventivi', 'richieste', 'emissioni'];
export type TabCounts = Record<QuoteFilters['tab'], number> & { archived: number };

/**
 * What each tab would list with the other filters as they are, and the Archiviati count (the
 * archived quotes of the current tab): one pass over the quotes, each searched once.
 */
export function tabCounts(quotes: readonly QuoteLike[], filters: QuoteFilters, options: FilterOptions = {}): TabCounts {
  const others = otherFilters(filters, options);
  const counts: TabCounts = { preventivi: 0, richieste: 0, emissioni: 0, archived: 0 };
  for (const quote of quotes) {
    if (!others(quote)) continue;
    if (Boolean(quote.archived) === filters.archived) for (const tab of TABS) if (inTab(quote, tab)) counts[tab] += 1;
    if (quote.archived && inTab(quote, filters.tab)) counts.archived += 1;
  }
  return counts;
}

/**
 * 'Emissione richiesta' first, then newest first (SPEC §4); a new array. The keys go into
 * typed arrays, each date parsed once, and an index array is sorted: no object per quote.
 */
export function sortQuotes<T extends QuoteLike>(quotes: readonly T[]): T[] {
  const first = new Uint8Array(quotes.length);
  const at = new Float64Array(quotes.length);
  quotes.forEach((quote, i) => {
    first[i] = quote.status === EMISSION_REQUESTED ? 0 : 1;
    at[i] = time(quote);
  });
  const order = Uint32Array.from(quotes.keys());
  order.sort((a, b) => first[a]! - first[b]! || at[b]! - at[a]! || (quotes[a]!._id < quotes[b]!._id ? -1 : 1));
  return Array.from(order, (i) => quotes[i]!);
}

/** Quotes passing the filters (archived ones only with Archiviati on), sorted. */
export function filterQuotes<T extends QuoteLike>(quotes: readonly T[], filters: QuoteFilters, options?: FilterOptions): T[] {
  return sortQuotes(filterSorted(quotes, filters, options));
}

/**
 * The quotes of a list passing the filters, in the list's order: on a list sorted once per
 * change of the data, a new filter or search costs one pass and no sort.
 */
export function filterSorted<T extends QuoteLike>(quotes: readonly T[], filters: QuoteFilters, options?: FilterOptions): T[] {
  const matches = matcher(filters, options);
  return quotes.filter((q) => Boolean(q.archived) === filters.archived && matches(q));
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
