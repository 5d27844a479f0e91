"""Policy money, exact: :class:`~decimal.Decimal` euros rounded half up to the cent.

What an issued policy earns (the README's 'Money on a policy'):

* the **company commission** is the premium × the company's ``provv`` / 100;
* the **agent's part** is that commission × the agent's rate / 100 — their ``provvEmissione``
  for the quote's product, else their default ``provv`` (SPEC §9 'Commission');
* the **platform** keeps the commission minus the agent's part (SPEC §9).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

CENT = Decimal("0.01")
ZERO = Decimal(0)
MAX_AMOUNT = Decimal("10000000")
"""The largest premium accepted (ten million euros)."""


def cents(value: Decimal) -> Decimal:
    """``value`` rounded half up to the cent."""
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def to_cents(value: Decimal) -> int:
    return int(cents(value) * 100)


def from_cents(value: int) -> Decimal:
    return (Decimal(value) / 100).quantize(CENT)


def amount(value: Any) -> Decimal | None:
    """A finite number ≥ 0 as euros (read through its text, so 0.1 stays 0.1), else ``None``."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        return None
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return None
    return number if number.is_finite() and number >= 0 else None


def as_number(value: Decimal) -> float | int:
    """A cent amount as a JSON number (exact for two decimals when read back as text)."""
    whole = cents(value)
    return int(whole) if whole == whole.to_integral_value() else float(whole)


def agent_rate(provv: Mapping[str, Any], product_id: str | None) -> Decimal:
    """The agent's emission rate in %: ``provvEmissione`` for the product, else ``default``."""
    specific = provv.get(product_id) if product_id else None
    if isinstance(specific, Mapping):
        rate = amount(specific.get("provvEmissione"))
        if rate is not None:
            return rate
    return amount(provv.get("default")) or ZERO


@dataclass(frozen=True, slots=True)
class Shares:
    """Who earns what on a premium."""

    commission: Decimal
    agent: Decimal
    platform: Decimal


def shares(premium: Decimal, company_rate: Decimal, rate: Decimal) -> Shares:
    """The company commission on ``premium`` and its split between agent and platform."""
    commission = cents(premium * company_rate / 100)
    agent = cents(commission * rate / 100)
    return Shares(commission, agent, commission - agent)
