/**
 * The side menu as the server sends it (SPEC §6): the entries of every area and product line
 * that the user's roles, their extra products and the tenant's cut admit, already in order. The
 * rules live on the server only (core/permissions.py and each plugin's `menu_entries`); the
 * shell renders what it receives.
 */
import { lineChip } from '../store/selectors';

export interface MenuEntry {
  key: string;
  path: string;
  /** An i18n key ('menu:preventivi'), or the product line's name for a line's entry. */
  label: string;
  icon: string;
  order: number;
  /** 'preventivi', 'polizze', 'sinistri', 'chat' (a core count chip), or null. */
  chip?: string | null;
  /** Set for a product line's entry: the line's id. */
  product?: string | null;
}

/** The count chip an entry shows: its own, else its product line's quotes. */
export function chipOf(entry: MenuEntry): string | null {
  return entry.chip ?? (entry.product ? lineChip(entry.product) : null);
}
