/**
 * The CSV import of a dealer's plates (`rca.targhe.importa {csv, dryRun}`): a dry run first,
 * listing each refused row; the import itself only from a clean dry run (the server imports
 * nothing from a file with any error either). Row numbers count the header as row 1.
 */

/** The largest file the server reads (≤ 1 MB). */
export const MAX_CSV_BYTES = 1024 * 1024;
/** The header a file starts with (',' separated also read). */
export const CSV_HEADER = 'targa;tipo;marca;modello;immatricolazione;cliente;cf';

export interface ImportError {
  riga: number;
  targa: string;
  messaggio: string;
}

export interface ImportAnswer {
  righe: number;
  errori: ImportError[];
  importate: number;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const count = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : 0);

/** A refused row, read from any shape; null when it is no row. */
function importError(value: unknown): ImportError | null {
  const raw = record(value);
  const riga = Number(raw.riga);
  if (!Number.isInteger(riga) || riga < 1) return null;
  return { riga, targa: typeof raw.targa === 'string' ? raw.targa : '', messaggio: typeof raw.messaggio === 'string' ? raw.messaggio : '' };
}

/** The refused rows of a list, in file order. */
export function importErrors(value: unknown): ImportError[] {
  if (!Array.isArray(value)) return [];
  return value
    .map(importError)
    .filter((row): row is ImportError => row !== null)
    .sort((a, b) => a.riga - b.riga);
}

/** The server's answer, read without failing. */
export function asImportAnswer(value: unknown): ImportAnswer {
  const raw = record(value);
  return { righe: count(raw.righe), errori: importErrors(raw.errori), importate: count(raw.importate) };
}

/**
 * The rows a refused import names: a real import with errors is refused (400) with the same
 * list as the dry run, carried beside the message (`errori`, or under `extra` or `detail`).
 */
export function importErrorsOfRefusal(error: unknown): ImportError[] {
  const raw = record(error);
  for (const holder of [raw, record(raw.extra), record(raw.detail)]) {
    const rows = importErrors(holder.errori);
    if (rows.length) return rows;
  }
  return [];
}

/** Why a file cannot be sent (a translation key), or null. */
export function fileProblem(file: { size: number }): 'errors.fileEmpty' | 'errors.fileTooLarge' | null {
  if (file.size === 0) return 'errors.fileEmpty';
  if (file.size > MAX_CSV_BYTES) return 'errors.fileTooLarge';
  return null;
}

/** Whether the import may run: a dry run answered, with rows and no error. */
export const canImport = (dryRun: ImportAnswer | null): boolean => dryRun !== null && dryRun.righe > 0 && dryRun.errori.length === 0;

export type Translate = (key: string, values?: Record<string, unknown>) => string;

/** One refused row as a line: 'Riga 3 — AB12 — Targa non valida…'. */
export const errorLine = (row: ImportError, t: Translate): string =>
  t('import.errorLine', { riga: row.riga, targa: row.targa.trim() || t('import.noPlate'), messaggio: row.messaggio });
