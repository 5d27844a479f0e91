"""The Codice Fiscale check letter against the official tables, written out here.

Every character in an odd position (1st, 3rd, …) has the value of the Agenzia delle
Entrate's table; in an even position, its index. Each case puts one character in one
position of an otherwise all-``A`` prefix, so the expected letter follows from a single
table entry: a swap anywhere in the production table changes at least one of them.
"""

import pytest

from core.domain.products.fields.fiscal import cf_check_char, is_codice_fiscale

CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
ODD_POSITION_LETTERS = "IHMOQUWYACJLZBSKNPTVXRDGFEIHMOQUWYAC"
"""Check letter of ``c + 'A' * 14`` for each character ``c`` above: (odd[c] + 7) mod 26."""
EVEN_POSITION_LETTERS = "IJKLMNOPQRSTUVWXYZABCDEFGHIJKLMNOPQR"
"""Check letter of ``'A' + c + 'A' * 13``: (index of c + 8) mod 26."""
REAL_CODES = ("RSSMRA80A01H501U", "BNCLCU80A01H501Q", "VRDGLI85M41F205R")


@pytest.mark.parametrize(
    ("char", "letter"), list(zip(CHARACTERS, ODD_POSITION_LETTERS, strict=True))
)
def test_each_character_in_an_odd_position(char: str, letter: str) -> None:
    assert cf_check_char(char + "A" * 14) == letter


@pytest.mark.parametrize(
    ("char", "letter"), list(zip(CHARACTERS, EVEN_POSITION_LETTERS, strict=True))
)
def test_each_character_in_an_even_position(char: str, letter: str) -> None:
    assert cf_check_char("A" + char + "A" * 13) == letter


@pytest.mark.parametrize("code", REAL_CODES)
def test_real_codes_are_valid_and_one_changed_letter_is_not(code: str) -> None:
    assert is_codice_fiscale(code)
    wrong = code[:-1] + ("A" if code[-1] != "A" else "B")
    assert not is_codice_fiscale(wrong)
