"""Plate formats by kind of vehicle (plugins/rca/rules/plates.py): the 1994 car series without
I, O, Q, U; motorcycles' two letters and five digits; the ciclomotore's six characters of
D.P.R. 153/2006; trailers' X series of D.P.R. 198/2012 and the older two letters and five
digits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.rca.rules.errors import RcaRuleError
from plugins.rca.rules.plates import (
    LETTERS,
    MOPED_SYMBOLS,
    VehicleKind,
    kinds_of,
    normalise,
    validate_plate,
)

CAR, MOTO, MOPED, TRAILER = (
    VehicleKind.AUTOVETTURA,
    VehicleKind.MOTOCICLO,
    VehicleKind.CICLOMOTORE,
    VehicleKind.RIMORCHIO,
)
CAR_MESSAGE = "Targa non valida per un'autovettura: il formato è AA000AA (senza I, O, Q, U)"
MOTO_MESSAGE = "Targa non valida per un motociclo: il formato è AA00000 (senza I, O, Q, U)"
MOPED_MESSAGE = (
    "Targa non valida per un ciclomotore: il formato è X00000 "
    "(una X e cinque tra cifre da 2 a 9 e consonanti, senza Q)"
)
TRAILER_MESSAGE = (
    "Targa non valida per un rimorchio: il formato è XA000AA dal 2013 o AA00000 se "
    "immatricolato prima (senza I, O, Q, U)"
)


def test_the_alphabets() -> None:
    assert LETTERS == "ABCDEFGHJKLMNPRSTVWXYZ"
    assert len(LETTERS) == 22
    assert not set("IOQU") & set(LETTERS)
    assert len(MOPED_SYMBOLS) == 28  # 784 plates in a lot X22/2**: 28 × 28
    assert not set("01AEIOUQ") & set(MOPED_SYMBOLS)


@pytest.mark.parametrize(
    ("raw", "kind", "plate"),
    [
        ("AB123CD", CAR, "AB123CD"),
        ("ab 123 cd", CAR, "AB123CD"),
        ("Ab-123-Cd", CAR, "AB123CD"),
        ("  GM 456 ZZ ", CAR, "GM456ZZ"),
        ("ZA000AA", CAR, "ZA000AA"),  # the two-line "quadrotta" series
        ("YA123BC", CAR, "YA123BC"),  # polizia locale
        ("AB001EE", CAR, "AB001EE"),  # EE is skipped only as the first pair
        ("AB12345", MOTO, "AB12345"),
        ("ab 123 45", MOTO, "AB12345"),
        ("X22222", MOPED, "X22222"),  # the first plate of the series
        ("x7b-t9z", MOPED, "X7BT9Z"),
        ("XZZZZZ", MOPED, "XZZZZZ"),
        ("XA000AA", TRAILER, "XA000AA"),  # the first lot, Agrigento
        ("xb 123 cd", TRAILER, "XB123CD"),
        ("AG12345", TRAILER, "AG12345"),  # before 20 February 2013
    ],
)
def test_valid_plates(raw: str, kind: VehicleKind, plate: str) -> None:
    assert validate_plate(raw, kind) == plate


@pytest.mark.parametrize(
    ("raw", "kind", "message"),
    [
        ("IB123CD", CAR, CAR_MESSAGE),
        ("AO123CD", CAR, CAR_MESSAGE),
        ("AB123QD", CAR, CAR_MESSAGE),
        ("AB123CU", CAR, CAR_MESSAGE),
        ("AB12CD", CAR, CAR_MESSAGE),
        ("AB1234CD", CAR, CAR_MESSAGE),
        ("A1123CD", CAR, CAR_MESSAGE),
        ("AB12345", CAR, CAR_MESSAGE),
        ("AB123CD", MOTO, MOTO_MESSAGE),
        ("AI12345", MOTO, MOTO_MESSAGE),
        ("UB12345", MOTO, MOTO_MESSAGE),
        ("AB1234", MOTO, MOTO_MESSAGE),
        ("AB123456", MOTO, MOTO_MESSAGE),
        ("Y22222", MOPED, MOPED_MESSAGE),
        ("X2A222", MOPED, MOPED_MESSAGE),  # no vowels
        ("X2E222", MOPED, MOPED_MESSAGE),
        ("X2Q222", MOPED, MOPED_MESSAGE),
        ("X12345", MOPED, MOPED_MESSAGE),  # no 1
        ("X02345", MOPED, MOPED_MESSAGE),  # no 0
        ("X222222", MOPED, MOPED_MESSAGE),
        ("AB123CD", TRAILER, TRAILER_MESSAGE),
        ("XI123CD", TRAILER, TRAILER_MESSAGE),
        ("XA123CO", TRAILER, TRAILER_MESSAGE),
        ("AQ12345", TRAILER, TRAILER_MESSAGE),
    ],
)
def test_invalid_plates(raw: str, kind: VehicleKind, message: str) -> None:
    with pytest.raises(RcaRuleError) as refused:
        validate_plate(raw, kind)
    assert refused.value.message == message
    assert refused.value.status_code == 400


def test_a_trailers_plate_is_not_a_cars() -> None:
    with pytest.raises(RcaRuleError, match="iniziano per X sono dei rimorchi"):
        validate_plate("XA123BC", CAR)


def test_the_escursionisti_esteri_series_is_not_a_cars() -> None:
    with pytest.raises(RcaRuleError, match="la serie EE è riservata agli escursionisti esteri"):
        validate_plate("EE123AB", CAR)


def test_the_old_five_character_contrassegno_is_refused_by_name() -> None:
    with pytest.raises(RcaRuleError) as refused:
        validate_plate("8Z4RT", MOPED)
    assert refused.value.message == (
        "Targa non valida per un ciclomotore: il contrassegno a cinque caratteri non vale più "
        "dal 12 febbraio 2012 (il formato è X00000)"
    )


@pytest.mark.parametrize("raw", ["AB.123.CD", "AB/123CD", "AB123CD!", "ÀB123CD", "AB_123CD"])
def test_other_characters_are_refused(raw: str) -> None:
    with pytest.raises(RcaRuleError) as refused:
        normalise(raw)
    assert refused.value.message == (
        "Targa non valida: sono ammesse solo lettere e cifre (spazi e trattini si ignorano)"
    )


@pytest.mark.parametrize("raw", ["", "   ", " - "])
def test_an_empty_plate_is_missing(raw: str) -> None:
    with pytest.raises(RcaRuleError, match=r"^Targa mancante$"):
        validate_plate(raw, CAR)


def test_the_kinds_a_plate_fits() -> None:
    assert kinds_of("ab 123 cd") == [CAR]
    assert kinds_of("AB12345") == [MOTO, TRAILER]  # an old trailer plate looks like a moto's
    assert kinds_of("XA123BC") == [TRAILER]
    assert kinds_of("X22222") == [MOPED]
    assert kinds_of("AI123CD") == []


letter = st.sampled_from(LETTERS)
digit = st.sampled_from("0123456789")
excluded = st.sampled_from("IOQU")


@given(st.tuples(letter.filter(lambda c: c != "X"), letter, digit, digit, digit, letter, letter))
def test_every_car_series_plate_validates(chars: tuple[str, ...]) -> None:
    plate = "".join(chars)
    if plate.startswith("EE"):
        return
    assert validate_plate(plate.lower(), CAR) == plate
    assert validate_plate(f"{plate[:2]} {plate[2:5]} {plate[5:]}", CAR) == plate


@given(st.lists(st.sampled_from(MOPED_SYMBOLS), min_size=5, max_size=5))
def test_every_moped_series_plate_validates(chars: list[str]) -> None:
    plate = "X" + "".join(chars)
    assert validate_plate(plate, MOPED) == plate


@given(
    st.sampled_from(["AB123CD", "AB12345", "XA123BC"]),
    st.sampled_from([0, 1, 5, 6]),
    excluded,
    st.sampled_from(list(VehicleKind)),
)
def test_an_excluded_letter_is_refused_wherever_it_stands(
    base: str, position: int, bad: str, kind: VehicleKind
) -> None:
    if position >= len(base) or base[position].isdigit():
        return
    plate = base[:position] + bad + base[position + 1 :]
    with pytest.raises(RcaRuleError):
        validate_plate(plate, kind)
