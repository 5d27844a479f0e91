"""The line's money rules (SPEC §5, §9): the consultancy bounds and the earnings, to the cent.

All amounts are :class:`~decimal.Decimal` and rounded half up to the cent, as an invoice is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from core.api import cents, decimal_or_none, provv_rate


@dataclass(frozen=True, slots=True)
class Bounds:
    """The consultancy rate a company admits, in % of the monthly fee (qMin..qMax)."""

    low: Decimal
    high: Decimal

    @property
    def midpoint(self) -> Decimal:
        """The slider's default (SPEC §5)."""
        return (self.low + self.high) / 2

    def admits(self, rate: Decimal) -> bool:
        return self.low <= rate <= self.high


def consultancy_bounds(companies: Mapping[str, Any], company: str | None) -> Bounds | None:
    """The company's ``qMin``/``qMax`` on the product, or ``None`` when not configured."""
    config = companies.get(company) if company else None
    if not isinstance(config, Mapping):
        return None
    low, high = decimal_or_none(config.get("qMin")), decimal_or_none(config.get("qMax"))
    if low is None or high is None or low < 0 or high < low:
        return None
    return Bounds(low, high)


def consultancy_rate(provv: Mapping[str, Any], product_id: str | None, line: str) -> Decimal:
    """The agent's share of the consultancy, in %: ``provvConsulenza`` for the product (by
    its id, else by its line), else the agent's default, else 0."""
    return provv_rate(provv, "provvConsulenza", (product_id, line))


@dataclass(frozen=True, slots=True)
class Earnings:
    """What a rental practice earns, per month and over its whole duration."""

    monthly: Decimal
    """The agent's consultancy commission a month: qFattura × canone × rate / 10000."""
    total: Decimal
    """'Tuo guadagno totale': the monthly commission times the months."""
    platform: Decimal
    """The consultancy over the whole duration minus the agent's total."""

    def as_payload(self) -> dict[str, float]:
        return {"monthly": float(self.monthly), "total": float(self.total)}


def earnings(q_fattura: Decimal, canone: Decimal, rate: Decimal, months: int) -> Earnings:
    """The earnings of a practice (SPEC §9 'Rental consultancy commission')."""
    monthly = cents(q_fattura * canone * rate / 10000)
    total = monthly * months
    consultancy = cents(q_fattura * canone * months / 100)
    return Earnings(monthly, total, consultancy - total)
