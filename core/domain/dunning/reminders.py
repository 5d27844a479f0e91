"""Which instalments are due a reminder today, and the reminder made of each.

An instalment is reminded at each of the tenant's days from its due date (:mod:`.plan`) while
it is a regular one (no ``info.kind``: not an endorsement's adjustment nor a refund), unpaid
and not set aside (``info.SOSP``, which a cancellation also sets). A day the job missed is
caught up for :data:`CATCH_UP_DAYS`; when two of the tenant's days fall in that window only
the latest goes. Each (instalment, day) is marked in ``dunning_reminders`` before anything is
sent: the unique key keeps it to once, whichever process runs first.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import and_, exists, false, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import new_id
from core.domain.clients.derive import customer_of
from core.domain.dunning.words import cover_words, reminder_mail
from core.domain.policies.cover import Due, cover_at
from core.i18n import ROME
from core.mail import Mail

CATCH_UP_DAYS = 3
"""A reminder the job could not send on its day (the server was down) still goes for this
many days in all; older ones are left (the next of the tenant's days will come)."""
MAX_PER_RUN = 1000
"""Reminders one run marks in one tenant; the rest go at the next run (every 15 minutes): a
run's time grows with its reminders (a link, a cover, a mail each), not with the portfolio."""
MAIL_PURPOSE = "sollecito"


def due_window(today: date, offset: int) -> tuple[date, date]:
    """The due dates whose reminder at ``offset`` days falls on ``today`` or on one of the
    :data:`CATCH_UP_DAYS` - 1 days before it."""
    last = today - timedelta(days=offset)
    return last - timedelta(days=CATCH_UP_DAYS - 1), last


def regular() -> Any:
    """The SQL condition: a regular instalment (the shared contract: no ``info.kind``) not set
    aside (``info.SOSP``), as :func:`due_of` reads one."""
    info = m.Instalment.info
    return and_(
        info["kind"].as_string().is_(None),
        func.coalesce(info["SOSP"].as_boolean(), false()) == false(),
    )


def regular_unpaid() -> Any:
    """The SQL condition: a regular instalment, unpaid, not set aside."""
    return and_(m.Instalment.paid.is_(False), regular())


@dataclass(frozen=True, slots=True)
class Pick:
    instalment_id: str
    policy_id: str
    number: int
    due: date
    total: Decimal
    offset: int | None


async def pick_due(
    session: AsyncSession, today: date, offsets: Sequence[int], limit: int = MAX_PER_RUN
) -> list[Pick]:
    """The reminders due today and not yet marked, at most ``limit``, the latest of the
    tenant's days first (an instalment in two windows gets only that one); by the index on
    the due date, never reading more than the window."""
    picks: list[Pick] = []
    seen: set[str] = set()
    for offset in sorted(set(offsets), reverse=True):
        if len(picks) >= limit:
            break
        first, last = due_window(today, offset)
        sent = exists().where(
            m.DunningReminder.instalment_id == m.Instalment.id,
            m.DunningReminder.offset_days >= offset,
        )
        stmt = (
            select(
                m.Instalment.id, m.Instalment.policy_id, m.Instalment.number,
                m.Instalment.cassa_date, m.Instalment.total,
            )
            .where(m.Instalment.cassa_date.between(first, last), regular_unpaid(), ~sent)
            .order_by(m.Instalment.cassa_date, m.Instalment.policy_id, m.Instalment.number)
            .limit(limit - len(picks))
        )  # fmt: skip
        for row in (await session.execute(stmt)).all():
            if row.id not in seen:
                seen.add(row.id)
                picks.append(Pick(row.id, row.policy_id, row.number, row.cassa_date, row.total,
                                  offset))  # fmt: skip
    return picks


@dataclass(frozen=True, slots=True)
class PolicyView:
    """What a reminder needs of its policy."""

    id: str
    label: str
    customer: str
    email: str | None
    agent_id: str | None
    parent_agent_id: str | None
    dues: list[Due]


def due_of(number: int, cassa: date | None, paid: bool, paid_at: datetime | None,
           info: dict[str, Any] | None) -> Due | None:  # fmt: skip
    """An instalment as the cover reads it, ``None`` when the cover leaves it out."""
    info = info or {}
    if info.get("kind") or info.get("SOSP"):
        return None
    paid_on = None
    if paid:
        paid_on = paid_at.astimezone(ROME).date() if paid_at else date.min
    return Due(number, cassa, paid_on)


async def policy_views(session: AsyncSession, policy_ids: Sequence[str]) -> dict[str, PolicyView]:
    """The policies of the picked instalments, with the instalments the cover reads (two
    column reads, no ORM objects)."""
    ids = list(dict.fromkeys(policy_ids))
    dues: dict[str, list[Due]] = defaultdict(list)
    views: dict[str, PolicyView] = {}
    for chunk in (ids[i : i + 1000] for i in range(0, len(ids), 1000)):
        rates = select(
            m.Instalment.policy_id, m.Instalment.number, m.Instalment.cassa_date,
            m.Instalment.paid, m.Instalment.paid_at,
        ).where(m.Instalment.policy_id.in_(chunk), regular())  # fmt: skip
        for row in (await session.execute(rates)).all():
            due = due_of(row.number, row.cassa_date, row.paid, row.paid_at, None)
            if due is not None:
                dues[row.policy_id].append(due)
        policies = select(
            m.Policy.id, m.Policy.number, m.Policy.company, m.Policy.agent_id,
            m.Policy.parent_agent_id, m.Policy.pr,
        ).where(m.Policy.id.in_(chunk))  # fmt: skip
        for row in (await session.execute(policies)).all():
            entries = (row.pr or {}).get("usrData")  # as record_customer reads a policy's
            customer = customer_of(entries if isinstance(entries, list) else [])
            label = " ".join(part for part in (row.company, row.number) if part) or row.id
            views[row.id] = PolicyView(
                row.id, label, customer.name if customer else "",
                customer.email if customer else None, row.agent_id, row.parent_agent_id,
                dues[row.id],
            )  # fmt: skip
    return views


def first_number(dues: Sequence[Due]) -> int | None:
    """The number of the policy's first premium (the lowest regular instalment with a date)."""
    numbers = [d.number for d in dues if d.due is not None]
    return min(numbers) if numbers else None


def mail_for(pick: Pick, view: PolicyView, now: datetime, link: str) -> Mail | None:
    """The customer's e-mail for ``pick``, ``None`` when the customer has no address."""
    if not view.email:
        return None
    cover = cover_at(view.dues, now)
    first = first_number(view.dues) == pick.number
    return reminder_mail(
        to=view.email, customer=view.customer, policy=view.label, n=pick.number, due=pick.due,
        total=pick.total, today=now.astimezone(ROME).date(),
        cover=cover_words(cover, pick.due, first=first), link=link,
    )  # fmt: skip


def mark_row(pick: Pick, *, mailed: bool, at: datetime) -> dict[str, Any]:
    """A job's mark, as a row of one bulk insert."""
    return {
        "id": new_id(), "instalment_id": pick.instalment_id, "policy_id": pick.policy_id,
        "offset_days": pick.offset, "by": None, "mailed": mailed, "at": at,
    }  # fmt: skip


def mark(pick: Pick, *, mailed: bool, by: str | None = None) -> m.DunningReminder:
    return m.DunningReminder(
        instalment_id=pick.instalment_id, policy_id=pick.policy_id, offset_days=pick.offset,
        by=by, mailed=mailed,
    )  # fmt: skip
