"""Italian plates: current car, motorcycle and moped formats, older provincial ones."""

from __future__ import annotations

import pytest

from core.domain.products.fields import is_plate
from core.domain.products.fields.plates import normalise_plate


@pytest.mark.parametrize(
    "plate",
    [
        "AB123CD",  # car since 1994
        "ab 123 cd",  # any case, spaces
        "FZ-987-XY",  # hyphens
        "AB12345",  # motorcycle since 1999
        "X2B4CD",  # moped
        "X12345",
        "MI123456",  # provincial, before 1994
        "MI A12345",
        "MI 0A1234",
        "ROMA12345A",
        "TO 12345",
    ],
)
def test_plates_accepted(plate: str) -> None:
    assert is_plate(plate)


@pytest.mark.parametrize(
    "plate",
    [
        "",
        "AI123CD",  # I is never used
        "AB123CO",  # nor O
        "QB123CD",  # nor Q
        "AB123CU",  # nor U
        "AB1234D",
        "AB123C",
        "AB123CDE",
        "123ABCD",
        "AB1234",  # motorcycles have five digits
        "Y2B4CD",  # mopeds start with X
        "X2B4C",
        "XX123456",  # no province XX
        "MIABCD12",  # provincial plates carry at most two letters
        "MI1234",  # and five or six characters
        "AB123ÇD",
    ],
)
def test_plates_refused(plate: str) -> None:
    assert not is_plate(plate)


def test_plates_are_stored_upper_case_without_separators() -> None:
    assert normalise_plate(" ab-123 cd ") == "AB123CD"
