import { describe, expect, it } from 'vitest';
import {
  cfCheckChar,
  decodeCodiceFiscale,
  isCodiceFiscale,
  isPartitaIva,
  isPlate,
  MONTH_LETTERS,
  OMOCODIA_LETTERS,
  OMOCODIA_POSITIONS,
  pivaCheckDigit,
  toUsrData,
  validateAll,
  validateValue,
  type FieldDef,
} from '../validators';
import shared from './shared-cases.json';

const checked = (first15: string) => first15 + cfCheckChar(first15);
const field = (type: string, extra: Partial<FieldDef> = {}): FieldDef => ({ _id: 'f1', name: 'Campo', type, ...extra });

/** A small seeded generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `${LETTERS}0123456789`;

function generatedCf(rnd: () => number): string {
  const pick = (from: string) => from[Math.floor(rnd() * from.length)]!;
  const num = (max: number) => Math.floor(rnd() * max);
  const names = Array.from({ length: 6 }, () => pick(LETTERS)).join('');
  const day = 1 + num(28) + (rnd() < 0.5 ? 40 : 0);
  const first15 = `${names}${String(num(100)).padStart(2, '0')}${pick(MONTH_LETTERS)}${String(day).padStart(2, '0')}${pick(LETTERS)}${String(num(1000)).padStart(3, '0')}`;
  return checked(first15);
}

function omocode(cf: string, positions: number[]): string {
  const chars = [...cf.slice(0, 15)];
  for (const i of positions) chars[i] = OMOCODIA_LETTERS[Number(chars[i])]!;
  return checked(chars.join(''));
}

describe('Codice Fiscale', () => {
  it.each(['RSSMRA85T10A562S', 'MRTMTT25D09F205Z', 'rssmra85t10a562s', ' RSSMRA 85T10 A562S ', 'MRTMTT25D09F2LRF', 'RSSMRAURTMLARSNL'])(
    'accepts %s',
    (cf) => expect(isCodiceFiscale(cf)).toBe(true),
  );

  it.each([
    'RSSMRA85T10A562T',
    'MRTMTT25D09F2LRZ',
    'RSSMRA85T10A562',
    '',
    checked('RSSMRA85Z10A562'),
    checked('RSSMRA85T32A562'),
    checked('RSSMRA85B30A562'),
    checked('RSSMRA8AT10A562'),
    checked('1SSMRA85T10A562'),
  ])('refuses %s', (cf) => expect(isCodiceFiscale(cf)).toBe(false));

  it('decodes birth date, sex and place, omocodia included', () => {
    const today = new Date(2026, 0, 1);
    expect(decodeCodiceFiscale('RSSMRA85T10A562S', today)).toEqual({ birthDate: '1985-12-10', sex: 'M', placeCode: 'A562' });
    expect(decodeCodiceFiscale('MRTMTT25D09F2LRF', today)?.placeCode).toBe('F205');
    expect(decodeCodiceFiscale(checked('RSSMRA85T50A562'), today)).toMatchObject({ birthDate: '1985-12-10', sex: 'F' });
    expect(decodeCodiceFiscale('MRTMTT25D09F205Z', new Date(2025, 3, 8))?.birthDate).toBe('1925-04-09');
    expect(decodeCodiceFiscale('MRTMTT25D09F205Z', new Date(2025, 3, 9))?.birthDate).toBe('2025-04-09');
  });

  it('keeps generated codes valid, under omocodia too, and breaks them on any one change', () => {
    const rnd = random(42);
    for (let n = 0; n < 300; n++) {
      const cf = generatedCf(rnd);
      expect(isCodiceFiscale(cf), cf).toBe(true);
      const positions = OMOCODIA_POSITIONS.filter(() => rnd() < 0.4);
      const variant = omocode(cf, positions.length ? positions : [14]);
      expect(isCodiceFiscale(variant), variant).toBe(true);
      expect(decodeCodiceFiscale(variant)).toEqual(decodeCodiceFiscale(cf));
      const code = rnd() < 0.5 ? cf : variant;
      const index = Math.floor(rnd() * 16);
      const char = ALNUM[Math.floor(rnd() * ALNUM.length)]!;
      if (code[index] === char) continue;
      const changed = code.slice(0, index) + char + code.slice(index + 1);
      expect(isCodiceFiscale(changed), changed).toBe(false);
    }
  });

  it('refuses random strings', () => {
    const rnd = random(7);
    const samples = Array.from({ length: 1000 }, () => Array.from({ length: 16 }, () => ALNUM[Math.floor(rnd() * 36)]).join(''));
    expect(samples.filter(isCodiceFiscale)).toEqual([]);
  });
});

describe('Partita IVA', () => {
  it.each(['00743110157', '01234567897', '12345678903'])('accepts %s', (piva) => expect(isPartitaIva(piva)).toBe(true));
  it.each(['00743110158', '0074311015', '007431101570', '0074311015A', '00000000000'])('refuses %s', (piva) =>
    expect(isPartitaIva(piva)).toBe(false),
  );

  it('breaks on any one changed digit', () => {
    const rnd = random(3);
    for (let n = 0; n < 300; n++) {
      const first10 = Array.from({ length: 10 }, () => Math.floor(rnd() * 10)).join('');
      const piva = first10 + pivaCheckDigit(first10);
      if (piva === '0'.repeat(11)) continue;
      expect(isPartitaIva(piva)).toBe(true);
      const index = Math.floor(rnd() * 11);
      const digit = String((Number(piva[index]) + 1 + Math.floor(rnd() * 9)) % 10);
      expect(isPartitaIva(piva.slice(0, index) + digit + piva.slice(index + 1))).toBe(false);
    }
  });
});

describe('plates', () => {
  it.each(['AB123CD', 'ab 123 cd', 'FZ-987-XY', 'AB12345', 'X2B4CD', 'X12345', 'MI123456', 'MI A12345', 'ROMA12345A', 'TO 12345'])(
    'accepts %s',
    (plate) => expect(isPlate(plate)).toBe(true),
  );
  it.each(['', 'AI123CD', 'AB123CO', 'QB123CD', 'AB123CU', 'AB1234D', 'AB1234', 'Y2B4CD', 'XX123456', 'MIABCD12', 'MI1234'])(
    'refuses %s',
    (plate) => expect(isPlate(plate)).toBe(false),
  );
});

describe('validateValue', () => {
  const OPTIONS = ['Benzina', 'Diesel'];
  it.each<[string, Partial<FieldDef>, unknown]>([
    ['text', {}, 'Mario'],
    ['Selezione', { options: OPTIONS }, 'Diesel'],
    ['Selezione multipla', { options: OPTIONS }, ['Diesel', 'Benzina']],
    ['cf', {}, 'rssmra85t10a562s'],
    ['cf', {}, '00743110157'],
    ['targa', {}, { value: 'ab123cd', tipoBersani: 'Art. 134', targaAgev: true }],
    ['Data', {}, '2099-12-31'],
    ['bool', {}, false],
    ['atr', {}, { years: { '2022': 1, '2023': 2 }, total: 3 }],
    ['marcamodello', {}, { brand: 'Fiat', model: 'Panda' }],
    ['immatricolazione', {}, { isNew: true }],
    ['immatricolazione', {}, { isNew: false, date: '2019-03-01' }],
    ['pa', {}, { isInsured: true, company: 'Allianz', exp: '2026-05-31', at: '2026-01-10T09:30:00Z' }],
    ['importo', {}, 0],
    ['valore', {}, 19999.99],
  ])('accepts a %s', (type, extra, value) => expect(validateValue(field(type, extra), value)).toBeNull());

  it.each<[string, Partial<FieldDef>, unknown, string]>([
    ['text', {}, 12, 'Testo non valido per Campo'],
    ['Selezione', { options: OPTIONS }, 'GPL', 'Valore non ammesso per Campo'],
    ['Selezione multipla', { options: OPTIONS }, ['GPL'], 'Valore non ammesso per Campo'],
    ['cf', {}, 'RSSMRA85T10A562T', 'Codice fiscale errato'],
    ['cf', {}, '00743110158', 'Partita IVA errata'],
    ['targa', {}, { value: 'AI123CD' }, 'Targa non valida'],
    ['targa', {}, { value: 'AB123CD', targaAgev: 'sì' }, 'Valore non ammesso per targaAgev'],
    ['Data', {}, '1899-12-31', 'Data non valida'],
    ['Data', {}, '2100-01-01', 'Data non valida'],
    ['Data', {}, '2023-02-29', 'Data non valida'],
    ['bool', {}, 'true', 'Valore non valido per Campo'],
    ['atr', {}, { years: { '2022': 1 }, total: 2 }, 'Il totale dei sinistri non corrisponde alla somma degli anni'],
    ['atr', {}, { years: { '2022': -1 } }, 'Attestato di rischio non valido'],
    ['marcamodello', {}, { brand: '', model: 'Panda' }, 'Marca e modello non validi'],
    ['immatricolazione', {}, { isNew: false }, 'Data di immatricolazione non valida'],
    ['pa', {}, { company: 'Allianz' }, 'Dati della precedente assicurazione non validi'],
    ['pa', {}, { isInsured: true, exp: '31/05/2026' }, 'Data non valida'],
    ['importo', {}, -1, 'Importo non valido'],
    ['importo', {}, 10.005, 'Importo non valido'],
    ['importo', {}, 0.1 + 0.2, 'Importo non valido'],
    ['massimale', {}, '1000', 'Importo non valido'],
    ['nuovo-tipo', {}, 'x', 'Tipo di campo sconosciuto: nuovo-tipo'],
  ])('refuses a %s', (type, extra, value, message) => expect(validateValue(field(type, extra), value)).toBe(message));

  it('asks for required fields only', () => {
    expect(validateValue(field('cf'), '')).toBeNull();
    expect(validateValue(field('cf', { required: true }), ' ')).toBe('Campo obbligatorio: Campo');
    expect(validateValue(field('targa', { required: true }), { value: '', targaAgev: true })).toBe('Campo obbligatorio: Campo');
  });

  it('validates a whole form and turns it into usrData', () => {
    const fields: FieldDef[] = [
      { _id: 'nome', name: 'Nome', type: 'text', required: true },
      { _id: 'cf', name: 'Codice fiscale', type: 'cf' },
      { _id: 'note', name: 'Note', type: 'text' },
    ];
    expect(validateAll(fields, { cf: 'RSSMRA85T10A562T' })).toEqual({ nome: 'Campo obbligatorio: Nome', cf: 'Codice fiscale errato' });
    expect(validateAll(fields, { nome: 'Mario', cf: 'RSSMRA85T10A562S' })).toEqual({});
    expect(toUsrData(fields, { nome: 'Mario', note: '', other: 1 })).toEqual([{ _id: 'nome', value: 'Mario' }]);
  });

  it('uses the translator it is given', () => {
    const t = (key: string, vars?: Record<string, string>) => `${key}|${vars?.name ?? ''}`;
    expect(validateValue(field('cf'), 'X', t)).toBe('errors.cf|');
    expect(validateValue(field('text', { required: true }), '', t)).toBe('errors.required|Campo');
  });
});

describe('the risk certificate (atr) with the responsibility', () => {
  const atr = field('atr');
  const SHARE = "Attestato di rischio non valido: una quota di responsabilità paritaria dev'essere tra 1% e 50%";

  it('keeps the old quotes\' counts and takes main claims with equal-responsibility shares', () => {
    expect(validateValue(atr, { years: { '2021': 0, '2022': 2 }, total: 2 })).toBeNull();
    expect(validateValue(atr, { years: { '2022': { principali: 1, paritarie: [50, 30] } }, total: 3 })).toBeNull();
    expect(validateValue(atr, { years: { '2021': 1, '2022': { paritarie: [50] } }, total: 2 })).toBeNull();
  });

  it('counts every claim in the total, those with equal responsibility too', () => {
    expect(validateValue(atr, { years: { '2022': { principali: 1, paritarie: [50] } }, total: 1 })).toBe(
      'Il totale dei sinistri non corrisponde alla somma degli anni',
    );
  });

  it.each<[string, unknown, string]>([
    ['a negative count', { years: { '2022': { principali: -1 } } }, 'Attestato di rischio non valido'],
    ['a count that is no whole number', { years: { '2022': { principali: 0.5 } } }, 'Attestato di rischio non valido'],
    ['a thousand claims', { years: { '2022': { principali: 1000 } } }, 'Attestato di rischio non valido'],
    ['a thousand claims, old style', { years: { '2022': 1000 } }, 'Attestato di rischio non valido'],
    ['a count as text', { years: { '2022': { principali: '1' } } }, 'Attestato di rischio non valido'],
    ['an infinite count', { years: { '2022': { principali: Infinity } } }, 'Attestato di rischio non valido'],
    ['shares that are no list', { years: { '2022': { paritarie: '50' } } }, 'Attestato di rischio non valido'],
    ['21 shares in a year', { years: { '2022': { paritarie: Array(21).fill(10) } } }, 'Attestato di rischio non valido'],
    ['a share of 0', { years: { '2022': { paritarie: [0] } } }, SHARE],
    ['a share of 60', { years: { '2022': { paritarie: [60] } } }, SHARE],
    ['a share of NaN', { years: { '2022': { paritarie: [NaN] } } }, SHARE],
    ['a share of true', { years: { '2022': { paritarie: [true] } } }, SHARE],
    ['an unknown key in a year', { years: { '2022': { principali: 0, esclusiva: 1 } } }, 'Attestato di rischio non valido'],
    ['an unknown key beside the years', { years: { '2022': 0 }, note: 'x' }, 'Attestato di rischio non valido'],
    ['a year as a list', { years: { '2022': [1] } }, 'Attestato di rischio non valido'],
    ['eleven years', { years: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [String(2014 + i), 0])) }, 'Attestato di rischio non valido: al massimo 10 anni'],
  ])('refuses %s', (_, value, message) => expect(validateValue(atr, value)).toBe(message));

  it('refuses a huge map of years at once', () => {
    const years = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [String(i), { paritarie: [60] }]));
    expect(validateValue(atr, { years })).toBe('Attestato di rischio non valido: al massimo 10 anni');
  });
});

describe('parity with the server', () => {
  it.each(shared.cases.map((c) => [`${c.type}: ${JSON.stringify(c.value)}`, c] as const))('%s', (_, c) => {
    const { value, message, ...rest } = c as { value: unknown; message: string | null } & Partial<FieldDef>;
    expect(validateValue({ _id: 'f1', name: 'Campo', type: '', ...rest } as FieldDef, value)).toBe(message);
  });
});
