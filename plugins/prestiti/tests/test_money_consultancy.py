"""The loans' consultancy in euro (SPEC §5: qMin..qMax percent of the instalment, starting
halfway) and the first instalment (SPEC §9: rata + qFattura), worked by hand; and the same
cases the web module checks (web/src/__tests__/loan-cases.json)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from plugins.prestiti.money.amortisation import schedule
from plugins.prestiti.money.consultancy import (
    Consultancy,
    bounds_in_euro,
    consultancy_bounds,
    first_instalment,
)
from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.taeg import Costs, taeg_of

D = Decimal


def test_bounds_in_euro_by_hand() -> None:
    # rata 285,40 €, qMin 1 %, qMax 4 %: 2,854 → 2,85; 11,416 → 11,42; halfway 2,5 %: 7,135
    # → 7,14 (half up); the first instalment 285,40 + 7,14 = 292,54
    bounds = bounds_in_euro(D(1), D(4), D("285.40"))
    assert bounds == Consultancy(D("2.85"), D("11.42"), D("7.14"))
    assert [bounds.admits(D(v)) for v in ("2.84", "2.85", "11.42", "11.43")] == [
        False, True, True, False
    ]  # fmt: skip
    assert first_instalment(D("285.40"), bounds.midpoint) == D("292.54")


COMPANIES = {
    "Banca Sella": {"qMin": 1, "qMax": 4},
    "Stesso": {"qMin": "2.5", "qMax": "2.5"},
    "Rotta": {"qMin": 6, "qMax": 2},
    "Negativa": {"qMin": -1, "qMax": 2},
    "Vuota": {},
}


def test_the_companys_bounds() -> None:
    assert consultancy_bounds(COMPANIES, "Banca Sella", D("285.40")) == Consultancy(
        D("2.85"), D("11.42"), D("7.14")
    )
    assert consultancy_bounds(COMPANIES, "Stesso", D(200)) == Consultancy(D(5), D(5), D(5))


@pytest.mark.parametrize("company", ["Rotta", "Negativa", "Vuota", "Assente", "", None])
def test_no_bounds(company: str | None) -> None:
    assert consultancy_bounds(COMPANIES, company, D(200)) is None


def test_bad_figures() -> None:
    with pytest.raises(LoanRuleError, match="Rata dev'essere maggiore di zero"):
        bounds_in_euro(D(1), D(4), D(0))
    with pytest.raises(LoanRuleError, match="Consulenza: qMax 1 % sotto qMin 4 %"):
        bounds_in_euro(D(4), D(1), D(100))
    with pytest.raises(LoanRuleError, match="qMin non può essere negativo"):
        bounds_in_euro(D(-1), D(1), D(100))
    with pytest.raises(LoanRuleError, match="qMax: valore non numerico"):
        bounds_in_euro(D(1), D("NaN"), D(100))
    with pytest.raises(LoanRuleError, match="Consulenza dev'essere maggiore di zero"):
        first_instalment(D(100), D(-1))
    assert first_instalment(D(100), D(0)) == D("100.00")


CASES = Path(__file__).resolve().parents[1] / "web/src/__tests__/loan-cases.json"


def _d(value: Any) -> Decimal:
    return D(str(value))


@pytest.mark.parametrize("case", json.loads(CASES.read_text()), ids=lambda c: c["name"])
def test_the_same_cases_as_the_web_module(case: dict[str, Any]) -> None:
    """The practice page shows these in the browser: both sides agree to the cent."""
    plan = schedule(_d(case["amount"]), _d(case["tan"]), case["months"])
    costs = case["costs"]
    found = taeg_of(
        plan,
        Costs(
            upfront=_d(costs["upfront"]),
            insurance=_d(costs["insurance"]),
            insurance_required=costs["insuranceRequired"],
            monthly=_d(costs["monthly"]),
            broker=_d(costs["broker"]),
        ),
    )
    bounds = bounds_in_euro(_d(case["qMin"]), _d(case["qMax"]), plan.instalment)
    expected = case["expected"]
    assert plan.instalment == _d(expected["instalment"])
    assert plan.last_instalment == _d(expected["lastInstalment"])
    assert plan.total_interest == _d(expected["totalInterest"])
    assert plan.total_paid == _d(expected["totalPaid"])
    assert found.rate == _d(expected["taeg"])
    assert (bounds.low, bounds.high, bounds.midpoint) == (
        _d(expected["consultancy"]["low"]),
        _d(expected["consultancy"]["high"]),
        _d(expected["consultancy"]["midpoint"]),
    )
    assert first_instalment(plan.instalment, bounds.midpoint) == _d(expected["firstInstalment"])
