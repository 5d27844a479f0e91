/** Pure conversions of the settings screen: company rows, statuses, lines of text, changes. */
import type { CompanyDraft } from '../products/productForm';
import type { StatusSetting } from '../../store/selectors';

export const ROLES = ['admin', 'responsabile', 'e', 'a', 'segnalatore'] as const;
export const HEX = /^#[0-9a-fA-F]{6}$/;
/** Statuses the workflow itself uses: their names stay (the server refuses a rename). */
export const BUILT_IN_STATUS_IDS = new Set([-1, 0, 1, 2, 3, 4, 11]);

export function companyRows(compagnie: unknown): CompanyDraft[] {
  if (!compagnie || typeof compagnie !== 'object') return [];
  return Object.entries(compagnie as Record<string, Partial<CompanyDraft>>).map(([name, c]) => ({
    name,
    provv: Number(c.provv ?? 0),
    istruttoria: Number(c.istruttoria ?? 0),
    qMin: Number(c.qMin ?? 0),
    qMax: Number(c.qMax ?? 0),
  }));
}

export function compagnieOf(rows: CompanyDraft[]): Record<string, Omit<CompanyDraft, 'name'>> {
  return Object.fromEntries(
    rows
      .filter((row) => row.name.trim())
      .map(({ name, provv, istruttoria, qMin, qMax }) => [name.trim(), { provv, istruttoria, qMin, qMax }]),
  );
}

/** One item per non-empty line, trimmed and without repeats. */
export function linesOf(text: string): string[] {
  return [...new Set(text.split('\n').map((line) => line.trim()).filter(Boolean))];
}

/** The next free id for a status the admin adds (custom ids start at 100). */
export function nextStatusId(stati: StatusSetting[]): number {
  return Math.max(99, ...stati.map((s) => s.id)) + 1;
}

/** Toggle ``role`` in a status's list; `null` for canSelectedBy means anyone. */
export function toggleRole(list: string[] | undefined, role: string, on: boolean): string[] {
  const current = list ?? [];
  return on ? [...new Set([...current, role])] : current.filter((r) => r !== role);
}

/** Only the fields that differ from what is saved, so one save never overwrites another's. */
export function changedFields(saved: Record<string, unknown>, draft: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(draft).filter(([key, value]) => JSON.stringify(saved[key]) !== JSON.stringify(value)));
}
