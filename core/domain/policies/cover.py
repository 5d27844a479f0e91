"""Whether a policy covers, by its instalments and the clock (art. 1901 c.c.).

* **The first premium** unpaid: the cover is suspended until 24:00 of the day it is paid
  (c. 1), with no days of grace.
* **A later instalment** unpaid at its due date: the cover goes on for fifteen days and is
  suspended from 24:00 of the fifteenth day after the due date; it resumes from 24:00 of the
  day the instalment is paid (c. 2).
* **Six months** from the due date with the instalment unpaid (from 24:00 of the day six months
  on, counted as art. 2963 c.c. counts months), the contract is terminated by law unless the
  company has acted to collect (c. 3): shown as such, for a person to check.

"24:00 of day D" is the first instant of D + 1 in Europe/Rome, whatever the offset that day
(a change to or from summer time included). The fifteen days are counted as the article
says, from the day after the due date, with no extension for holidays: a policy's own
conditions may grant more, never less.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Literal

from core.db import models as m
from core.domain.policies.schedule import add_months
from core.i18n import ROME

GRACE_DAYS = 15
TERMINATION_MONTHS = 6

CoverStatus = Literal["in_copertura", "sospesa", "insoluta_sei_mesi"]
STATUS_LABELS: dict[str, str] = {
    "in_copertura": "In copertura",
    "sospesa": "Sospesa",
    "insoluta_sei_mesi": "Insoluta da oltre sei mesi",
}


def end_of_day(day: date) -> datetime:
    """24:00 of ``day`` in Europe/Rome (an aware datetime)."""
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=ROME)


def suspended_from(due: date, *, first: bool) -> datetime:
    """When an unpaid instalment due on ``due`` suspends the cover: the first premium at once
    (its due date's first instant), a later one at 24:00 of the fifteenth day after."""
    if first:
        return datetime.combine(due, time(0), tzinfo=ROME)
    return end_of_day(due + timedelta(days=GRACE_DAYS))


def resumes_from(paid_on: date) -> datetime:
    """When the cover comes back after the instalment is paid on ``paid_on``."""
    return end_of_day(paid_on)


@dataclass(frozen=True, slots=True)
class Due:
    """An instalment as the cover reads it."""

    number: int
    due: date | None
    paid_on: date | None
    """The day it was paid (in Europe/Rome), ``None`` while unpaid."""


@dataclass(frozen=True, slots=True)
class Cover:
    status: CoverStatus
    since: datetime | None = None
    """Suspended since (``sospesa``); ``None`` in cover."""
    until: datetime | None = None
    """In cover: when the oldest overdue instalment suspends it, if one does; suspended and
    paid: when the cover resumes."""
    instalment: int | None = None
    """The instalment that suspends (or will suspend) the cover."""

    def hours_left(self, now: datetime) -> int | None:
        """Whole hours of cover left before the suspension, for an overdue instalment."""
        if self.status != "in_copertura" or self.until is None:
            return None
        return max(int((self.until - now).total_seconds() // 3600), 0)


def cover_at(instalments: Sequence[Due], now: datetime) -> Cover:
    """The policy's cover at ``now`` (aware), by its instalments in order."""
    ordered = sorted((d for d in instalments if d.due is not None), key=lambda d: d.number)
    warning: Cover | None = None
    for index, item in enumerate(ordered):
        assert item.due is not None
        start = suspended_from(item.due, first=index == 0)
        if item.paid_on is not None:
            back = resumes_from(item.paid_on)
            if start <= now < back and item.paid_on >= _day(start):
                # paid after the suspension began: the cover comes back at 24:00
                return Cover("sospesa", start, back, item.number)
            continue
        if now >= start:
            lapse = end_of_day(add_months(item.due, TERMINATION_MONTHS))
            status: CoverStatus = "insoluta_sei_mesi" if now >= lapse else "sospesa"
            return Cover(status, start, None, item.number)
        if item.due <= now.astimezone(ROME).date() and warning is None:
            warning = Cover("in_copertura", None, start, item.number)
    return warning or Cover("in_copertura")


def _day(instant: datetime) -> date:
    return instant.astimezone(ROME).date()


def dues_of(instalments: Sequence[m.Instalment]) -> list[Due]:
    """A policy's instalments as the cover reads them: those suspended by hand (``info.SOSP``:
    not to be collected) left out; a payment's day in Europe/Rome (paid with no time
    recorded: never overdue)."""
    dues = []
    for row in instalments:
        if (row.info or {}).get("SOSP") or (row.info or {}).get("kind"):
            continue  # set aside, or a policy change's receipt (not an instalment)
        paid_on = None
        if row.paid:
            paid_on = row.paid_at.astimezone(ROME).date() if row.paid_at else date.min
        dues.append(Due(row.number, row.cassa_date, paid_on))
    return dues
