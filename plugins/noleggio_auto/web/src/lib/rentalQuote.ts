/** A rental quote of the live `preventivi` collection, read through typed helpers. */
import type { HostItem } from '../host';
import { numberOrNull } from './money';

export const PRODUCT_ID = 'noleggio-auto';

export interface RentalCarSnapshot {
  carId: string | null;
  car_fullname: string;
  img_file: string;
  company: string;
}

/** The terms of a practice; `canone` is null until quoted (terms other than the list offer). */
export interface RentalPrice {
  durata: number | null;
  km_annuali: number | null;
  canone: number | null;
  anticipo: number | null;
}

interface UsrEntry {
  _id?: unknown;
  name?: unknown;
  type?: unknown;
  value?: unknown;
  hide?: unknown;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The rental quotes of the collection (the list's rows, before filters). */
export function rentalQuotes(collection: Readonly<Record<string, HostItem>>): HostItem[] {
  return Object.values(collection).filter((quote) => quote.type === PRODUCT_ID);
}

export function carOf(quote: HostItem): RentalCarSnapshot {
  const car = record(quote.car);
  return {
    carId: text(car.carId) || null,
    car_fullname: text(car.car_fullname),
    img_file: text(car.img_file),
    company: text(car.company),
  };
}

export function priceOf(quote: HostItem): RentalPrice {
  const price = record(quote.price);
  return {
    durata: numberOrNull(price.durata),
    km_annuali: numberOrNull(price.km_annuali),
    canone: numberOrNull(price.canone),
    anticipo: numberOrNull(price.anticipo),
  };
}

/** The consultancy rate stored with the emission request, if any. */
export const storedConsultancy = (quote: HostItem): number | null => numberOrNull(record(quote.quote).qFattura);

export const emissionRequested = (quote: HostItem): boolean => Boolean(quote.requestEmission);

export function usrEntries(quote: HostItem): { _id: string; name: string; type: string; value: unknown }[] {
  const entries = Array.isArray(quote.usrData) ? (quote.usrData as UsrEntry[]) : [];
  return entries
    .filter((entry) => entry && !entry.hide)
    .map((entry) => ({ _id: String(entry._id), name: text(entry.name) || String(entry._id), type: text(entry.type), value: entry.value }));
}

/** The customer's name: the `nome` field (with `cognome`), else the first text value. */
export function customerName(quote: HostItem): string {
  const entries = Array.isArray(quote.usrData) ? (quote.usrData as UsrEntry[]) : [];
  const byId = (id: string) => text(entries.find((e) => String(e._id).toLowerCase() === id)?.value).trim();
  const nome = byId('nome');
  if (nome) return [nome, byId('cognome')].filter(Boolean).join(' ');
  return text(entries.find((e) => text(e.value).trim())?.value);
}

const ROME = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A date-time in Rome as 'GG/MM/AAAA HH:mm' ('' when there is none). */
export function romeDateTime(value: unknown): string {
  const ms = Date.parse(String(value ?? ''));
  return Number.isNaN(ms) ? '' : ROME.format(ms).replace(',', '');
}

/** A customer value as text (plain values, ISO days as GG/MM/AAAA, lists, plates, brand and model); booleans are the caller's. */
export function valueText(value: unknown): string {
  if (value == null || value === '') return '—';
  if (typeof value === 'string') return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.split('-').reverse().join('/') : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  const v = record(value);
  if (typeof v.value === 'string') return v.value;
  if (v.brand || v.model) return [v.brand, v.model].filter(Boolean).join(' ');
  return '—';
}
