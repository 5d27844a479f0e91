"""The rental line's money rules at their edges: company bounds read strictly (a rate range
from zero, a single admitted rate, nothing negative or inverted), the slider's midpoint, and
the earnings a practice reports, worked out by hand."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from plugins.noleggio_auto.pricing import Bounds, consultancy_bounds, earnings


@pytest.mark.parametrize(
    ("config", "bounds"),
    [({"qMin": 0, "qMax": 2}, Bounds(Decimal(0), Decimal(2))),
     ({"qMin": 3, "qMax": 3}, Bounds(Decimal(3), Decimal(3))),
     ({"qMin": "1.5", "qMax": 4}, Bounds(Decimal("1.5"), Decimal(4))),
     ({"qMin": -1, "qMax": 5}, None),
     ({"qMin": 3, "qMax": 2.99}, None),
     ({"qMin": "x", "qMax": 5}, None),
     ({"qMax": 5}, None),
     ({"qMin": 1}, None),
     ([1, 5], None)],
)  # fmt: skip
def test_a_companys_bounds(config: Any, bounds: Bounds | None) -> None:
    assert consultancy_bounds({"Leasys": config}, "Leasys") == bounds


def test_no_company_has_no_bounds() -> None:
    companies = {"": {"qMin": 1, "qMax": 5}, "Leasys": {"qMin": 1, "qMax": 5}}
    assert consultancy_bounds(companies, "") is None
    assert consultancy_bounds(companies, None) is None


def test_the_slider_starts_halfway() -> None:
    assert Bounds(Decimal(1), Decimal(4)).midpoint == Decimal("2.5")
    assert Bounds(Decimal(2), Decimal(2)).midpoint == Decimal(2)


def test_what_a_practice_earns_and_reports() -> None:
    # 0,5 × 400,00 × 50 % / 100 = 1,00 a month; 36 months: 36,00; the consultancy
    # 0,5 × 400,00 × 36 / 100 = 72,00, so the platform keeps 36,00
    found = earnings(Decimal("0.5"), Decimal("400.00"), Decimal(50), 36)
    assert (found.monthly, found.total, found.platform) == (
        Decimal("1.00"),
        Decimal("36.00"),
        Decimal("36.00"),
    )
    payload = found.as_payload()
    assert payload == {"monthly": 1.0, "total": 36.0}
    assert all(isinstance(v, float) for v in payload.values())
    odd = earnings(Decimal("1.25"), Decimal("333.33"), Decimal("33.3"), 12).as_payload()
    # 1,25 × 333,33 × 33,3 % / 100 = 1,3874861… → 1,39; × 12 = 16,68
    assert odd == {"monthly": 1.39, "total": 16.68}
