"""The money of a policy change, exact to the cent (Decimal euros, half up; no database).
docs/rules/policy-changes.md gives the formulas with worked examples and their sources.

* **Days.** A policy covers from 24:00 of its start day to 24:00 of its end day; a period of
  it (an instalment's) from its due day to the next one's. A change effective on day ``d``
  (a cancellation: cover ends at 24:00 of ``d``) concerns the days *after* ``d``:
  ``days_after = period_end − d`` in days, out of ``period_end − period_start``.
* **Pro rata temporis.** An amount for part of a period is amount × days / period days, to
  the cent half up (the practice of the appendici di variazione, and the "conguaglio del
  premio" of a vehicle substitution, art. 171 c. 1 n. 3 D.Lgs. 209/2005; for the refund of
  a cancelled motor policy art. 171 c. 1 n. 1 names "il rateo di premio relativo al residuo
  periodo di assicurazione al netto dell'imposta pagata e del contributo obbligatorio di
  cui all'articolo 334", and art. 10 c. 4-5 D.M. 86/2008 "la parte di premio pagata e non
  goduta", for a sale, a scrapping or a withdrawal from circulation).
* **Net and taxes.** A gross difference is split with the policy's own rates: each ramo's
  share of the gross (in proportion to the ramo's net in the policy) is divided by
  1 + the ramo's total tax rate, the net to the cent half up and the tax the rest, so
  net + tax is the gross to the cent (law 1216/1961 all. A; art. 17 D.Lgs. 68/2011 and
  art. 334 D.Lgs. 209/2005 for motor liability).
* **Commissions.** On an endorsement, the company commission on the net difference at the
  policy's company rate and its split at the policy's rates (the rules of
  :mod:`core.domain.commissions.rules`). On a refund, each part of the refunded instalment
  × refunded net / instalment net, to the cent half up, and never more than the
  commission left (so agent + parent + referrer ≤ commission).
* Signs: a computation runs on the magnitude and the sign is put back, so an amount and
  its opposite round alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Any

from core.domain.commissions.rules import Rates, commission_on, split
from core.domain.taxes.split import share_out
from core.money import ZERO, cents


@dataclass(frozen=True, slots=True)
class Parts:
    """An amount's split: net, taxes and the commission with its shares (signed)."""

    net: Decimal = ZERO
    tax: Decimal = ZERO
    commission: Decimal = ZERO
    agent: Decimal = ZERO
    parent: Decimal = ZERO
    referrer: Decimal = ZERO

    @property
    def total(self) -> Decimal:
        return self.net + self.tax

    def negated(self) -> Parts:
        return Parts(-self.net, -self.tax, -self.commission, -self.agent, -self.parent,
                     -self.referrer)  # fmt: skip

    def plus(self, other: Parts) -> Parts:
        return Parts(
            self.net + other.net, self.tax + other.tax, self.commission + other.commission,
            self.agent + other.agent, self.parent + other.parent,
            self.referrer + other.referrer,
        )  # fmt: skip

    def wire(self) -> dict[str, str]:
        return {"net": str(self.net), "tax": str(self.tax), "total": str(self.total),
                "commission": str(self.commission), "agent": str(self.agent),
                "parent": str(self.parent), "referrer": str(self.referrer)}  # fmt: skip


def days_after(day: date, period_start: date, period_end: date) -> int:
    """The days of ``[period_start, period_end]`` left after 24:00 of ``day`` (0 to all)."""
    whole = max((period_end - period_start).days, 0)
    return min(max((period_end - day).days, 0), whole)


def prorate(value: Decimal, days: int, period: int) -> Decimal:
    """``value`` × ``days`` / ``period`` to the cent, half up, on the magnitude."""
    if period <= 0 or days <= 0:
        return ZERO
    magnitude = cents(abs(value) * days / period)
    return -magnitude if value < 0 else magnitude


def _lines(taxes: Sequence[Mapping[str, Any]]) -> list[tuple[Decimal, Decimal]]:
    """A policy's taxes as (ramo's net, ramo's total rate in %) lines, in the order met."""
    lines: dict[str, list[Decimal]] = {}
    for tax in taxes:
        ramo = str(tax.get("ramo") or "")
        base, rate = Decimal(str(tax.get("base") or 0)), Decimal(str(tax.get("rate") or 0))
        if ramo not in lines:
            lines[ramo] = [base, ZERO]
        lines[ramo][1] += rate
    return [(base, rate) for base, rate in lines.values()]


def split_gross(gross: Decimal, taxes: Sequence[Mapping[str, Any]]) -> tuple[Decimal, Decimal]:
    """``gross`` as (net, tax) at the policy's ``taxes`` (``[{ramo, rate, base}]``): the
    gross shared by the rami's nets, each share's net = share / (1 + rate / 100) to the
    cent. No taxes (the ramo unknown): all net."""
    lines = _lines(taxes)
    magnitude = abs(gross)
    if not lines:
        return gross, ZERO
    shares = share_out(magnitude, [base for base, _ in lines])
    net = sum(
        (cents(share / (1 + rate / 100)) for share, (_, rate) in zip(shares, lines, strict=True)),
        ZERO,
    )
    tax = magnitude - net
    return (-net, -tax) if gross < 0 else (net, tax)


def rates_of(stored: Mapping[str, Any]) -> tuple[Decimal, Rates] | None:
    """A policy's stored rates (``{company, agent, parent?, referrer?}``); ``None`` when it
    has none (an old row)."""
    if not stored or stored.get("company") in (None, ""):
        return None

    def rate(key: str) -> Decimal | None:
        value = stored.get(key)
        return None if value in (None, "") else Decimal(str(value))

    return Decimal(str(stored["company"])), Rates(rate("agent") or ZERO, rate("parent"),
                                                  rate("referrer"))  # fmt: skip


def commission_parts(net: Decimal, company_rate: Decimal, rates: Rates) -> Parts:
    """The commission on ``net`` and its shares at the policy's rates (signed as ``net``)."""
    shares = split(commission_on(abs(net), company_rate), rates)
    parts = Parts(abs(net), ZERO, shares.commission, shares.agent, shares.parent,
                  shares.referrer)  # fmt: skip
    return parts.negated() if net < 0 else parts


def scaled(row: Parts, net_taken: Decimal) -> Parts:
    """The part of ``row`` that ``net_taken`` of its net carries: no tax (taxes are not given
    back), each commission part × net_taken / row net, capped so the shares stay within the
    commission. Signed as ``row``."""
    if row.net == 0 or net_taken == 0:
        return Parts()
    ratio = abs(net_taken) / abs(row.net)

    def part(value: Decimal) -> Decimal:
        return cents(abs(value) * ratio)

    commission = part(row.commission)
    agent = min(part(row.agent), commission)
    parent = min(part(row.parent), commission - agent)
    referrer = min(part(row.referrer), commission - agent - parent)
    found = Parts(abs(net_taken), ZERO, commission, agent, parent, referrer)
    return found.negated() if row.net < 0 else found
