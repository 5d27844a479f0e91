/**
 * Lists kept alive across navigation (SPEC §2): a list's filters and scroll offset live here
 * for the whole session, so coming back shows the same rows at the same place at once. Each
 * bundle (the shell, every module) holds its own lists, keyed by the list's name.
 */
import type { VirtualItem } from '@tanstack/react-virtual';

/** The heights VirtualRows measured (by row key), and the window's width they were measured at. */
export interface RowSizes {
  width: number;
  items: VirtualItem[];
}

export interface ListState<F> {
  filters: F;
  scroll: number;
  /** The rows' measured heights, so the remembered offset lands on the same row (./VirtualRows). */
  sizes?: RowSizes;
}

const lists = new Map<string, Partial<ListState<unknown>>>();

/**
 * The list's remembered state: `defaults` for filters never set (VirtualRows keeps a list's
 * scroll offset and heights before its page keeps any filters), no scroll before its first visit.
 */
export function rememberedList<F>(key: string, defaults: F): ListState<F> {
  const kept = lists.get(key) as Partial<ListState<F>> | undefined;
  return { scroll: 0, ...kept, filters: kept?.filters === undefined ? defaults : kept.filters };
}

/**
 * Keeps `patch` over the list's state. Filters not in it stay as they were, never set if they
 * were not: `_defaults` is only the reader's (rememberedList), kept in the signature for callers.
 */
export function rememberList<F>(key: string, _defaults: F, patch: Partial<ListState<F>>): void {
  lists.set(key, { ...lists.get(key), ...patch });
}

/** Forget every list (on logout). */
export function forgetLists(): void {
  lists.clear();
}
