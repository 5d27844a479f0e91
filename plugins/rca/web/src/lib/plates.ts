/**
 * Italian plate formats by kind of vehicle: the same rules and messages as the server's
 * `plugins/rca/rules/plates.py` (its docstring gives each format's legal source), so the form
 * says what the server would before it is asked. The server stays the judge: its refusal is
 * shown the same way.
 *
 * - autovettura `AA000AA`, letters without I, O, Q, U; never X first (trailers'), nor EE first;
 * - motociclo `AA00000`;
 * - ciclomotore `X00000`: an X and five of the digits 2-9 and the consonants but Q;
 * - rimorchio `XA000AA` (from 2013) or `AA00000` (before).
 *
 * Spaces and hyphens are dropped and letters upper-cased first; any other character is refused.
 */

/** The 22 letters of the plates: the alphabet without I, O, Q, U. */
export const LETTERS = 'ABCDEFGHJKLMNPRSTVWXYZ';
/** The 28 symbols after the X of a ciclomotore plate: digits 2-9, consonants but Q. */
export const MOPED_SYMBOLS = '23456789BCDFGHJKLMNPRSTVWXYZ';

export const VEHICLE_KINDS = ['autovettura', 'motociclo', 'ciclomotore', 'rimorchio'] as const;
export type VehicleKind = (typeof VEHICLE_KINDS)[number];

export const isVehicleKind = (value: unknown): value is VehicleKind =>
  typeof value === 'string' && (VEHICLE_KINDS as readonly string[]).includes(value);

const L = `[${LETTERS}]`;
const M = `[${MOPED_SYMBOLS}]`;
const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`);
const CAR = whole(`${L}{2}[0-9]{3}${L}{2}`);
const MOTORCYCLE = whole(`${L}{2}[0-9]{5}`);
const MOPED = whole(`X${M}{5}`);
const TRAILER = whole(`X${L}[0-9]{3}${L}{2}`);
const OLD_TRAILER = MOTORCYCLE;
const OLD_MOPED = /^[0-9A-Z]{5}$/;

const NOUN: Record<VehicleKind, string> = {
  autovettura: "un'autovettura",
  motociclo: 'un motociclo',
  ciclomotore: 'un ciclomotore',
  rimorchio: 'un rimorchio',
};
const FORMAT: Record<VehicleKind, string> = {
  autovettura: 'il formato è AA000AA (senza I, O, Q, U)',
  motociclo: 'il formato è AA00000 (senza I, O, Q, U)',
  ciclomotore: 'il formato è X00000 (una X e cinque tra cifre da 2 a 9 e consonanti, senza Q)',
  rimorchio: 'il formato è XA000AA dal 2013 o AA00000 se immatricolato prima (senza I, O, Q, U)',
};
export const MISSING = 'Targa mancante';
export const BAD_CHARACTERS = 'Targa non valida: sono ammesse solo lettere e cifre (spazi e trattini si ignorano)';
export const TRAILER_AS_CAR =
  "Targa non valida per un'autovettura: le targhe che iniziano per X sono dei rimorchi " +
  '(il formato è AA000AA, senza I, O, Q, U)';
export const FOREIGN_SERIES =
  "Targa non valida per un'autovettura: la serie EE è riservata agli escursionisti esteri " +
  '(il formato è AA000AA, senza I, O, Q, U)';
export const OLD_CONTRASSEGNO =
  'Targa non valida per un ciclomotore: il contrassegno a cinque caratteri non vale più ' +
  'dal 12 febbraio 2012 (il formato è X00000)';

/** The message of a plate that fits none of `kind`'s formats. */
export const invalidFor = (kind: VehicleKind): string => `Targa non valida per ${NOUN[kind]}: ${FORMAT[kind]}`;

/** A plate the rules refuse, with the Italian reason (the server's words). */
export class PlateError extends Error {
  override name = 'PlateError';
}

/** The plate as written on the register: upper case, without spaces or hyphens. */
export function normalise(raw: string): string {
  const plate = raw.replace(/[\s-]/g, '').toUpperCase();
  if (!plate) throw new PlateError(MISSING);
  if (!/^[0-9A-Z]+$/.test(plate)) throw new PlateError(BAD_CHARACTERS);
  return plate;
}

/** Whether an already normalised plate is one of `kind`'s. */
export function fits(plate: string, kind: VehicleKind): boolean {
  switch (kind) {
    case 'autovettura':
      return CAR.test(plate) && plate[0] !== 'X' && !plate.startsWith('EE');
    case 'motociclo':
      return MOTORCYCLE.test(plate);
    case 'ciclomotore':
      return MOPED.test(plate);
    case 'rimorchio':
      return TRAILER.test(plate) || OLD_TRAILER.test(plate);
  }
}

/** The normalised plate, or a {@link PlateError} saying which format `kind` has. */
export function validatePlate(raw: string, kind: VehicleKind): string {
  const plate = normalise(raw);
  if (fits(plate, kind)) return plate;
  if (kind === 'autovettura' && CAR.test(plate)) throw new PlateError(plate[0] === 'X' ? TRAILER_AS_CAR : FOREIGN_SERIES);
  if (kind === 'ciclomotore' && OLD_MOPED.test(plate)) throw new PlateError(OLD_CONTRASSEGNO);
  throw new PlateError(invalidFor(kind));
}

/** Why the rules refuse `raw` for `kind`, or null when it is a good plate. */
export function plateProblem(raw: string, kind: VehicleKind): string | null {
  try {
    validatePlate(raw, kind);
    return null;
  } catch (error) {
    if (error instanceof PlateError) return error.message;
    throw error;
  }
}

/** The kinds whose format a plate fits (an old trailer's is also a motorcycle's). */
export function kindsOf(raw: string): VehicleKind[] {
  const plate = normalise(raw);
  return VEHICLE_KINDS.filter((kind) => fits(plate, kind));
}
