/**
 * Lists kept alive across navigation (SPEC §2): a list's filters and scroll offset live here
 * for the whole session, so coming back shows the same rows at the same place at once. Each
 * bundle (the shell, every module) holds its own lists, keyed by the list's name.
 */

export interface ListState<F> {
  filters: F;
  scroll: number;
}

/** What each list has kept: its scroll offset may be kept before any filter (VirtualRows keeps
 * the offset, the page its filters). */
const lists = new Map<string, Partial<ListState<unknown>>>();

/** The list's remembered state: `defaults` for filters never kept, no scroll before its first visit. */
export function rememberedList<F>(key: string, defaults: F): ListState<F> {
  const kept = lists.get(key) as Partial<ListState<F>> | undefined;
  return { filters: kept?.filters ?? defaults, scroll: kept?.scroll ?? 0 };
}

/** Keeps what `patch` gives, and only that: a scroll offset kept does not stand for the filters. */
export function rememberList<F>(key: string, _defaults: F, patch: Partial<ListState<F>>): void {
  lists.set(key, { ...lists.get(key), ...patch });
}

/** Forget every list (on logout). */
export function forgetLists(): void {
  lists.clear();
}
