/**
 * The owner's code (SPEC §3 'cf'): 16 characters are a Codice Fiscale, anything else a Partita
 * IVA. Checked here for its shape and check character, so the form says 'Codice fiscale errato'
 * (SPEC §5) before asking the server, which checks it again (the birth date included).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** The letters omocodia writes for the digits 0-9. */
const OMOCODIA = 'LMNPQRSTUV';
const MONTHS = 'ABCDEHLMPRST';
const DIGIT = `[0-9${OMOCODIA}]`;
const CF_SHAPE = new RegExp(`^[A-Z]{6}${DIGIT}{2}[${MONTHS}]${DIGIT}{2}[A-Z]${DIGIT}{3}[A-Z]$`);
/** The values of the characters in odd positions (1st, 3rd…), by their index (digit or letter). */
const ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** Upper case without spaces: how codes are compared and sent. */
export const normaliseCode = (code: string): string => code.replace(/\s+/g, '').toUpperCase();

const indexOf = (char: string): number => (/\d/.test(char) ? Number(char) : ALPHABET.indexOf(char));

/** The check letter of the first 15 characters of a Codice Fiscale. */
export function checkLetter(first15: string): string {
  let total = 0;
  [...first15].forEach((char, i) => {
    total += i % 2 === 0 ? ODD[indexOf(char)]! : indexOf(char);
  });
  return ALPHABET[total % 26]!;
}

export function isCodiceFiscale(raw: string): boolean {
  const code = normaliseCode(raw);
  return CF_SHAPE.test(code) && checkLetter(code.slice(0, 15)) === code[15];
}

/** Eleven digits whose last is the Luhn check of the first ten (all zeros is no one's number). */
export function isPartitaIva(raw: string): boolean {
  const code = normaliseCode(raw);
  if (!/^\d{11}$/.test(code) || code === '0'.repeat(11)) return false;
  let total = 0;
  for (let i = 0; i < 10; i += 1) {
    let digit = Number(code[i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    total += digit;
  }
  return (10 - (total % 10)) % 10 === Number(code[10]);
}

/** A Codice Fiscale (16 characters) or a Partita IVA (the rest). */
export function isOwnerCode(raw: string): boolean {
  const code = normaliseCode(raw);
  return code.length === 16 ? isCodiceFiscale(code) : isPartitaIva(code);
}
