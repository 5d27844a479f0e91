/**
 * The rental list is kept alive across navigation like the core quote list (SPEC §2): its
 * filters and scroll offset live here while the module is loaded.
 */
import type { QuoteFilters } from '../host';

let filters: QuoteFilters | null = null;
let scroll = 0;

/** The filters the list last showed (`null` before the first visit: the shell's defaults). */
export const rememberedFilters = (): QuoteFilters | null => filters;
export const rememberFilters = (next: QuoteFilters): void => {
  filters = next;
};

export const rememberedScroll = (): number => scroll;
export const rememberScroll = (offset: number): void => {
  scroll = offset;
};
