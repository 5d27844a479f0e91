"""Which days each receipt of a policy pays for, and what a cancellation gives back of it.

* A regular instalment pays from its due day to the next regular instalment's (the last
  one to the policy's end); an endorsement's receipt from its effective day to the end.
* A cancellation on day ``d`` (cover ends at 24:00 of ``d``) gives back, of each receipt
  the customer paid (never a refund's own row, nor one set aside), the net of the days
  after ``d``: all of it for a period starting after ``d``, pro rata for the one that
  holds ``d``, nothing for one ended by then (:mod:`.amounts`). A single-payment policy
  (no instalments) is one receipt: the policy itself, from its start to its end.
* The unpaid receipts whose period runs past ``d`` are set aside: nothing more is
  collected on a cancelled policy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from core.db import models as m
from core.domain.policy_changes.amounts import Parts, days_after, prorate, scaled
from core.domain.policy_changes.reasons import RECEIPT_KIND, REFUND, SET_ASIDE


@dataclass(frozen=True, slots=True)
class Receipt:
    """A premium receipt of a policy and the days it pays for."""

    id: str
    number: int
    start: date
    end: date
    parts: Parts
    paid: bool
    row: m.Instalment | None
    """The instalment row (``None``: the single payment of a policy without instalments)."""


@dataclass(frozen=True, slots=True)
class Taken:
    """What a cancellation gives back of one paid receipt."""

    receipt: Receipt
    days: int
    period: int
    parts: Parts


def row_parts(row: m.Instalment) -> Parts:
    return Parts(row.net, row.tax, row.commission, row.agent_total, row.parent_total,
                 row.referrer_total)  # fmt: skip


def is_regular(row: m.Instalment) -> bool:
    return not (row.info or {}).get(RECEIPT_KIND)


def receipts(policy: m.Policy) -> list[Receipt]:
    """The receipts that pay for cover: regular instalments and endorsements' receipts (a
    refund's row and rows set aside are not)."""
    start, end = policy.start_date, policy.end_date
    if start is None or end is None:
        return []
    if not policy.instalments:
        parts = Parts(policy.net_premium, policy.tax_total, policy.commission,
                      policy.agent_total, policy.parent_total, policy.referrer_total)  # fmt: skip
        return [Receipt(policy.id, 0, start, end, parts, policy.paid, None)]
    regular = sorted((r for r in policy.instalments if is_regular(r)), key=lambda r: r.number)
    found: list[Receipt] = []
    for i, row in enumerate(regular):
        begins = row.cassa_date or start
        ends = regular[i + 1].cassa_date if i + 1 < len(regular) else end
        found.append(Receipt(row.id, row.number, begins, ends or end, row_parts(row),
                             row.paid, row))  # fmt: skip
    for row in policy.instalments:
        if (row.info or {}).get(RECEIPT_KIND) not in (None, REFUND):
            found.append(Receipt(row.id, row.number, row.cassa_date or start, end,
                                 row_parts(row), row.paid, row))  # fmt: skip
    return [r for r in found if not (r.row is not None and (r.row.info or {}).get(SET_ASIDE))]


def taken_back(found: Sequence[Receipt], day: date) -> list[Taken]:
    """What a cancellation on ``day`` gives back of each paid receipt (none left out but
    those with nothing to give back)."""
    taken: list[Taken] = []
    for receipt in found:
        if not receipt.paid:
            continue
        days = days_after(day, receipt.start, receipt.end)
        period = max((receipt.end - receipt.start).days, 0)
        net = receipt.parts.net if days == period else prorate(receipt.parts.net, days, period)
        if net == 0:
            continue
        taken.append(Taken(receipt, days, period, scaled(receipt.parts, net)))
    return taken


def to_set_aside(found: Sequence[Receipt], day: date) -> list[m.Instalment]:
    """The unpaid rows whose period runs past ``day``."""
    return [r.row for r in found if r.row is not None and not r.paid and r.end > day]
