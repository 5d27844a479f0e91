"""IBAN check (ISO 13616): the country, two check digits, the account; the whole, moved
four characters and read with A = 10 … Z = 35, is 1 modulo 97. An Italian IBAN is 27
characters long (IT, check digits, CIN, ABI, CAB, account)."""

from __future__ import annotations

import re

SHAPE = re.compile(r"^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$")
LENGTHS = {"IT": 27, "SM": 27, "VA": 22, "DE": 22, "FR": 27, "ES": 24, "AT": 20, "CH": 21,
           "BE": 16, "NL": 18, "LU": 20, "PT": 25, "IE": 22, "GB": 22, "MT": 31}  # fmt: skip
"""Lengths of the countries a collaborator's account most likely is in; others need 15–34."""


def normalise(iban: str) -> str:
    """Upper case, without spaces: how an IBAN is compared and stored."""
    return "".join(iban.split()).upper()


def is_iban(iban: str) -> bool:
    """Whether ``iban`` (any case, spaces ignored) has its country's length and check digits."""
    code = normalise(iban)
    if not code.isascii() or not SHAPE.match(code):
        return False
    if len(code) != LENGTHS.get(code[:2], len(code)):
        return False
    moved = code[4:] + code[:4]
    return int("".join(str(int(c, 36)) for c in moved)) % 97 == 1
