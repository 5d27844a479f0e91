/**
 * The Codice Fiscale check letter against the official tables, written out here (the same
 * cases as tests/unit/products/test_fiscal_check_table.py): one character in one position
 * of an all-'A' prefix, so a swap anywhere in the table changes at least one expectation.
 */
import { describe, expect, it } from 'vitest';
import { cfCheckChar, isCodiceFiscale } from '../validators';

const CHARACTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ODD_POSITION_LETTERS = 'IHMOQUWYACJLZBSKNPTVXRDGFEIHMOQUWYAC';
const EVEN_POSITION_LETTERS = 'IJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQR';
const REAL_CODES = ['RSSMRA80A01H501U', 'BNCLCU80A01H501Q', 'VRDGLI85M41F205R'];

describe('Codice Fiscale check letter', () => {
  it.each([...CHARACTERS].map((c, i) => [c, ODD_POSITION_LETTERS[i]]))('%s in an odd position → %s', (char, letter) => {
    expect(cfCheckChar(char + 'A'.repeat(14))).toBe(letter);
  });

  it.each([...CHARACTERS].map((c, i) => [c, EVEN_POSITION_LETTERS[i]]))('%s in an even position → %s', (char, letter) => {
    expect(cfCheckChar('A' + char + 'A'.repeat(13))).toBe(letter);
  });

  it.each(REAL_CODES)('%s is valid, and not with another check letter', (code) => {
    expect(isCodiceFiscale(code)).toBe(true);
    expect(isCodiceFiscale(code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A'))).toBe(false);
  });
});
