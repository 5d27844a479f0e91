"""The loans' consultancy (SPEC §5, §9): a company admits qMin..qMax percent of the instalment,
so the slider runs in euro between those shares of the rata, starting halfway (the midpoint
percentage of the instalment); the customer's first instalment is the rata plus the chosen
consultancy (qFattura). Amounts half up to the cent."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from core.api import cents, decimal_or_none
from plugins.prestiti.money import inputs
from plugins.prestiti.money.errors import LoanRuleError


@dataclass(frozen=True, slots=True)
class Consultancy:
    """The slider's bounds and start, in euro."""

    low: Decimal
    high: Decimal
    midpoint: Decimal

    def admits(self, q_fattura: Decimal) -> bool:
        return self.low <= q_fattura <= self.high


def bounds_in_euro(q_min: Decimal, q_max: Decimal, instalment: Decimal) -> Consultancy:
    """``q_min``..``q_max`` % of ``instalment``, and the midpoint percentage of it."""
    q_min, q_max = inputs.percent(q_min, "qMin"), inputs.percent(q_max, "qMax")
    if q_max < q_min:
        raise LoanRuleError(f"Consulenza: qMax {q_max} % sotto qMin {q_min} %")
    instalment = inputs.amount(instalment, "Rata")
    return Consultancy(
        cents(q_min * instalment / 100),
        cents(q_max * instalment / 100),
        cents((q_min + q_max) * instalment / 200),
    )


def consultancy_bounds(
    companies: Mapping[str, Any], company: str | None, instalment: Decimal
) -> Consultancy | None:
    """The company's bounds on the product (``{company: {qMin, qMax}}``) in euro for this
    instalment; ``None`` when the company sets none or nonsensical ones (negative, inverted)."""
    config = companies.get(company) if company else None
    if not isinstance(config, Mapping):
        return None
    low, high = decimal_or_none(config.get("qMin")), decimal_or_none(config.get("qMax"))
    if low is None or high is None or low < 0 or high < low:
        return None
    return bounds_in_euro(low, high, instalment)


def first_instalment(instalment: Decimal, q_fattura: Decimal) -> Decimal:
    """'Prima rata': the instalment plus the consultancy (SPEC §9)."""
    instalment = inputs.amount(instalment, "Rata")
    q_fattura = inputs.amount(q_fattura, "Consulenza", allow_zero=True)
    return cents(instalment + q_fattura)
