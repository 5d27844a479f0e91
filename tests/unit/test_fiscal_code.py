"""The Codice Fiscale decoded to its town or state (DM 23/12/1976), with real cadastral codes
from the ISTAT list shipped by python-codicefiscale."""

from __future__ import annotations

from datetime import date

import pytest

from core.domain.clients.fiscal_code import decode, place_of
from core.domain.products.fields.fiscal import cf_check_char as check_char

TODAY = date(2026, 11, 27)


@pytest.mark.parametrize(
    ("code", "born", "sex", "place"),
    [
        # the textbook example: Mario Rossi, 10 December 1985 (T = December), San Giuliano Terme
        ("RSSMRA85T10A562S", date(1985, 12, 10), "M", "San Giuliano Terme (PI)"),
        # day 41 = a woman born on the 1st; M = August
        ("VRDLCU90M41F205G", date(1990, 8, 1), "F", "Milano (MI)"),
        ("BNCLCU80A01H501Q", date(1980, 1, 1), "M", "Roma (RM)"),
        # omocodia: F2LR reads F205 (L = 0, R = 5); 25 is 2025, already past on TODAY
        ("MRTMTT25D09F2LRF", date(2025, 4, 9), "M", "Milano (MI)"),
        # foreign states: Z404 United States, Z105 Czechoslovakia (ceased in 1993)
        ("SMTJHN70C15Z404A", date(1970, 3, 15), "M", "Stati Uniti d'America"),
        ("NVKPVL80A01Z105H", date(1980, 1, 1), "M", "Cecoslovacchia"),
        # lower case and spaces are read as the code
        ("rssmra85t50 a562w", date(1985, 12, 10), "F", "San Giuliano Terme (PI)"),
    ],
)
def test_real_codes_name_the_place(code: str, born: date, sex: str, place: str) -> None:
    facts = decode(code, TODAY)
    assert facts is not None
    assert (facts.birth_date, facts.sex) == (born, sex)
    assert facts.as_payload()["place"] == place


def test_the_place_valid_on_the_birth_date() -> None:
    # A001 was 'Abano' until 13/11/1924, then 'Abano Terme'
    assert place_of("A001", date(1920, 1, 1)).name == "Abano"  # type: ignore[union-attr]
    assert place_of("A001", date(1990, 1, 1)).name == "Abano Terme"  # type: ignore[union-attr]
    assert place_of("A001") == place_of("A001", date(2026, 1, 1))
    assert place_of("Z404").abroad  # type: ignore[union-attr]
    assert place_of("Q999") is None


def test_the_century_keeps_the_birth_in_the_past() -> None:
    # 25 → 2025 while 9 April 2025 has come, else 1925
    assert decode("MRTMTT25D09F205Z", date(2025, 4, 9)).birth_date == date(2025, 4, 9)  # type: ignore[union-attr]
    assert decode("MRTMTT25D09F205Z", date(2025, 4, 8)).birth_date == date(1925, 4, 9)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "code",
    [
        "RSSMRA85T10A562T",  # wrong check letter
        "RSSMRA85T10A562",  # 15 characters
        "RSSMRA85Z10A562S",  # Z is no month
        "12345678901",  # a VAT number is not a personal code
        "",
    ],
)
def test_invalid_codes_decode_to_nothing(code: str) -> None:
    assert decode(code, TODAY) is None


def test_the_check_letter() -> None:
    assert check_char("RSSMRA85T10A562") == "S"
