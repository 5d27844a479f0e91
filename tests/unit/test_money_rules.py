"""Exact money, case by case: half-up cents, it-IT euro text, cents both ways, amounts read
from stored JSON, JSON numbers, commission rates by key, and the withholding's words."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.domain.commissions.withholding import base_percent, describe, percent_text
from core.money import (
    amount,
    as_number,
    cents,
    decimal_or_none,
    euro_text,
    from_cents,
    provv_rate,
    to_cents,
)


@pytest.mark.parametrize(
    ("value", "rounded"),
    [("0.005", "0.01"), ("0.004999", "0.00"), ("-0.005", "-0.01"), ("2.675", "2.68"),
     ("10", "10.00")],
)  # fmt: skip
def test_cents_round_half_up_away_from_zero(value: str, rounded: str) -> None:
    found = cents(Decimal(value))
    assert found == Decimal(rounded)
    assert str(found) == rounded


@pytest.mark.parametrize(
    ("value", "text"),
    [("0", "0,00 €"), ("0.005", "0,01 €"), ("-0.004", "0,00 €"), ("-0.5", "-0,50 €"),
     ("999.999", "1.000,00 €"), ("1234567.891", "1.234.567,89 €"), ("-1050", "-1.050,00 €")],
)  # fmt: skip
def test_euro_text(value: str, text: str) -> None:
    assert euro_text(Decimal(value)) == text


def test_cents_both_ways() -> None:
    assert to_cents(Decimal("12.345")) == 1235
    assert to_cents(Decimal("-0.01")) == -1
    assert from_cents(1235) == Decimal("12.35")
    assert str(from_cents(7)) == "0.07"
    assert str(from_cents(-100)) == "-1.00"


@pytest.mark.parametrize(
    ("value", "number"),
    [(3, Decimal(3)), (0.1, Decimal("0.1")), ("2.50", Decimal("2.50")),
     (Decimal("-1"), Decimal(-1)), (True, None), (False, None), ("x", None), ("", None),
     (None, None), ([1], None),
     ("NaN", None), ("Infinity", None), (float("-inf"), None)],
)  # fmt: skip
def test_a_stored_number_is_read_exactly_or_not_at_all(value: object, number: object) -> None:
    assert decimal_or_none(value) == number


def test_an_amount_is_a_number_not_below_zero() -> None:
    assert amount("0") == Decimal(0)
    assert amount(12.5) == Decimal("12.5")
    assert amount("-0.01") is None
    assert amount("dieci") is None


@pytest.mark.parametrize(
    ("value", "number"),
    [("12", 12), ("12.00", 12), ("12.5", 12.5), ("0.005", 0.01), ("-3.10", -3.1)],
)
def test_json_numbers_are_whole_when_they_can_be(value: str, number: float) -> None:
    found = as_number(Decimal(value))
    assert found == number
    assert type(found) is type(number)


def test_a_rate_by_the_first_key_that_has_it_else_the_default() -> None:
    provv = {"default": "10", "p1": {"rate": 60}, "auto": {"rate": "x"}, "casa": 5,
             "vita": {"other": 1}}  # fmt: skip
    assert provv_rate(provv, "rate", ("p1", "auto")) == Decimal(60)
    assert provv_rate(provv, "rate", ("auto", "p1")) == Decimal(60)  # unreadable: the next
    assert provv_rate(provv, "rate", ("casa", "vita", None, "")) == Decimal(10)
    assert provv_rate({"default": "x"}, "rate", ("p1",)) == Decimal(0)
    assert provv_rate({}, "rate", ()) == Decimal(0)
    assert provv_rate({"default": -2, "p1": {"rate": -1}}, "rate", ("p1",), read=amount) == 0
    assert provv_rate({"": {"rate": 7}, "default": 3}, "rate", ("",)) == Decimal(3)


@pytest.mark.parametrize(
    ("code", "percent"),
    [("50", 50), ("20", 20), ("nessuna", 0), (None, 50), ("", 50), ("30", 50)],
)
def test_the_share_withheld_on(code: str | None, percent: int) -> None:
    assert base_percent(code) == Decimal(percent)


@pytest.mark.parametrize(
    ("value", "text"),
    [("23", "23 %"), ("23.00", "23 %"), ("11.5", "11,5 %"), ("11.50", "11,5 %"),
     ("0.25", "0,25 %"), ("100", "100 %"), ("20.05", "20,05 %"), ("0", "0 %")],
)  # fmt: skip
def test_percent_text(value: str, text: str) -> None:
    assert percent_text(Decimal(value)) == text


def test_the_withholding_in_words() -> None:
    assert describe("50", Decimal(23)) == "Ritenuta d'acconto 23 % sul 50 % delle provvigioni"
    assert describe("20", Decimal("11.5")) == (
        "Ritenuta d'acconto 11,5 % sul 20 % delle provvigioni"
    )
    assert describe(None, Decimal(23)) == "Ritenuta d'acconto 23 % sul 50 % delle provvigioni"
    assert describe("nessuna", Decimal(23)) == (
        "Nessuna ritenuta d'acconto (regime forfettario, art. 1 c. 67 L. 190/2014)"
    )
