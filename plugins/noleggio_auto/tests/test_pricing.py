"""The line's money rules to the cent: consultancy bounds, the agent's rate, the earnings."""

from __future__ import annotations

import json
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.api import cents, decimal_or_none
from plugins.noleggio_auto.pricing import (
    Bounds,
    consultancy_bounds,
    consultancy_rate,
    earnings,
)

D = Decimal


@pytest.mark.parametrize(
    ("q_fattura", "canone", "rate", "months", "monthly", "total", "platform"),
    [
        # 3% of 289 € is 8.67 € a month of consultancy; half of it is the agent's: 4.335 → 4.34
        ("3", "289", "50", 36, "4.34", "156.24", "155.88"),
        ("4", "419", "50", 36, "8.38", "301.68", "301.68"),
        ("2.5", "289.99", "40", 48, "2.90", "139.20", "208.79"),
        ("1", "100", "10", 12, "0.10", "1.20", "10.80"),
        ("5", "549", "0", 48, "0.00", "0.00", "1317.60"),
        ("1.5", "0.01", "100", 1, "0.00", "0.00", "0.00"),
    ],
)
def test_earnings_to_the_cent(
    q_fattura: str, canone: str, rate: str, months: int, monthly: str, total: str, platform: str
) -> None:
    found = earnings(D(q_fattura), D(canone), D(rate), months)
    assert (found.monthly, found.total, found.platform) == (D(monthly), D(total), D(platform))


def _half_up(amount: Decimal) -> Decimal:
    """To the cent, half up: written here, not the rule under test."""
    return amount.quantize(D("0.01"), rounding=ROUND_HALF_UP)


amounts = st.decimals(min_value=0, max_value=100_000, places=2)
rates = st.decimals(min_value=0, max_value=100, places=2)


@given(q=rates, canone=amounts, rate=rates, months=st.integers(min_value=1, max_value=120))
def test_earnings_add_up(q: Decimal, canone: Decimal, rate: Decimal, months: int) -> None:
    found = earnings(q, canone, rate, months)
    assert found.monthly == _half_up(q * canone * rate / 10000)
    assert abs(found.monthly - q * canone * rate / 10000) <= D("0.005")
    assert found.total == found.monthly * months
    assert found.total + found.platform == _half_up(q * canone * months / 100)
    for amount in (found.monthly, found.total, found.platform):
        assert amount == amount.quantize(D("0.01"))


def test_half_cents_round_up() -> None:
    assert cents(D("4.335")) == D("4.34")
    assert cents(D("4.345")) == D("4.35")
    assert cents(D("4.3349")) == D("4.33")


COMPANIES = {
    "Leasys": {"qMin": 1, "qMax": 5},
    "Rotta": {"qMin": 6, "qMax": 2},
    "Vuota": {},
    "Testo": {"qMin": "1", "qMax": "x"},
}


def test_bounds_come_from_the_cars_company() -> None:
    bounds = consultancy_bounds(COMPANIES, "Leasys")
    assert bounds == Bounds(D(1), D(5))
    assert bounds.midpoint == D(3)
    assert [bounds.admits(D(v)) for v in ("0.99", "1", "4.5", "5", "5.01")] == [
        False, True, True, True, False
    ]  # fmt: skip


@pytest.mark.parametrize("company", ["Rotta", "Vuota", "Testo", "Assente", None])
def test_missing_or_broken_bounds_are_none(company: str | None) -> None:
    assert consultancy_bounds(COMPANIES, company) is None


def test_the_agents_rate_by_product_then_line_then_default() -> None:
    provv = {"default": 10, "noleggio-auto": {"provvConsulenza": 50}, "p1": {"provvConsulenza": 60}}
    assert consultancy_rate(provv, "p1", "noleggio-auto") == D(60)
    assert consultancy_rate(provv, "p2", "noleggio-auto") == D(50)
    assert consultancy_rate({"default": 10}, "p2", "noleggio-auto") == D(10)
    assert consultancy_rate({"noleggio-auto": {"provvEmissione": 12}}, None, "noleggio-auto") == 0
    assert consultancy_rate({"default": "dieci"}, None, "noleggio-auto") == 0


@pytest.mark.parametrize(
    ("value", "expected"),
    [(3, D(3)), (0.1, D("0.1")), ("2.5", D("2.5")), (True, None), ("x", None), (None, None),
     (float("nan"), None), (float("inf"), None)],
)  # fmt: skip
def test_numbers_only(value: object, expected: Decimal | None) -> None:
    assert decimal_or_none(value) == expected


CASES = Path(__file__).resolve().parents[1] / "web/src/__tests__/earnings-cases.json"


@pytest.mark.parametrize("case", json.loads(CASES.read_text()), ids=lambda c: str(c))
def test_the_same_cases_as_the_web_module(case: dict[str, float]) -> None:
    """The practice page computes earnings in the browser: both sides agree to the cent."""
    found = earnings(
        D(str(case["q_fattura"])), D(str(case["canone"])), D(str(case["rate"])), int(case["durata"])
    )
    expected = (D(str(case["monthly"])), D(str(case["total"])), D(str(case["platform"])))
    assert (found.monthly, found.total, found.platform) == expected
