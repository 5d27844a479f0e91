/**
 * The rental list is kept alive across navigation like the core quote list (SPEC §2): its
 * filters and scroll offset live here while the module is loaded.
 */
import type { QuoteFilters } from '../host';

export const DEFAULT_FILTERS: QuoteFilters = {
  tab: 'preventivi',
  search: '',
  from: null,
  to: null,
  status: [],
  collaborator: null,
  archived: false,
};

interface ListState {
  filters: QuoteFilters;
  scroll: number;
}

let state: ListState = { filters: DEFAULT_FILTERS, scroll: 0 };

export const rememberedList = (): ListState => state;

export function rememberList(patch: Partial<ListState>): void {
  state = { ...state, ...patch };
}
