/**
 * The CSV import's pure parts (src/lib/csvImport.ts): the file limit, the server's answer read
 * without failing, the refused rows as lines ('Riga 3 — AB12 — …') and when 'Importa' is enabled.
 */
import { describe, expect, it } from 'vitest';
import {
  asImportAnswer,
  canImport,
  CSV_HEADER,
  errorLine,
  fileProblem,
  importErrors,
  importErrorsOfRefusal,
  MAX_CSV_BYTES,
  type Translate,
} from '../lib/csvImport';
import { translations } from '../translations';

/** The module's Italian and English wording, interpolated as i18next does. */
const wording =
  (language: 'it' | 'en'): Translate =>
  (key, values = {}) => {
    const [group, name] = key.split('.') as [string, string];
    const text = (translations[language] as unknown as Record<string, Record<string, string>>)[group]![name]!;
    return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(values[v]));
  };
const italian = wording('it');

const CAR = "Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)";

describe('the refused rows as lines', () => {
  it('name the row, the plate and the message', () => {
    expect(errorLine({ riga: 3, targa: 'AB12', messaggio: CAR }, italian)).toBe(`Riga 3 — AB12 — ${CAR}`);
    expect(errorLine({ riga: 3, targa: 'AB12', messaggio: CAR }, wording('en'))).toBe(`Row 3 — AB12 — ${CAR}`);
  });

  it('say so for a row without a plate', () => {
    expect(errorLine({ riga: 7, targa: '  ', messaggio: 'Targa mancante' }, italian)).toBe('Riga 7 — senza targa — Targa mancante');
  });

  it('read the list in file order, leaving out what is no row (abuse: any shape from the wire)', () => {
    const rows = importErrors([
      { riga: 9, targa: 'ZZ', messaggio: 'b' },
      { riga: 3, targa: 'AB12', messaggio: CAR },
      { riga: 0, targa: 'x', messaggio: 'row 0 is no row' },
      { riga: '4', targa: 12, messaggio: null },
      null,
      'Riga 5',
      { riga: 2.5 },
    ]);
    expect(rows).toEqual([
      { riga: 3, targa: 'AB12', messaggio: CAR },
      { riga: 4, targa: '', messaggio: '' },
      { riga: 9, targa: 'ZZ', messaggio: 'b' },
    ]);
    expect(importErrors('nothing')).toEqual([]);
  });

  it('keep markup as text: a line is plain text, never HTML', () => {
    const line = errorLine({ riga: 2, targa: '<img src=x onerror=alert(1)>', messaggio: '<b>x</b>' }, italian);
    expect(line).toBe('Riga 2 — <img src=x onerror=alert(1)> — <b>x</b>');
  });
});

describe("the server's answer", () => {
  it('reads a dry run', () => {
    const answer = asImportAnswer({ righe: 2, errori: [{ riga: 3, targa: 'AB12', messaggio: CAR }], importate: 0 });
    expect(answer).toEqual({ righe: 2, errori: [{ riga: 3, targa: 'AB12', messaggio: CAR }], importate: 0 });
    expect(canImport(answer)).toBe(false);
  });

  it('enables the import only after a clean dry run with rows', () => {
    expect(canImport(null)).toBe(false);
    expect(canImport(asImportAnswer({ righe: 0, errori: [], importate: 0 }))).toBe(false);
    expect(canImport(asImportAnswer({ righe: 2, errori: [], importate: 0 }))).toBe(true);
  });

  it('reads anything else as nothing (abuse: negative or fractional counts)', () => {
    expect(asImportAnswer(null)).toEqual({ righe: 0, errori: [], importate: 0 });
    expect(asImportAnswer({ righe: -1, importate: 1.5, errori: 'x' })).toEqual({ righe: 0, errori: [], importate: 0 });
  });

  it('finds the rows a refused import names, beside the message or under extra or detail', () => {
    const rows = [{ riga: 3, targa: 'AB12', messaggio: CAR }];
    expect(importErrorsOfRefusal(Object.assign(new Error('File non valido'), { errori: rows }))).toEqual(rows);
    expect(importErrorsOfRefusal({ message: 'x', extra: { errori: rows } })).toEqual(rows);
    expect(importErrorsOfRefusal({ message: 'x', detail: { errori: rows } })).toEqual(rows);
    expect(importErrorsOfRefusal(new Error('Errore di rete'))).toEqual([]);
    expect(importErrorsOfRefusal(undefined)).toEqual([]);
  });
});

describe('the file', () => {
  it('may be up to 1 MB, and not empty', () => {
    expect(MAX_CSV_BYTES).toBe(1024 * 1024);
    expect(fileProblem({ size: 1 })).toBeNull();
    expect(fileProblem({ size: MAX_CSV_BYTES })).toBeNull();
    expect(fileProblem({ size: MAX_CSV_BYTES + 1 })).toBe('errors.fileTooLarge');
    expect(fileProblem({ size: 0 })).toBe('errors.fileEmpty');
  });

  it("starts with the contract's header", () => {
    expect(CSV_HEADER.split(';')).toEqual(['targa', 'tipo', 'marca', 'modello', 'immatricolazione', 'cliente', 'cf']);
  });
});
