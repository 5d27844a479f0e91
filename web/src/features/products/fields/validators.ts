/**
 * Customer field types of a product and their validators (SPEC §3, §5): the twin of
 * `core/domain/products/fields` on the server, with the same rules and the same messages
 * (the Italian catalogue `locales/it/fields.json`, keys `errors.*`).
 */
import italianCatalogue from '../../../locales/it/fields.json';

export const FIELD_TYPES = [
  'text',
  'Selezione',
  'Selezione multipla',
  'cf',
  'targa',
  'Data',
  'bool',
  'atr',
  'marcamodello',
  'immatricolazione',
  'pa',
  'importo',
  'massimale',
  'fatturato',
  'valore',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const AMOUNT_TYPES: readonly string[] = ['importo', 'massimale', 'fatturato', 'valore'];

/** A product's customer field definition. */
export interface FieldDef {
  _id: string;
  name: string;
  type: FieldType | string;
  required?: boolean;
  options?: string[];
  hide?: boolean;
}

export interface PlateValue {
  value: string;
  tipoBersani?: string;
  targaAgev?: boolean;
}
/**
 * A year of the risk certificate: claims with main responsibility and the share (%, 1–50) of
 * each claim with equal responsibility (responsabilità paritaria).
 */
export interface AtrYear {
  principali: number;
  paritarie: number[];
}
/**
 * The risk certificate (attestato di rischio): per year a number of claims (how quotes kept it
 * before the responsibility was asked) or an {@link AtrYear}; `total` counts every claim.
 */
export interface AtrValue {
  years: Record<string, number | AtrYear>;
  total: number;
}
export interface BrandModelValue {
  brand: string;
  model: string;
}
export type RegistrationValue = { isNew: true } | { isNew: false; date: string };
export interface PreviousInsuranceValue {
  isInsured: boolean;
  company?: string;
  exp?: string;
  at?: string;
}

/** Translates a message key of the `fields` namespace (`errors.cf`) with `{{name}}` variables. */
export type Translate = (key: string, vars?: Record<string, string>) => string;

function lookup(bundle: unknown, key: string): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], bundle);
  return typeof found === 'string' ? found : key;
}

/** The Italian messages, without i18next (what the server says too). */
export const italian: Translate = (key, vars = {}) =>
  lookup(italianCatalogue, key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => vars[name] ?? '');

// ---- Codice Fiscale and Partita IVA ----------------------------------------------------------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const OMOCODIA_LETTERS = 'LMNPQRSTUV';
/** Indexes of the seven numeric characters (year, day, place number) omocodia may turn into letters. */
export const OMOCODIA_POSITIONS = [6, 7, 9, 10, 12, 13, 14] as const;
export const MONTH_LETTERS = 'ABCDEHLMPRST';
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const DIGIT = `[0-9${OMOCODIA_LETTERS}]`;
const CF_SHAPE = new RegExp(`^[A-Z]{6}${DIGIT}{2}[${MONTH_LETTERS}]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);

/** Upper case without spaces: how codes are compared and stored. */
export const normaliseCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

const charIndex = (char: string): number => (/\d/.test(char) ? Number(char) : ALPHABET.indexOf(char));

/** The check letter of the first 15 characters of a Codice Fiscale (upper case). */
export function cfCheckChar(first15: string): string {
  let total = 0;
  [...first15].forEach((char, i) => {
    total += i % 2 === 0 ? ODD[charIndex(char)]! : charIndex(char);
  });
  return ALPHABET[total % 26]!;
}

export interface CodiceFiscaleData {
  /** YYYY-MM-DD */
  birthDate: string;
  sex: 'M' | 'F';
  placeCode: string;
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');

function calendarDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  const ok = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return ok ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/**
 * Birth date, sex and place code of a valid Codice Fiscale, else null. Omocodia is decoded;
 * the two-digit year goes to the most recent century that keeps the birth date in the past.
 */
export function decodeCodiceFiscale(cf: string, today: Date = new Date()): CodiceFiscaleData | null {
  const code = normaliseCode(cf);
  if (!CF_SHAPE.test(code) || cfCheckChar(code.slice(0, 15)) !== code[15]) return null;
  const chars = [...code];
  for (const i of OMOCODIA_POSITIONS) {
    const letter = OMOCODIA_LETTERS.indexOf(chars[i]!);
    if (letter >= 0) chars[i] = String(letter);
  }
  const plain = chars.join('');
  const month = MONTH_LETTERS.indexOf(plain[8]!) + 1;
  const rawDay = Number(plain.slice(9, 11));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  const todayIso = `${pad(today.getFullYear(), 4)}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  let birthDate = calendarDate(2000 + Number(plain.slice(6, 8)), month, day);
  if (birthDate && birthDate > todayIso) birthDate = calendarDate(1900 + Number(plain.slice(6, 8)), month, day);
  if (!birthDate) return null;
  return { birthDate, sex: rawDay > 40 ? 'F' : 'M', placeCode: plain.slice(11, 15) };
}

export const isCodiceFiscale = (cf: string): boolean => decodeCodiceFiscale(cf) !== null;

/** The Luhn check digit of the first ten digits of a Partita IVA. */
export function pivaCheckDigit(first10: string): number {
  let total = 0;
  [...first10].forEach((char, i) => {
    let digit = Number(char);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    total += digit;
  });
  return (10 - (total % 10)) % 10;
}

/** Eleven digits with the right check digit (all zeros is no one's number). */
export function isPartitaIva(piva: string): boolean {
  const code = normaliseCode(piva);
  return /^\d{11}$/.test(code) && code !== '0'.repeat(11) && pivaCheckDigit(code.slice(0, 10)) === Number(code[10]);
}

// ---- Plates ----------------------------------------------------------------------------------

const LETTER = '[A-HJ-NPR-TV-Z]';
const PROVINCES =
  'AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BZ CA CB CE CH CL CN CO CR CS CT CZ EN FE FG FI FO FR GE ' +
  'GO GR IM IS KR LE LI LT LU MC ME MI MN MO MS MT NA NO NU OR PA PC PD PE PG PI PN PO PR PS PT PV PZ RA RC RE ' +
  'RG RI RN RO SA SI SO SP SR SS SV TA TE TN TO TP TR TS TV UD VA VC VE VI VR VT VV ROMA';
/**
 * Cars since 1994 (AA000AA, no I O Q U), motorcycles since 1999 (AA00000), mopeds (X and five
 * digits or those letters), provincial plates before 1994 (province then 5–6 characters, digits
 * with at most two letters: MI123456, ROMA12345A).
 */
const PLATES = [
  new RegExp(`^${LETTER}{2}[0-9]{3}${LETTER}{2}$`),
  new RegExp(`^${LETTER}{2}[0-9]{5}$`),
  new RegExp(`^X(?:[0-9]|${LETTER}){5}$`),
  new RegExp(`^(?:${PROVINCES.split(' ').join('|')})(?=[0-9A-Z]{5,6}$)[0-9]*[A-Z]?[0-9]*[A-Z]?[0-9]*$`),
];

/** Upper case without spaces or hyphens. */
export const normalisePlate = (plate: string): string => plate.replace(/[\s-]/g, '').toUpperCase();
export const isPlate = (plate: string): boolean => PLATES.some((p) => p.test(normalisePlate(plate)));

// ---- Values ----------------------------------------------------------------------------------

export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2099-12-31';
const MAX_TEXT = 1000;
const MAX_AMOUNT = 1e12;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

/** A `YYYY-MM-DD` date within 1900-01-01..2099-12-31. */
export function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  return calendarDate(y, m, d) === value && value >= MIN_DATE && value <= MAX_DATE;
}

/** Whether nothing was entered (fine unless the field is required). */
export function isEmpty(type: string, value: unknown): boolean {
  if (type === 'targa' && isRecord(value)) return isBlank(value.value);
  if (type === 'marcamodello' && isRecord(value)) return isBlank(value.brand) && isBlank(value.model);
  if (isRecord(value)) return Object.values(value).every((v) => isEmpty('', v));
  if (Array.isArray(value)) return value.length === 0;
  return isBlank(value);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1000;

/** A risk certificate reports the claims of the last ten years. */
export const MAX_ATR_YEARS = 10;
/** Claims with equal responsibility in one year: more is a typing slip. */
export const MAX_SHARES = 20;
const ATR_KEYS = new Set(['years', 'total']);
const ATR_YEAR_KEYS = new Set(['principali', 'paritarie']);

/** A share (%) of a claim with equal responsibility: a whole number from 1 to 50. */
export const isShare = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 50;

/** The claims of one year of the certificate (a count, or main claims plus shares), else the message key refusing it. */
function atrYearClaims(entry: unknown): number | string {
  if (isCount(entry)) return entry;
  if (!isRecord(entry) || !Object.keys(entry).every((key) => ATR_YEAR_KEYS.has(key))) return 'errors.atr';
  const principali = 'principali' in entry ? entry.principali : 0;
  const paritarie = 'paritarie' in entry ? entry.paritarie : [];
  if (!isCount(principali) || !Array.isArray(paritarie) || paritarie.length > MAX_SHARES) return 'errors.atr';
  return paritarie.every(isShare) ? principali + paritarie.length : 'errors.atrShare';
}

type Check = (field: FieldDef, value: unknown, t: Translate) => string | null;

const checkAmount: Check = (_f, v, t) =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 && v < MAX_AMOUNT && Number(v.toFixed(2)) === v
    ? null
    : t('errors.amount');

const options = (field: FieldDef) => (Array.isArray(field.options) && field.options.length ? field.options : null);

const CHECKS: Record<FieldType, Check> = {
  text: (f, v, t) => {
    if (typeof v !== 'string') return t('errors.text', { name: f.name });
    return v.length > MAX_TEXT ? t('errors.textTooLong', { name: f.name }) : null;
  },
  Selezione: (f, v, t) => {
    const allowed = options(f);
    return typeof v === 'string' && (!allowed || allowed.includes(v)) ? null : t('errors.notAllowed', { name: f.name });
  },
  'Selezione multipla': (f, v, t) => {
    const allowed = options(f);
    const ok = Array.isArray(v) && v.every((o) => typeof o === 'string' && (!allowed || allowed.includes(o)));
    return ok ? null : t('errors.notAllowed', { name: f.name });
  },
  cf: (_f, v, t) => {
    if (typeof v !== 'string') return t('errors.cf');
    const code = normaliseCode(v);
    if (code.length === 16 || !/^\d+$/.test(code)) return isCodiceFiscale(code) ? null : t('errors.cf');
    return isPartitaIva(code) ? null : t('errors.piva');
  },
  targa: (_f, v, t) => {
    const data = typeof v === 'string' ? { value: v } : v;
    if (!isRecord(data) || typeof data.value !== 'string' || !isPlate(data.value)) return t('errors.plate');
    if (!(data.tipoBersani === undefined || data.tipoBersani === null || typeof data.tipoBersani === 'string'))
      return t('errors.notAllowed', { name: 'tipoBersani' });
    if (!(data.targaAgev === undefined || data.targaAgev === null || typeof data.targaAgev === 'boolean'))
      return t('errors.notAllowed', { name: 'targaAgev' });
    return null;
  },
  Data: (_f, v, t) => (isValidDate(v) ? null : t('errors.date')),
  bool: (f, v, t) => (typeof v === 'boolean' ? null : t('errors.bool', { name: f.name })),
  atr: (_f, v, t) => {
    const years = isRecord(v) ? v.years : null;
    if (!isRecord(v) || !isRecord(years) || !Object.keys(v).every((key) => ATR_KEYS.has(key))) return t('errors.atr');
    const entries = Object.entries(years);
    if (entries.length > MAX_ATR_YEARS) return t('errors.atrYears');
    let sum = 0;
    for (const [year, entry] of entries) {
      const claims = /^(19|20)\d\d$/.test(year) ? atrYearClaims(entry) : 'errors.atr';
      if (typeof claims === 'string') return t(claims);
      sum += claims;
    }
    if (v.total === undefined || v.total === null) return null;
    if (!isCount(v.total)) return t('errors.atr');
    return v.total === sum ? null : t('errors.atrTotal');
  },
  marcamodello: (_f, v, t) => {
    if (!isRecord(v)) return t('errors.brandModel');
    const { brand, model } = v;
    const ok =
      typeof brand === 'string' &&
      brand.trim() !== '' &&
      brand.length <= MAX_TEXT &&
      (model === undefined || model === null || (typeof model === 'string' && model.length <= MAX_TEXT));
    return ok ? null : t('errors.brandModel');
  },
  immatricolazione: (_f, v, t) => {
    if (isRecord(v) && (v.isNew === true || (v.isNew === false && isValidDate(v.date)))) return null;
    return t('errors.registration');
  },
  pa: (_f, v, t) => {
    if (!isRecord(v) || typeof v.isInsured !== 'boolean') return t('errors.previousInsurance');
    const { company, exp, at } = v;
    if (!(company === undefined || company === null || (typeof company === 'string' && company.length <= MAX_TEXT)))
      return t('errors.previousInsurance');
    if (!(exp === undefined || exp === null || exp === '') && !isValidDate(exp)) return t('errors.date');
    if (!(at === undefined || at === null) && (typeof at !== 'string' || Number.isNaN(Date.parse(at))))
      return t('errors.previousInsurance');
    return null;
  },
  importo: checkAmount,
  massimale: checkAmount,
  fatturato: checkAmount,
  valore: checkAmount,
};

/** The message for a wrong (or missing required) value of `field`, or null. */
export function validateValue(field: FieldDef, value: unknown, t: Translate = italian): string | null {
  const check = CHECKS[field.type as FieldType] as Check | undefined;
  if (!check) return t('errors.unknownType', { name: String(field.type) });
  if (isEmpty(field.type, value)) return field.required ? t('errors.required', { name: field.name }) : null;
  return check(field, value, t);
}

/** Errors by field id for the values of a form (keyed by field id); empty when all is well. */
export function validateAll(
  fields: readonly FieldDef[],
  values: Record<string, unknown>,
  t: Translate = italian,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const error = validateValue(field, values[field._id], t);
    if (error) errors[field._id] = error;
  }
  return errors;
}

/** The form's values as the `usrData` a `createQuote` call sends: `[{_id, value}]`, empty ones left out. */
export function toUsrData(fields: readonly FieldDef[], values: Record<string, unknown>): { _id: string; value: unknown }[] {
  return fields
    .filter((field) => !isEmpty(field.type, values[field._id]))
    .map((field) => ({ _id: field._id, value: values[field._id] }));
}
