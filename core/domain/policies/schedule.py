"""Instalment schedules (SPEC §9 'Installment frequencies'), exact to the cent.

* A frequency splits the year's premium into ``n`` instalments (ANN 1, SEM 2, QUAD 3, MEN 12);
  UNICO has none: the premium is due in one payment, tracked by the policy's ``paid``.
* Every instalment gets the premium's whole cents divided by ``n``; the cents left over go to
  the **first** instalment, the one due at emission (so later instalments are equal, as the
  companies bill them). The agent's part is split by the same rule, so both sum exactly.
* Instalment ``k`` (from 0) falls due ``k × 12 / n`` months after the start, counted from the
  start each time and held to the month's last day (31 January → 29 February → 31 March).
* The commission and each share of it (agent, parent, referrer) are split by the same rule.
* The net premium and the taxes are split by the same rule too, each instalment's total
  being its net plus its taxes, so the nets sum to the net premium, the taxes to the tax
  total and the totals to the premium (a premium with no tax splits exactly as before).
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Literal

from core.domain.commissions.rules import Split
from core.money import from_cents, to_cents

Frequency = Literal["ANN", "SEM", "QUAD", "MEN", "UNICO"]
"""A frequency code, as request bodies accept it."""
FREQUENCIES: dict[str, int] = {"ANN": 1, "SEM": 2, "QUAD": 3, "MEN": 12, "UNICO": 0}
"""Frequency code → instalments a year."""
FREQUENCY_NAMES: dict[str, str] = {
    "ANN": "Annuale", "SEM": "Semestrale", "QUAD": "Quadrimestrale", "MEN": "Mensile",
    "UNICO": "Unico",
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Rata:
    """One instalment as scheduled: its number (from 1), cassa date and amounts."""

    number: int
    cassa: date
    total: Decimal
    agent: Decimal
    commission: Decimal
    parent: Decimal
    referrer: Decimal
    net: Decimal
    tax: Decimal


def add_months(start: date, months: int) -> date:
    """``start`` moved by ``months``, its day held to the target month's length."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def split_cents(total: int, parts: int) -> list[int]:
    """``total`` cents in ``parts`` shares: equal whole cents, the rest on the first."""
    share, rest = divmod(total, parts)
    return [share + rest, *([share] * (parts - 1))]


def schedule(
    premium: Decimal, shares: Split, frequency: str, start: date, net: Decimal | None = None
) -> list[Rata]:
    """The instalments of a policy starting on ``start``; empty for UNICO. ``net``: the net
    premium in ``premium`` (all of it when not given)."""
    count = FREQUENCIES[frequency]
    if count == 0:
        return []
    step = 12 // count
    nets, taxes = _nets_and_taxes(premium, net, count)
    agent, commission, parent, referrer = (
        split_cents(to_cents(value), count)
        for value in (shares.agent, shares.commission, shares.parent, shares.referrer)
    )
    return [
        Rata(
            number=k + 1,
            cassa=add_months(start, k * step),
            total=from_cents(nets[k] + taxes[k]),
            agent=from_cents(agent[k]),
            commission=from_cents(commission[k]),
            parent=from_cents(parent[k]),
            referrer=from_cents(referrer[k]),
            net=from_cents(nets[k]),
            tax=from_cents(taxes[k]),
        )
        for k in range(count)
    ]


def _nets_and_taxes(
    premium: Decimal, net: Decimal | None, count: int
) -> tuple[list[int], list[int]]:
    """The cents of net premium and of taxes in each of ``count`` instalments: each part split
    in equal cents with the rest on the first, so each sums to its whole."""
    nets = split_cents(to_cents(premium if net is None else net), count)
    return nets, split_cents(to_cents(premium) - sum(nets), count)


def instalment_amounts(
    premium: Decimal, frequency: str, net: Decimal | None = None
) -> list[Decimal]:
    """What each instalment of ``premium`` (of which ``net`` is the net premium) comes to under
    ``frequency``, by the rule of :func:`schedule`; empty for UNICO."""
    count = FREQUENCIES[frequency]
    if not count:
        return []
    nets, taxes = _nets_and_taxes(premium, net, count)
    return [from_cents(n + t) for n, t in zip(nets, taxes, strict=True)]
