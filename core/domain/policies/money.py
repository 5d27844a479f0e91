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
from decimal import Decimal
from typing import Any

from core.money import amount, cents, provv_rate

MAX_AMOUNT = Decimal("10000000")
"""The largest premium accepted (ten million euros)."""


def agent_rate(provv: Mapping[str, Any], product_id: str | None) -> Decimal:
    """The agent's emission rate in %: ``provvEmissione`` for the product, else ``default``."""
    return provv_rate(provv, "provvEmissione", (product_id,), read=amount)


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
