/**
 * The quote list is kept alive across navigation (SPEC §2): its filters and scroll offset live
 * here for the whole session, so coming back shows the same rows at the same place at once.
 */
import type { QuoteFilters } from '../../federation/contract';
import { DEFAULT_FILTERS } from './quoteLogic';

interface ListState {
  filters: QuoteFilters;
  scroll: number;
}

const lists = new Map<string, ListState>();

export function rememberedList(key: string): ListState {
  return lists.get(key) ?? { filters: DEFAULT_FILTERS, scroll: 0 };
}

export function rememberList(key: string, patch: Partial<ListState>): void {
  lists.set(key, { ...rememberedList(key), ...patch });
}

export function forgetLists(): void {
  lists.clear();
}
