/**
 * The car catalogue (`noleggioAuto.auto`, `noleggioAuto.salvaAuto`): cars from the wire, the
 * editor's draft, the checks the server makes (plugins/noleggio_auto/cars.py) with messages as
 * keys of the module's namespace, and the body sent back.
 */
import { numberOrNull, type HostItem } from '@sportello/host-api';
import { offerProblems, toOffer, type Offer, type OfferDraft } from './offer';
import { PRODUCT_ID } from './rentalQuote';

export interface Car {
  _id: string;
  car_fullname: string;
  brand: string;
  model: string;
  img_file: string;
  company: string;
  price: Offer;
  active: boolean;
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A car of the `noleggioAuto.auto` answer (missing numbers become 0). */
export function asCar(value: unknown): Car {
  const car = record(value);
  const price = record(car.price);
  return {
    _id: String(car._id ?? ''),
    car_fullname: text(car.car_fullname),
    brand: text(car.brand),
    model: text(car.model),
    img_file: text(car.img_file),
    company: text(car.company),
    price: {
      durata: numberOrNull(price.durata) ?? 0,
      km_annuali: numberOrNull(price.km_annuali) ?? 0,
      canone: numberOrNull(price.canone) ?? 0,
      anticipo: numberOrNull(price.anticipo) ?? 0,
    },
    active: car.active !== false,
  };
}

/** Companies the tenant's rental products name (the cars' possible companies), sorted. */
export function rentalCompanies(products: Readonly<Record<string, HostItem>>): string[] {
  const names = new Set<string>();
  for (const product of Object.values(products)) {
    if (product.type === PRODUCT_ID) for (const name of Object.keys(record(product.companies))) names.add(name);
  }
  return [...names].sort((a, b) => a.localeCompare(b, 'it'));
}

export interface CarDraft extends OfferDraft {
  _id: string | null;
  car_fullname: string;
  brand: string;
  model: string;
  img_file: string;
  company: string;
  active: boolean;
}

export const emptyCarDraft = (company = ''): CarDraft => ({
  _id: null,
  car_fullname: '',
  brand: '',
  model: '',
  img_file: '',
  company,
  durata: 36,
  km_annuali: 15000,
  canone: null,
  anticipo: 0,
  active: true,
});

export const draftOf = (car: Car): CarDraft => ({
  _id: car._id,
  car_fullname: car.car_fullname,
  brand: car.brand,
  model: car.model,
  img_file: car.img_file,
  company: car.company,
  ...car.price,
  active: car.active,
});

export type CarField = Exclude<keyof CarDraft, '_id' | 'active'>;

const PICTURE = /^(|\/\S*|https:\/\/\S+)$/;

/** What the server would refuse, as message keys by field (empty when the car can be saved). */
export function carProblems(draft: CarDraft, companies: readonly string[]): Partial<Record<CarField, string>> {
  const problems: Partial<Record<CarField, string>> = offerProblems(draft);
  if (!draft.car_fullname.trim()) problems.car_fullname = 'errors.name';
  if (!PICTURE.test(draft.img_file.trim())) problems.img_file = 'errors.picture';
  if (!draft.company) problems.company = 'errors.company';
  else if (!companies.includes(draft.company)) problems.company = 'errors.unknownCompany';
  return problems;
}

/** The body of `noleggioAuto.salvaAuto` (a draft without problems). */
export function toCarBody(draft: CarDraft) {
  return {
    ...(draft._id ? { _id: draft._id } : {}),
    car_fullname: draft.car_fullname.trim(),
    brand: draft.brand.trim(),
    model: draft.model.trim(),
    img_file: draft.img_file.trim(),
    company: draft.company,
    price: toOffer(draft),
    active: draft.active,
  };
}

/** The same car with `active` switched (a full body: the call replaces every field). */
export const withActive = (car: Car, active: boolean) => toCarBody({ ...draftOf(car), active });

/** Cars by brand then name, the retired ones last. */
export const sortCars = (cars: readonly Car[]): Car[] =>
  [...cars].sort(
    (a, b) =>
      Number(b.active) - Number(a.active) ||
      a.brand.localeCompare(b.brand, 'it') ||
      a.car_fullname.localeCompare(b.car_fullname, 'it'),
  );
