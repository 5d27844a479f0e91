/**
 * A plain quote as the RCA line reads it: the vehicle its customer fields carry (plate, make and
 * model, registration, previous insurance), the risk certificate (the `atr` field: per year a
 * count of claims, as older quotes kept it, or the claims with main responsibility and the
 * shares of those with equal responsibility) and the `rca.classe` request that derives the CU
 * class from it. Fields are found by type, whatever their id; anything malformed reads as absent.
 */
import type { HostItem } from '@sportello/host-api';
import type { AtrYearPayload, CuRequest } from './atr';
import { normaliseCode } from './fiscalCode';
import type { Registration } from './records';

/** The plate field's value: `{value, tipoBersani?, targaAgev?}` (or a bare plate, in old data). */
export interface QuotePlate {
  targa: string;
  tipoBersani: string | null;
  targaAgev: boolean;
}

export interface PreviousInsurance {
  insured: boolean;
  company: string;
  /** 'YYYY-MM-DD' or ''. */
  expiry: string;
}

export interface QuoteVehicle {
  plate: QuotePlate | null;
  brand: string;
  model: string;
  registration: Registration | null;
  previous: PreviousInsurance | null;
  /** The certificate's years, oldest first. */
  atr: AtrYearPayload[];
  /** Every claim of the certificate (main ones and one per equal-responsibility share). */
  claims: number;
}

interface Entry {
  _id?: unknown;
  type?: unknown;
  value?: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const YEAR = /^(19|20)\d\d$/;
/** A certificate reports ten years; a quote's field never holds more (the server refuses it). */
export const MAX_ATR_YEARS = 10;
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1000;
const isShare = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 50;

const entries = (quote: HostItem): Entry[] =>
  Array.isArray(quote.usrData) ? (quote.usrData as unknown[]).filter((e): e is Entry => typeof e === 'object' && e !== null) : [];

/** The value of the quote's first field of `type`. */
export function fieldValue(quote: HostItem, type: string): unknown {
  return entries(quote).find((entry) => entry.type === type)?.value;
}

/** The plate of a `targa` field's value, or null when it holds none. */
export function plateOf(value: unknown): QuotePlate | null {
  const raw = typeof value === 'string' ? { value } : record(value);
  const targa = text(raw.value).replace(/[\s-]/g, '').toUpperCase();
  if (!targa) return null;
  return { targa, tipoBersani: text(raw.tipoBersani) || null, targaAgev: raw.targaAgev === true };
}

/** The owner's Codice Fiscale or Partita IVA (the quote's `cf` field), upper case without spaces; '' without one. */
export const ownerCodeOf = (quote: HostItem): string => normaliseCode(text(fieldValue(quote, 'cf')));

/** Whether the quote carries a plate: the RCA panel's test (`appliesTo`). */
export const carriesPlate = (quote: HostItem): boolean => plateOf(fieldValue(quote, 'targa')) !== null;

function registrationOf(value: unknown): Registration | null {
  const raw = record(value);
  if (raw.isNew === true) return { isNew: true };
  const date = text(raw.date);
  return raw.isNew === false && ISO_DAY.test(date) ? { isNew: false, date } : null;
}

function previousOf(value: unknown): PreviousInsurance | null {
  const raw = record(value);
  if (typeof raw.isInsured !== 'boolean') return null;
  const expiry = text(raw.exp);
  return { insured: raw.isInsured, company: raw.isInsured ? text(raw.company) : '', expiry: raw.isInsured && ISO_DAY.test(expiry) ? expiry : '' };
}

/**
 * The certificate's years as `rca.classe` takes them, oldest first: an old count is claims with
 * main responsibility; a year or a count that is no such thing is left out (the server refused
 * them when the quote was saved), as are shares outside 1–50 and years past the tenth.
 */
export function atrYears(value: unknown): AtrYearPayload[] {
  const years = record(record(value).years);
  const rows: AtrYearPayload[] = [];
  for (const [year, entry] of Object.entries(years)) {
    if (!YEAR.test(year)) continue;
    if (isCount(entry)) {
      rows.push({ anno: Number(year), principali: entry, paritarie: [] });
      continue;
    }
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) continue;
    const raw = entry as Record<string, unknown>;
    const principali = raw.principali ?? 0;
    if (!isCount(principali)) continue;
    const paritarie = Array.isArray(raw.paritarie) ? raw.paritarie.filter(isShare) : [];
    rows.push({ anno: Number(year), principali, paritarie });
  }
  return rows.sort((a, b) => a.anno - b.anno).slice(-MAX_ATR_YEARS);
}

/**
 * The years between the certificate's first and last that it does not give: they move nothing
 * in the derivation, where a year without claims would move the class one down.
 */
export function missingYears(atr: readonly AtrYearPayload[]): number[] {
  const given = new Set(atr.map((year) => year.anno));
  if (!atr.length) return [];
  const first = Math.min(...given);
  const last = Math.max(...given);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i).filter((year) => !given.has(year));
}

/** What the quote says of the vehicle. */
export function quoteVehicle(quote: HostItem): QuoteVehicle {
  const brandModel = record(fieldValue(quote, 'marcamodello'));
  const atr = atrYears(fieldValue(quote, 'atr'));
  return {
    plate: plateOf(fieldValue(quote, 'targa')),
    brand: text(brandModel.brand),
    model: text(brandModel.model),
    registration: registrationOf(fieldValue(quote, 'immatricolazione')),
    previous: previousOf(fieldValue(quote, 'pa')),
    atr,
    claims: atr.reduce((sum, year) => sum + year.principali + year.paritarie.length, 0),
  };
}

/** The `rca.classe` request for the quote's certificate (from class 14), or null without one. */
export function cuRequestOf(vehicle: Pick<QuoteVehicle, 'atr'>): CuRequest | null {
  return vehicle.atr.length ? { atr: vehicle.atr.map((year) => ({ ...year, paritarie: [...year.paritarie] })) } : null;
}
