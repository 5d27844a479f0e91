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

const lists = new Map<string, ListState<unknown>>();

/** The list's remembered state, or `defaults` with no scroll before its first visit. */
export function rememberedList<F>(key: string, defaults: F): ListState<F> {
  return (lists.get(key) as ListState<F> | undefined) ?? { filters: defaults, scroll: 0 };
}

export function rememberList<F>(key: string, defaults: F, patch: Partial<ListState<F>>): void {
  lists.set(key, { ...rememberedList(key, defaults), ...patch });
}

/** Forget every list (on logout). */
export function forgetLists(): void {
  lists.clear();
}
