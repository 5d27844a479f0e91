"""Commission rules, exact to the cent (Decimal euros, half up; docs/rules/commissions.md).

* The **company commission** is the **net premium** (imponibile, without the insurance taxes
  and contributions: :mod:`core.domain.taxes.split`) × the company's ``provv`` / 100.
* The **agent** who wrote the policy earns commission × their rate / 100 (SPEC §9), the rate
  being their per-product ``provvEmissione``, else their default.
* A **sub-agent's parent** earns the difference between its own rate and the sub-agent's:
  commission × max(parent − sub, 0) / 100. Together they never take more than the commission.
* The agent's **referrer** (segnalatore) earns commission × their rate / 100 out of what is left.
* The **platform** keeps the rest, so the shares always add up to the commission (SPEC §9).
* A payout is net of withholding (art. 25-bis DPR 600/1973,
  :mod:`core.domain.commissions.withholding`): withholding = gross × base / 100 ×
  ``ritenuta`` / 100, to the cent half up, base being 50, 20 or 0 (flat-rate regime);
  net = gross − withholding.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from core.money import ZERO, amount, cents, provv_rate


def emission_rate(provv: Mapping[str, Any], product_id: str | None) -> Decimal:
    """A user's emission rate in %: ``provvEmissione`` for the product, else ``default``."""
    return provv_rate(provv, "provvEmissione", (product_id,), read=amount)


@dataclass(frozen=True, slots=True)
class Rates:
    """The rates in % a commission is shared with; ``None`` where nobody takes that part."""

    agent: Decimal
    parent: Decimal | None = None
    referrer: Decimal | None = None


@dataclass(frozen=True, slots=True)
class Split:
    """Who earns what of a company commission; the parts sum to ``commission``."""

    commission: Decimal
    agent: Decimal
    parent: Decimal
    referrer: Decimal
    platform: Decimal


def commission_on(net_premium: Decimal, company_rate: Decimal) -> Decimal:
    """The company commission on ``net_premium`` (taxes are the State's: no commission on
    them; law 1216/1961 and art. 334 D.Lgs. 209/2005 make them the contracting party's)."""
    return cents(net_premium * company_rate / 100)


def split(commission: Decimal, rates: Rates) -> Split:
    """``commission`` shared by the agent, its parent, its referrer and the platform."""
    agent = min(cents(commission * rates.agent / 100), commission)
    parent = ZERO
    if rates.parent is not None and rates.parent > rates.agent:
        parent = min(cents(commission * (rates.parent - rates.agent) / 100), commission - agent)
    left = commission - agent - parent
    referrer = ZERO
    if rates.referrer is not None:
        referrer = min(cents(commission * rates.referrer / 100), left)
    return Split(commission, agent, parent, referrer, left - referrer)


@dataclass(frozen=True, slots=True)
class Payout:
    """A gross amount, the withholding on it and what is paid: ``net + withholding == gross``."""

    gross: Decimal
    withholding: Decimal
    net: Decimal


def payout(gross: Decimal, ritenuta: Decimal, base: Decimal) -> Payout:
    """Withholding = gross × ``base`` % × ``ritenuta`` % to the cent (half up); net = the rest.
    ``base`` is the share of the commissions withheld on (50, 20 or 0, art. 25-bis c. 2
    DPR 600/1973 and art. 1 c. 67 L. 190/2014)."""
    withholding = cents(gross * base * ritenuta / 10000)
    return Payout(gross, withholding, gross - withholding)
