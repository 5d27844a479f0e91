"""Codice Fiscale and Partita IVA: official examples and properties of the check characters."""

from __future__ import annotations

import random
import re
from datetime import date

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from core.domain.products.fields import (
    decode_codice_fiscale,
    is_codice_fiscale,
    is_partita_iva,
)
from core.domain.products.fields.fiscal import cf_check_char
from tests.unit.products.strategies import (
    ALNUM,
    codici_fiscali,
    omocode,
    omocodia_positions,
    partite_iva,
)

TODAY = date(2026, 1, 1)


def checked(first15: str) -> str:
    return first15 + cf_check_char(first15)


@pytest.mark.parametrize(
    "cf",
    [
        "RSSMRA85T10A562S",  # Mario Rossi, the textbook example
        "MRTMTT25D09F205Z",  # Matteo Moretti, Milano
        "rssmra85t10a562s",  # any case
        " RSSMRA 85T10 A562S ",  # spaces ignored
        "MRTMTT25D09F2LRF",  # omocodia: place 205 written 2LR, check letter recomputed
        "RSSMRAURTMLARSNL",  # all seven numeric positions as letters
    ],
)
def test_valid_codici_fiscali(cf: str) -> None:
    assert is_codice_fiscale(cf)


@pytest.mark.parametrize(
    "cf",
    [
        "RSSMRA85T10A562T",  # wrong check letter
        "MRTMTT25D09F2LRZ",  # omocode without recomputing the check letter
        "RSSMRA85T10A562",  # 15 characters
        "RSSMRA85T10A562SX",  # 17 characters
        "",
        # right check letter, wrong structure
        checked("RSSMRA85Z10A562"),  # Z is no month
        checked("RSSMRA85T00A562"),  # day 0
        checked("RSSMRA85T32A562"),  # day 32
        checked("RSSMRA85T72A562"),  # day 72 (32 for a woman)
        checked("RSSMRA85B30A562"),  # 30 February
        checked("RSSMRA8AT10A562"),  # A is no omocodia letter
        checked("1SSMRA85T10A562"),  # digit among the name letters
        checked("RSSMRA85T10A56"),  # 15 characters
    ],
)
def test_invalid_codici_fiscali(cf: str) -> None:
    assert not is_codice_fiscale(cf)


def test_decoding_gives_birth_date_sex_and_place() -> None:
    assert decode_codice_fiscale("RSSMRA85T10A562S", today=TODAY) == {
        "birth_date": date(1985, 12, 10),
        "sex": "M",
        "place_code": "A562",
    }
    woman = decode_codice_fiscale(omocode("RSSMRA85T50A562S", []), today=TODAY)
    assert woman == {"birth_date": date(1985, 12, 10), "sex": "F", "place_code": "A562"}


def test_the_century_keeps_the_birth_date_in_the_past() -> None:
    decoded = decode_codice_fiscale("MRTMTT25D09F205Z", today=date(2025, 4, 8))
    assert decoded is not None
    assert decoded["birth_date"] == date(1925, 4, 9)
    decoded = decode_codice_fiscale("MRTMTT25D09F205Z", today=date(2025, 4, 9))
    assert decoded is not None
    assert decoded["birth_date"] == date(2025, 4, 9)


def test_omocodia_is_decoded() -> None:
    decoded = decode_codice_fiscale("MRTMTT25D09F2LRF", today=TODAY)
    assert decoded is not None
    assert decoded["place_code"] == "F205"


@given(codici_fiscali())
def test_generated_codici_fiscali_are_valid(cf: str) -> None:
    assert is_codice_fiscale(cf)
    assert is_codice_fiscale(cf.lower())


@given(codici_fiscali(), omocodia_positions)
def test_omocodia_keeps_validity_and_meaning(cf: str, positions: list[int]) -> None:
    variant = omocode(cf, positions)
    assert variant != cf
    assert is_codice_fiscale(variant)
    assert decode_codice_fiscale(variant, today=TODAY) == decode_codice_fiscale(cf, today=TODAY)


@given(
    codici_fiscali(), st.booleans(), omocodia_positions, st.integers(0, 15), st.sampled_from(ALNUM)
)
def test_changing_one_character_breaks_a_codice_fiscale(
    cf: str, use_omocodia: bool, positions: list[int], index: int, char: str
) -> None:
    code = omocode(cf, positions) if use_omocodia else cf
    assume(code[index] != char)
    assert not is_codice_fiscale(code[:index] + char + code[index + 1 :])


@given(st.text(ALNUM, min_size=16, max_size=16))
def test_random_strings_are_refused_unless_shaped_and_checked(text: str) -> None:
    shaped = re.fullmatch(r"[A-Z]{6}\w\w[ABCDEHLMPRST]\w\w[A-Z]\w{3}[A-Z]", text)
    if not shaped or cf_check_char(text[:15]) != text[15]:
        assert not is_codice_fiscale(text)


def test_random_strings_are_mostly_refused() -> None:
    rng = random.Random(5)
    samples = ["".join(rng.choice(ALNUM) for _ in range(16)) for _ in range(2000)]
    assert sum(map(is_codice_fiscale, samples)) == 0


@pytest.mark.parametrize("piva", ["00743110157", "01234567897", "12345678903", " 0074 3110157 "])
def test_valid_partite_iva(piva: str) -> None:
    assert is_partita_iva(piva)


@pytest.mark.parametrize(
    "piva",
    ["00743110158", "0074311015", "007431101570", "0074311015A", "00000000000", "١٢٣٤٥٦٧٨٩٠٣"],
)
def test_invalid_partite_iva(piva: str) -> None:
    assert not is_partita_iva(piva)


@given(partite_iva())
def test_generated_partite_iva_are_valid(piva: str) -> None:
    assert is_partita_iva(piva)


@given(partite_iva(), st.integers(0, 10), st.sampled_from("0123456789"))
def test_changing_one_digit_breaks_a_partita_iva(piva: str, index: int, digit: str) -> None:
    assume(piva[index] != digit)
    assert not is_partita_iva(piva[:index] + digit + piva[index + 1 :])
