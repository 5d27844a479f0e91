"""Codice Fiscale (persons) and Partita IVA (businesses): structure and check characters.

A Codice Fiscale is ``SSSNNN YY M DD LZZZ C``: six letters for surname and name, the birth
year, a month letter, the birth day (plus 40 for women), the place code (a letter and three
digits: a municipality, or Z for a foreign country) and a check letter. When two people would
get the same code (omocodia) the Agenzia delle Entrate replaces digits, from the right, with
the letters ``LMNPQRSTUV`` (0–9) in the seven numeric positions and recomputes the check letter.
A Partita IVA is eleven digits whose last is a Luhn check digit.
"""

from __future__ import annotations

import re
from datetime import date
from typing import TypedDict

CF_LENGTH = 16
PIVA_LENGTH = 11

OMOCODIA_LETTERS = "LMNPQRSTUV"
"""The letter replacing each digit 0–9 in an omocode Codice Fiscale."""
OMOCODIA_POSITIONS = (6, 7, 9, 10, 12, 13, 14)
"""The indexes of the seven numeric characters (year, day, place number)."""
MONTH_LETTERS = "ABCDEHLMPRST"
"""January to December."""

_DIGIT = f"[0-9{OMOCODIA_LETTERS}]"
_CF_SHAPE = re.compile(
    rf"[A-Z]{{6}}{_DIGIT}{{2}}[{MONTH_LETTERS}]{_DIGIT}{{2}}[A-Z]{_DIGIT}{{3}}[A-Z]",
)
_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Value of a character in an odd (1st, 3rd, …) position, A to Z; a digit counts as the letter
# of its index (0 as A). In even positions a character is worth its index.
# fmt: off
_ODD = (1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25,
        24, 23)
# fmt: on
_UNOMOCODE = str.maketrans(OMOCODIA_LETTERS, "0123456789")


class CodiceFiscaleData(TypedDict):
    """What a Codice Fiscale says about its holder."""

    birth_date: date
    sex: str
    place_code: str


def normalise(code: str) -> str:
    """Upper case, without spaces: how codes are compared and stored."""
    return "".join(code.split()).upper()


def _char_index(char: str) -> int:
    return int(char) if char.isdigit() else _ALPHABET.index(char)


def cf_check_char(first15: str) -> str:
    """The check letter of the first 15 characters of a Codice Fiscale (upper case)."""
    total = sum(
        _ODD[_char_index(c)] if i % 2 == 0 else _char_index(c) for i, c in enumerate(first15)
    )
    return _ALPHABET[total % 26]


def _unomocode(cf: str) -> str:
    """The code with omocodia letters in the numeric positions turned back into digits."""
    chars = list(cf)
    for i in OMOCODIA_POSITIONS:
        chars[i] = chars[i].translate(_UNOMOCODE)
    return "".join(chars)


def decode_codice_fiscale(cf: str, *, today: date | None = None) -> CodiceFiscaleData | None:
    """Birth date, sex and place code of a valid Codice Fiscale, else None.

    Omocodia is decoded. The two-digit year goes to the most recent century that does not put
    the birth date in the future (relative to ``today``).
    """
    code = normalise(cf)
    if len(code) != CF_LENGTH or not _CF_SHAPE.fullmatch(code):
        return None
    if cf_check_char(code[:15]) != code[15]:
        return None
    plain = _unomocode(code)
    today = today or date.today()
    year2, month = int(plain[6:8]), MONTH_LETTERS.index(plain[8]) + 1
    day = int(plain[9:11])
    sex = "F" if day > 40 else "M"
    day = day - 40 if day > 40 else day
    year = 2000 + year2
    try:
        born = date(year, month, day)
        if born > today:
            born = date(year - 100, month, day)
    except ValueError:
        return None
    return {"birth_date": born, "sex": sex, "place_code": plain[11:15]}


def is_codice_fiscale(cf: str) -> bool:
    """Whether ``cf`` (any case, spaces ignored) is a well-formed Codice Fiscale."""
    return decode_codice_fiscale(cf) is not None


def piva_check_digit(first10: str) -> int:
    """The Luhn check digit of the first ten digits of a Partita IVA."""
    total = 0
    for i, char in enumerate(first10):
        digit = int(char)
        if i % 2 == 1:
            digit *= 2
            digit = digit - 9 if digit > 9 else digit
        total += digit
    return (10 - total % 10) % 10


def is_partita_iva(piva: str) -> bool:
    """Whether ``piva`` (spaces ignored) is eleven digits with the right check digit.

    All zeros passes the arithmetic but is no one's number, so it is refused.
    """
    code = normalise(piva)
    if len(code) != PIVA_LENGTH or not code.isascii() or not code.isdigit():
        return False
    return code != "0" * PIVA_LENGTH and piva_check_digit(code[:10]) == int(code[10])
