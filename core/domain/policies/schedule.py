"""Instalment schedules (SPEC §9 'Installment frequencies'), exact to the cent.

* A frequency splits the year's premium into ``n`` instalments (ANN 1, SEM 2, QUAD 3, MEN 12);
  UNICO has none: the premium is due in one payment, tracked by the policy's ``paid``.
* Every instalment gets the premium's whole cents divided by ``n``; the cents left over go to
  the **first** instalment, the one due at emission (so later instalments are equal, as the
  companies bill them). The agent's part is split by the same rule, so both sum exactly.
* Instalment ``k`` (from 0) falls due ``k × 12 / n`` months after the start, counted from the
  start each time and held to the month's last day (31 January → 29 February → 31 March).
* The commission and each share of it (agent, parent, referrer) are split by the same rule.
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


def add_months(start: date, months: int) -> date:
    """``start`` moved by ``months``, its day held to the target month's length."""
    index = start.month - 1 + months
    year, month = start.year + index // 12, index % 12 + 1
    return date(year, month, min(start.day, calendar.monthrange(year, month)[1]))


def split_cents(total: int, parts: int) -> list[int]:
    """``total`` cents in ``parts`` shares: equal whole cents, the rest on the first."""
    share, rest = divmod(total, parts)
    return [share + rest, *([share] * (parts - 1))]


def schedule(premium: Decimal, shares: Split, frequency: str, start: date) -> list[Rata]:
    """The instalments of a policy starting on ``start``; empty for UNICO."""
    count = FREQUENCIES[frequency]
    if count == 0:
        return []
    step = 12 // count
    parts = [
        split_cents(to_cents(value), count)
        for value in (premium, shares.agent, shares.commission, shares.parent, shares.referrer)
    ]
    return [
        Rata(k + 1, add_months(start, k * step), *(from_cents(part[k]) for part in parts))
        for k in range(count)
    ]


def instalment_amounts(premium: Decimal, frequency: str) -> list[Decimal]:
    """What each instalment of ``premium`` comes to under ``frequency``, by the rule of
    :func:`schedule` (the cents left over on the first); empty for UNICO."""
    count = FREQUENCIES[frequency]
    return [from_cents(part) for part in split_cents(to_cents(premium), count)] if count else []
