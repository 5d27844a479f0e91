/**
 * The plate formats of src/lib/plates.ts, with the cases of the server's
 * plugins/rca/tests/test_rules_plates.py: the same valid and refused plates, the same messages.
 * The Python file's generated properties are run here over every letter and symbol instead.
 */
import { describe, expect, it } from 'vitest';
import {
  BAD_CHARACTERS,
  fits,
  kindsOf,
  LETTERS,
  MISSING,
  MOPED_SYMBOLS,
  normalise,
  PlateError,
  plateProblem,
  validatePlate,
  VEHICLE_KINDS,
  type VehicleKind,
} from '../lib/plates';

const CAR: VehicleKind = 'autovettura';
const MOTO: VehicleKind = 'motociclo';
const MOPED: VehicleKind = 'ciclomotore';
const TRAILER: VehicleKind = 'rimorchio';
const CAR_MESSAGE = "Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)";
const MOTO_MESSAGE = 'Targa non valida per un motociclo: il formato è AA00000 (senza I, O, Q, U)';
const MOPED_MESSAGE =
  'Targa non valida per un ciclomotore: il formato è X00000 ' + '(una X e cinque tra cifre da 2 a 9 e consonanti, senza Q)';
const TRAILER_MESSAGE =
  'Targa non valida per un rimorchio: il formato è XA000AA dal 2013 o AA00000 se ' + 'immatricolato prima (senza I, O, Q, U)';

/** The message `validatePlate` refuses with (a PlateError), or fails the test. */
function refusal(raw: string, kind: VehicleKind): string {
  try {
    validatePlate(raw, kind);
  } catch (error) {
    expect(error).toBeInstanceOf(PlateError);
    return (error as PlateError).message;
  }
  throw new Error(`${raw} accepted as ${kind}`);
}

describe('the alphabets', () => {
  it('are the 22 letters without I, O, Q, U and the 28 moped symbols', () => {
    expect(LETTERS).toBe('ABCDEFGHJKLMNPRSTVWXYZ');
    expect(LETTERS).toHaveLength(22);
    expect([...'IOQU'].filter((c) => LETTERS.includes(c))).toEqual([]);
    expect(MOPED_SYMBOLS).toHaveLength(28); // 784 plates in a lot X22/2**: 28 × 28
    expect([...'01AEIOUQ'].filter((c) => MOPED_SYMBOLS.includes(c))).toEqual([]);
  });
});

describe('valid plates', () => {
  it.each<[string, VehicleKind, string]>([
    ['AB123CD', CAR, 'AB123CD'],
    ['ab 123 cd', CAR, 'AB123CD'],
    ['Ab-123-Cd', CAR, 'AB123CD'],
    ['  GM 456 ZZ ', CAR, 'GM456ZZ'],
    ['ZA000AA', CAR, 'ZA000AA'], // the two-line "quadrotta" series
    ['YA123BC', CAR, 'YA123BC'], // polizia locale
    ['AB001EE', CAR, 'AB001EE'], // EE is skipped only as the first pair
    ['AB12345', MOTO, 'AB12345'],
    ['ab 123 45', MOTO, 'AB12345'],
    ['X22222', MOPED, 'X22222'], // the first plate of the series
    ['x7b-t9z', MOPED, 'X7BT9Z'],
    ['XZZZZZ', MOPED, 'XZZZZZ'],
    ['XA000AA', TRAILER, 'XA000AA'], // the first lot, Agrigento
    ['xb 123 cd', TRAILER, 'XB123CD'],
    ['AG12345', TRAILER, 'AG12345'], // before 20 February 2013
  ])('%s is a plate of a %s: %s', (raw, kind, plate) => {
    expect(validatePlate(raw, kind)).toBe(plate);
    expect(plateProblem(raw, kind)).toBeNull();
  });
});

describe('refused plates', () => {
  it.each<[string, VehicleKind, string]>([
    ['IB123CD', CAR, CAR_MESSAGE],
    ['AO123CD', CAR, CAR_MESSAGE],
    ['AB123QD', CAR, CAR_MESSAGE],
    ['AB123CU', CAR, CAR_MESSAGE],
    ['AB12CD', CAR, CAR_MESSAGE],
    ['AB1234CD', CAR, CAR_MESSAGE],
    ['A1123CD', CAR, CAR_MESSAGE],
    ['AB12345', CAR, CAR_MESSAGE],
    ['AB123CD', MOTO, MOTO_MESSAGE],
    ['AI12345', MOTO, MOTO_MESSAGE],
    ['UB12345', MOTO, MOTO_MESSAGE],
    ['AB1234', MOTO, MOTO_MESSAGE],
    ['AB123456', MOTO, MOTO_MESSAGE],
    ['Y22222', MOPED, MOPED_MESSAGE],
    ['X2A222', MOPED, MOPED_MESSAGE], // no vowels
    ['X2E222', MOPED, MOPED_MESSAGE],
    ['X2Q222', MOPED, MOPED_MESSAGE],
    ['X12345', MOPED, MOPED_MESSAGE], // no 1
    ['X02345', MOPED, MOPED_MESSAGE], // no 0
    ['X222222', MOPED, MOPED_MESSAGE],
    ['AB123CD', TRAILER, TRAILER_MESSAGE],
    ['XI123CD', TRAILER, TRAILER_MESSAGE],
    ['XA123CO', TRAILER, TRAILER_MESSAGE],
    ['AQ12345', TRAILER, TRAILER_MESSAGE],
  ])('%s is no plate of a %s', (raw, kind, message) => {
    expect(refusal(raw, kind)).toBe(message);
    expect(plateProblem(raw, kind)).toBe(message);
  });

  it("a trailer's plate is not a car's", () => {
    expect(refusal('XA123BC', CAR)).toContain('iniziano per X sono dei rimorchi');
  });

  it("the escursionisti esteri series is not a car's", () => {
    expect(refusal('EE123AB', CAR)).toContain('la serie EE è riservata agli escursionisti esteri');
  });

  it('the old five-character contrassegno is refused by name', () => {
    expect(refusal('8Z4RT', MOPED)).toBe(
      'Targa non valida per un ciclomotore: il contrassegno a cinque caratteri non vale più ' +
        'dal 12 febbraio 2012 (il formato è X00000)',
    );
  });

  it.each(['AB.123.CD', 'AB/123CD', 'AB123CD!', 'ÀB123CD', 'AB_123CD'])('other characters are refused: %s', (raw) => {
    expect(() => normalise(raw)).toThrow(PlateError);
    expect(() => normalise(raw)).toThrow(BAD_CHARACTERS);
    expect(BAD_CHARACTERS).toBe('Targa non valida: sono ammesse solo lettere e cifre (spazi e trattini si ignorano)');
  });

  it.each(['', '   ', ' - '])('an empty plate is missing: %j', (raw) => {
    expect(refusal(raw, CAR)).toBe(MISSING);
    expect(MISSING).toBe('Targa mancante');
  });

  it('abuse: markup, very long input and a look-alike Cyrillic letter are refused, never echoed', () => {
    expect(refusal('<script>AB123CD</script>', CAR)).toBe(BAD_CHARACTERS);
    expect(refusal('AB123CD'.repeat(1000), CAR)).toBe(CAR_MESSAGE);
    expect(refusal('АB123CD', CAR)).toBe(BAD_CHARACTERS); // the first letter is Cyrillic А
    expect(refusal('AB123CD\u0000', CAR)).toBe(BAD_CHARACTERS);
  });
});

describe('the kinds a plate fits', () => {
  it('names each kind whose format it has', () => {
    expect(kindsOf('ab 123 cd')).toEqual([CAR]);
    expect(kindsOf('AB12345')).toEqual([MOTO, TRAILER]); // an old trailer plate looks like a moto's
    expect(kindsOf('XA123BC')).toEqual([TRAILER]);
    expect(kindsOf('X22222')).toEqual([MOPED]);
    expect(kindsOf('AI123CD')).toEqual([]);
  });
});

describe('every plate of the series (the Python properties, exhaustively by position)', () => {
  const base = ['A', 'B', '1', '2', '3', 'C', 'D'];

  it('a car plate validates with any plate letter in any letter position, written in any case and spacing', () => {
    for (const position of [0, 1, 5, 6]) {
      for (const letter of LETTERS) {
        const chars = [...base];
        chars[position] = letter;
        const plate = chars.join('');
        if (plate.startsWith('X') || plate.startsWith('EE')) {
          expect(fits(plate, CAR)).toBe(false);
          continue;
        }
        expect(validatePlate(plate.toLowerCase(), CAR)).toBe(plate);
        expect(validatePlate(`${plate.slice(0, 2)} ${plate.slice(2, 5)} ${plate.slice(5)}`, CAR)).toBe(plate);
      }
    }
  });

  it('a moped plate validates with any of the 28 symbols in any position', () => {
    for (let position = 1; position < 6; position += 1) {
      for (const symbol of MOPED_SYMBOLS) {
        const chars = [...'X22222'];
        chars[position] = symbol;
        const plate = chars.join('');
        expect(validatePlate(plate, MOPED)).toBe(plate);
      }
    }
  });

  it('an excluded letter is refused wherever it stands, for every kind', () => {
    for (const plate of ['AB123CD', 'AB12345', 'XA123BC']) {
      for (const position of [0, 1, 5, 6]) {
        if (position >= plate.length || /\d/.test(plate[position]!)) continue;
        for (const bad of 'IOQU') {
          const changed = plate.slice(0, position) + bad + plate.slice(position + 1);
          for (const kind of VEHICLE_KINDS) expect(plateProblem(changed, kind)).not.toBeNull();
        }
      }
    }
  });
});
