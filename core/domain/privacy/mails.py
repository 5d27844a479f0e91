"""The mails the app sent to a client, in the privacy rights: the copies the outbox keeps
(:mod:`core.mail`: outside production only; in production the app keeps no copy of a mail,
only the SMTP server's log), found by the client's addresses (its own e-mail and PEC, and
the e-mails its quotes and policies name)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.clients.derive import record_customer
from core.domain.quotes.serialize import iso

MAX_EXPORTED = 500
"""The newest mails an export carries; a note says how many more there are."""
CAPPED = "Sono incluse le {shown} e-mail più recenti delle {total} inviate al cliente."
CORRESPONDENCE_PURPOSES = frozenset({"sollecito"})
"""Mails that are letters of the business (a premium's reminder, ``core.domain.dunning``):
kept with the accounting records (art. 2220 c.c.). A link's or a one-time code's mail is
not: it carries no term of the contract."""


def addresses(client: m.Client, records: Iterable[m.Quote | m.Policy]) -> set[str]:
    """The client's e-mail addresses, lower-case: its own, its PEC and its records'."""
    found = [client.email, (client.data or {}).get("pec")]
    for record in records:
        customer = record_customer(record)
        if customer is not None:
            found.append(customer.email)
    return {a.strip().lower() for a in found if isinstance(a, str) and a.strip()}


def _to(wanted: Collection[str]) -> Any:
    return func.lower(m.OutboxMail.to).in_(sorted(wanted))


async def mails_to(session: AsyncSession, wanted: Collection[str]) -> list[m.OutboxMail]:
    """Every kept mail to one of ``wanted`` (the erasure's), oldest first."""
    if not wanted:
        return []
    stmt = select(m.OutboxMail).where(_to(wanted)).order_by(m.OutboxMail.at, m.OutboxMail.id)
    return list((await session.execute(stmt)).scalars().all())


def mail_payload(mail: m.OutboxMail) -> dict[str, Any]:
    return {
        "at": iso(mail.at), "to": mail.to, "subject": mail.subject, "purpose": mail.purpose,
        "text": mail.text,
    }  # fmt: skip


async def exported_mails(
    session: AsyncSession, wanted: Collection[str], limit: int | None = None
) -> tuple[list[dict[str, Any]], str | None]:
    """The newest ``limit`` mails to ``wanted`` (:data:`MAX_EXPORTED`), newest first, and a
    note when there are more."""
    limit = limit or MAX_EXPORTED
    if not wanted:
        return [], None
    stmt = (
        select(m.OutboxMail)
        .where(_to(wanted))
        .order_by(m.OutboxMail.at.desc(), m.OutboxMail.id.desc())
        .limit(limit)
    )
    mails = [mail_payload(r) for r in (await session.execute(stmt)).scalars()]
    if len(mails) < limit:
        return mails, None
    count = select(func.count()).select_from(m.OutboxMail).where(_to(wanted))
    total = (await session.execute(count)).scalar_one()
    return mails, CAPPED.format(shown=len(mails), total=total) if total > len(mails) else None
