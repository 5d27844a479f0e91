/**
 * The tenant's usury table (`prestiti/tegm`): its rows as the stream sends them (numbers as exact
 * text), their order and amount band on screen, and the body of `prestiti.salvaTegm` from the editor's draft.
 */
import { formatEuro } from '@sportello/host-api';

/** A line of the table (plugins/prestiti/tegm.py `row_payload`). */
export interface TegmRow {
  _id: string;
  category: string;
  tegm: string;
  above: string;
  upTo: string | null;
  from: string;
  to: string;
  threshold: string;
  band: string;
}

/** The decree's categories (plugins/prestiti/money/usury.py `Category`). */
export const CATEGORIES = [
  'Credito personale',
  'Prestiti contro cessione del quinto dello stipendio e della pensione',
  'Mutui con garanzia ipotecaria a tasso fisso',
  'Mutui con garanzia ipotecaria a tasso variabile',
  'Credito finalizzato',
  'Altri finanziamenti',
] as const;

/** Newest period first, then by category and amount band. */
export function sortedRows(rows: Iterable<TegmRow>): TegmRow[] {
  return [...rows].sort(
    (a, b) =>
      b.from.localeCompare(a.from) ||
      a.category.localeCompare(b.category, 'it') ||
      Number(a.above) - Number(b.above),
  );
}

/** What the editor holds. */
export interface TegmDraft {
  _id?: string;
  category: string;
  tegm: number | null;
  above: number | null;
  upTo: number | null;
  from: string | null;
  to: string | null;
}

export const draftOf = (row: TegmRow | null): TegmDraft =>
  row
    ? {
        _id: row._id,
        category: row.category,
        tegm: Number(row.tegm),
        above: Number(row.above),
        upTo: row.upTo === null ? null : Number(row.upTo),
        from: row.from,
        to: row.to,
      }
    : { category: CATEGORIES[0], tegm: null, above: 0, upTo: null, from: null, to: null };

/** The editor's problems by field, as translation keys (the server checks them again). */
export function tegmProblems(draft: TegmDraft): Partial<Record<keyof TegmDraft, string>> {
  const problems: Partial<Record<keyof TegmDraft, string>> = {};
  if (draft.tegm === null || draft.tegm <= 0 || draft.tegm > 50) problems.tegm = 'errors.tegm';
  if (draft.upTo !== null && draft.upTo <= (draft.above ?? 0)) problems.upTo = 'errors.band';
  if (!draft.from) problems.from = 'errors.required';
  if (!draft.to) problems.to = 'errors.required';
  else if (draft.from && draft.to < draft.from) problems.to = 'errors.days';
  return problems;
}

/** The body of `prestiti.salvaTegm` (`_id` only when a line is changed). */
export const saveBody = (draft: TegmDraft) => ({
  ...(draft._id ? { _id: draft._id } : {}),
  category: draft.category,
  tegm: draft.tegm,
  above: draft.above ?? 0,
  upTo: draft.upTo,
  from: draft.from,
  to: draft.to,
});

/** The amount band as a translation key and its values: 'fino a 15.000,00 €', 'oltre…', 'da… a…', 'ogni importo'. */
export function bandOf(row: TegmRow): { key: string; values: Record<string, string> } {
  const above = Number(row.above);
  const from = formatEuro(above);
  if (row.upTo === null) return above ? { key: 'usury.bandAbove', values: { from } } : { key: 'usury.bandAny', values: {} };
  const to = formatEuro(Number(row.upTo));
  return above ? { key: 'usury.bandBetween', values: { from, to } } : { key: 'usury.bandUpTo', values: { to } };
}
