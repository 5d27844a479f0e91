/**
 * A plate of the register as the server sends it (the `rca/targhe` stream, `rca.targhe.cerca`
 * and `rca.targhe.dettaglio` carry the same payload), read through typed helpers that take any
 * shape without failing: a field missing or of another type reads as empty.
 */
import type { HostItem } from '@sportello/host-api';
import { isVehicleKind, type VehicleKind } from './plates';
import type { AtrYearPayload } from './atr';

/** Immatricolazione: a new vehicle, or the day it was registered ('YYYY-MM-DD'). */
export type Registration = { isNew: true } | { isNew: false; date: string };

/** The plate's current policy; `grazia` is the last covered day (scadenza + 15, art. 170-bis CAP). */
export interface PlatePolicy {
  _id: string;
  numero: string;
  compagnia: string;
  scadenza: string;
  grazia: string;
}

export interface Plate extends HostItem {
  targa: string;
  /** The vehicle kind; '' when the server sent one this module does not know. */
  tipo: VehicleKind | '';
  tipoBersani: string | null;
  targaAgev: boolean;
  clientId: string | null;
  /** The owner's name and fiscal code (Codice Fiscale or Partita IVA). */
  cliente: string;
  cf: string;
  aId: string | null;
  agId: string | null;
  marca: string;
  modello: string;
  immatricolazione: Registration | null;
  polizza: PlatePolicy | null;
  /** The last quote started from the plate. */
  preventivo: string | null;
  at: string;
}

/** A quote started from the plate (`rca.targhe.dettaglio`). */
export interface PlateQuote {
  _id: string;
  status: string;
  at: string;
  product: string | null;
  /** The number of the policy issued from it, or null while none is. */
  polizza: string | null;
}

/** A claim the office registered on one of the plate's policies (`rca.targhe.dettaglio`). */
export interface PlateClaim {
  _id: string;
  /** The event's day. */
  data: string;
  stato: string;
  responsabilita: string | null;
  liquidato: number;
  /** The day it was settled, while it is. */
  liquidatoIl: string | null;
  polizza: string | null;
  policyId: string;
}

export interface PlateDetail extends Plate {
  preventivi: PlateQuote[];
  sinistri: PlateClaim[];
  /** The certificate years the settled claims make, for the CU calculator. */
  atrSinistri: AtrYearPayload[];
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const textOrNull = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function registrationOf(value: unknown): Registration | null {
  const raw = record(value);
  if (raw.isNew === true) return { isNew: true };
  const date = text(raw.date).slice(0, 10);
  return raw.isNew === false && ISO_DAY.test(date) ? { isNew: false, date } : null;
}

function policyOf(value: unknown): PlatePolicy | null {
  const raw = record(value);
  const scadenza = text(raw.scadenza).slice(0, 10);
  if (!ISO_DAY.test(scadenza)) return null;
  const grazia = text(raw.grazia).slice(0, 10);
  return {
    _id: text(raw._id),
    numero: text(raw.numero),
    compagnia: text(raw.compagnia),
    scadenza,
    grazia: ISO_DAY.test(grazia) ? grazia : '',
  };
}

export function asPlate(raw: HostItem): Plate {
  return {
    ...raw,
    _id: String(raw._id),
    targa: text(raw.targa),
    tipo: isVehicleKind(raw.tipo) ? raw.tipo : '',
    tipoBersani: textOrNull(raw.tipoBersani),
    targaAgev: raw.targaAgev === true,
    clientId: textOrNull(raw.clientId),
    cliente: text(raw.cliente),
    cf: text(raw.cf),
    aId: textOrNull(raw.aId),
    agId: textOrNull(raw.agId),
    marca: text(raw.marca),
    modello: text(raw.modello),
    immatricolazione: registrationOf(raw.immatricolazione),
    polizza: policyOf(raw.polizza),
    preventivo: textOrNull(raw.preventivo),
    at: text(raw.at),
  };
}

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.map(record) : []);
const whole = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) ? value : 0);

function claimOf(raw: Record<string, unknown>): PlateClaim {
  return {
    _id: String(raw._id),
    data: text(raw.data).slice(0, 10),
    stato: text(raw.stato),
    responsabilita: textOrNull(raw.responsabilita),
    liquidato: typeof raw.liquidato === 'number' && Number.isFinite(raw.liquidato) ? raw.liquidato : 0,
    liquidatoIl: textOrNull(raw.liquidatoIl),
    polizza: textOrNull(raw.polizza),
    policyId: text(raw.policyId),
  };
}

function atrYearOf(raw: Record<string, unknown>): AtrYearPayload {
  return { anno: whole(raw.anno), principali: whole(raw.principali), paritarie: Array.isArray(raw.paritarie) ? raw.paritarie.map(whole) : [] };
}

export function asPlateDetail(raw: HostItem): PlateDetail {
  const quotes = Array.isArray(raw.preventivi) ? raw.preventivi : [];
  return {
    ...asPlate(raw),
    preventivi: quotes
      .map(record)
      .filter((quote) => typeof quote._id === 'string' && quote._id)
      .map((quote) => ({
        _id: String(quote._id),
        status: text(quote.status),
        at: text(quote.at),
        product: textOrNull(quote.product),
        polizza: textOrNull(quote.polizza),
      })),
    sinistri: list(raw.sinistri)
      .filter((claim) => typeof claim._id === 'string' && claim._id)
      .map(claimOf),
    atrSinistri: list(raw.atrSinistri)
      .map(atrYearOf)
      .filter((year) => year.anno > 0),
  };
}

/** The register's order: by plate. */
export const byPlate = (a: Plate, b: Plate): number => (a.targa < b.targa ? -1 : a.targa > b.targa ? 1 : 0);

/** Make and model in one line ('Fiat Panda'). */
export const vehicleName = (plate: Pick<Plate, 'marca' | 'modello'>): string => [plate.marca, plate.modello].filter(Boolean).join(' ');

/** What a search reads of a plate: its plate, its owner's name (lower case) and fiscal code. */
export interface Searchable {
  plate: Plate;
  targa: string;
  owner: string;
  cf: string;
}

export const searchable = (plate: Plate): Searchable => ({
  plate,
  targa: plate.targa.toUpperCase(),
  owner: plate.cliente.toLowerCase(),
  cf: plate.cf.toUpperCase(),
});

/**
 * The plates a search matches, in the order given: every word of `query` is found in the plate
 * (spaces and hyphens ignored, as a plate is written), the owner's name or the fiscal code. The
 * empty search matches everything.
 */
export function searchPlates(rows: readonly Searchable[], query: string): Plate[] {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return rows.map((row) => row.plate);
  // the whole query as a plate too: 'AB 123 CD' is one plate, not three words
  const asPlate = query.replace(/[\s-]/g, '').toUpperCase();
  return rows
    .filter(
      (row) =>
        row.targa.includes(asPlate) ||
        words.every((word) => {
          const upper = word.replace(/-/g, '').toUpperCase();
          return row.targa.includes(upper) || row.owner.includes(word.toLowerCase()) || row.cf.includes(upper);
        }),
    )
    .map((row) => row.plate);
}
