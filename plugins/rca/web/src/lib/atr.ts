/**
 * The risk certificate (attestato di rischio, ATR) as the calculator's table holds it — one row
 * per observation year, as typed — and the `rca.classe` call it makes:
 * `{atr: [{anno, principali, paritarie: [50]}…], classeIniziale?}` → `{classe, passi}`.
 * The server derives the CU class (plugins/rca/rules/cu.py); the table only refuses what cannot
 * be sent (a year that is no year, a negative count, a share outside 1–50 %, a year twice).
 */

export interface AtrRow {
  anno: string;
  /** Claims paid with main responsibility. */
  principali: string;
  /** The shares (%) of claims paid with responsabilità paritaria: '50' or '50, 30'. */
  paritarie: string;
}

export interface AtrYearPayload {
  anno: number;
  principali: number;
  paritarie: number[];
}

export interface CuRequest {
  atr: AtrYearPayload[];
  classeIniziale?: number;
}

export interface CuAnswer {
  classe: number;
  passi: string[];
}

export type AtrField = keyof AtrRow;
/** Translation keys of the problems, per row and field, and of the starting class. */
export interface AtrProblems {
  rows: Partial<Record<AtrField, string>>[];
  classeIniziale?: string;
  table?: string;
}

export const ENTRY_CLASS = 14;
export const MIN_YEAR = 1950;
export const MAX_ROWS = 30;

/** The last `years` years before `currentYear`, without claims: the table a calculation starts from. */
export function defaultAtrRows(currentYear: number, years = 5): AtrRow[] {
  return Array.from({ length: years }, (_, i) => ({ anno: String(currentYear - years + i), principali: '0', paritarie: '' }));
}

/** A row for the year after the table's last (or last year, for an empty table). */
export function nextAtrRow(rows: readonly AtrRow[], currentYear: number): AtrRow {
  const years = rows.map((row) => Number(row.anno)).filter(Number.isInteger);
  const anno = years.length ? Math.max(...years) + 1 : currentYear - 1;
  return { anno: String(anno), principali: '0', paritarie: '' };
}

const WHOLE = /^\d+$/;

function shares(text: string): number[] | null {
  const parts = text.replace(/%/g, ' ').split(/[,;\s]+/).filter(Boolean);
  if (!parts.every((part) => WHOLE.test(part))) return null;
  const values = parts.map(Number);
  return values.every((share) => share >= 1 && share <= 50) ? values : null;
}

/**
 * The `rca.classe` payload of the table, oldest year first, or the problems that keep it from
 * being sent. An empty starting class is the entry class (the server's default, 14).
 */
export function cuRequest(
  rows: readonly AtrRow[],
  classeIniziale: string,
  currentYear: number,
): { request: CuRequest; problems: null } | { request: null; problems: AtrProblems } {
  const problems: AtrProblems = { rows: rows.map(() => ({})) };
  let failed = false;
  const fail = (index: number, field: AtrField, key: string) => {
    problems.rows[index]![field] = key;
    failed = true;
  };
  const years: AtrYearPayload[] = [];
  rows.forEach((row, index) => {
    const anno = row.anno.trim();
    const principali = row.principali.trim() || '0';
    const parsedShares = shares(row.paritarie);
    if (!WHOLE.test(anno) || Number(anno) < MIN_YEAR || Number(anno) > currentYear) fail(index, 'anno', 'errors.atrYear');
    if (!WHOLE.test(principali) || Number(principali) > 99) fail(index, 'principali', 'errors.atrClaims');
    if (parsedShares === null) fail(index, 'paritarie', 'errors.atrShares');
    years.push({ anno: Number(anno), principali: Number(principali), paritarie: parsedShares ?? [] });
  });
  years.forEach((year, index) => {
    if (!problems.rows[index]!.anno && years.some((other, j) => j !== index && other.anno === year.anno)) {
      fail(index, 'anno', 'errors.atrRepeated');
    }
  });
  if (!rows.length) {
    problems.table = 'errors.atrEmpty';
    failed = true;
  } else if (rows.length > MAX_ROWS) {
    problems.table = 'errors.atrTooLong';
    failed = true;
  }
  const start = classeIniziale.trim();
  if (start && (!WHOLE.test(start) || Number(start) < 1 || Number(start) > 18)) {
    problems.classeIniziale = 'errors.cuClass';
    failed = true;
  }
  if (failed) return { request: null, problems };
  const request: CuRequest = { atr: [...years].sort((a, b) => a.anno - b.anno) };
  if (start) request.classeIniziale = Number(start);
  return { request, problems: null };
}

/** The server's answer, read without failing; null when it holds no class. */
export function asCuAnswer(value: unknown): CuAnswer | null {
  const raw = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const classe = Number(raw.classe);
  if (!Number.isInteger(classe) || classe < 1 || classe > 18) return null;
  const passi = Array.isArray(raw.passi) ? raw.passi.filter((step): step is string => typeof step === 'string') : [];
  return { classe, passi };
}

/**
 * The table with the certificate years the registered claims make (`atrSinistri` of the plate's
 * detail): each claim year's counts replace that year's row, a year the table lacks is added,
 * the other rows stay as typed; oldest first.
 */
export function rowsWithClaims(rows: readonly AtrRow[], years: readonly AtrYearPayload[]): AtrRow[] {
  const fromClaims = new Map(years.map((year) => [String(year.anno), year]));
  const kept = rows.map((row) => {
    const year = fromClaims.get(row.anno.trim());
    if (!year) return row;
    fromClaims.delete(row.anno.trim());
    return { anno: row.anno.trim(), principali: String(year.principali), paritarie: year.paritarie.join(', ') };
  });
  const added = [...fromClaims.values()].map((year) => ({ anno: String(year.anno), principali: String(year.principali), paritarie: year.paritarie.join(', ') }));
  return [...kept, ...added].sort((a, b) => Number(a.anno) - Number(b.anno));
}
