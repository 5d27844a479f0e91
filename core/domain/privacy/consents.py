"""Customers' consents (art. 7 GDPR): service, marketing, profiling; each given or revoked
with the notice's version the customer was shown, the time, the channel and who recorded it.
A change is a new entry: the history is never overwritten (art. 7(1): the controller must be
able to show the consent was given; art. 7(3): it can be withdrawn at any time)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import utcnow
from core.domain.privacy.log import record
from core.domain.privacy.notices import current_version
from core.validation import StrictBool

Kind = Literal["servizio", "marketing", "profilazione"]
KINDS: tuple[Kind, ...] = ("servizio", "marketing", "profilazione")
Channel = Literal["agente", "link", "cancellazione"]
MAX_HISTORY = 500
"""Entries a client's history shows (newest first)."""


class ConsentChange(BaseModel):
    """What the agent records: one consent given or revoked."""

    model_config = ConfigDict(extra="forbid")
    kind: Kind
    given: StrictBool


class LinkConsents(BaseModel):
    """What the customer sends through the quote's link: each consent's choice."""

    model_config = ConfigDict(extra="forbid")
    servizio: StrictBool
    marketing: StrictBool = False
    profilazione: StrictBool = False


def consent_payload(consent: m.PrivacyConsent) -> dict[str, Any]:
    return {
        "_id": consent.id, "kind": consent.kind, "given": consent.given,
        "noticeVersion": consent.notice_version, "channel": consent.channel,
        "by": consent.recorded_by, "quoteId": consent.quote_id, "at": consent.at.isoformat(),
    }  # fmt: skip


async def history(session: AsyncSession, client_id: str) -> list[m.PrivacyConsent]:
    """The client's consent entries, newest first."""
    stmt = (
        select(m.PrivacyConsent)
        .where(m.PrivacyConsent.client_id == client_id)
        .order_by(m.PrivacyConsent.at.desc(), m.PrivacyConsent.id.desc())
        .limit(MAX_HISTORY)
    )
    return list((await session.execute(stmt)).scalars().all())


def current(entries: list[m.PrivacyConsent]) -> dict[str, dict[str, Any] | None]:
    """Each kind's latest entry (``entries`` newest first); ``None`` where none was recorded."""
    latest: dict[str, dict[str, Any] | None] = dict.fromkeys(KINDS)
    for entry in entries:
        if latest.get(entry.kind) is None:
            latest[entry.kind] = consent_payload(entry)
    return latest


async def consents_of(session: AsyncSession, client_id: str) -> dict[str, Any]:
    """``{current: {kind: entry|None}, history: [entry], noticeVersion}``."""
    entries = await history(session, client_id)
    return {
        "current": current(entries),
        "history": [consent_payload(e) for e in entries],
        "noticeVersion": await current_version(session),
    }


async def record_consents(
    session: AsyncSession,
    client_id: str,
    choices: dict[str, bool],
    *,
    channel: Channel,
    by: str | None,
    quote_id: str | None = None,
) -> list[m.PrivacyConsent]:
    """A new entry for each kind whose choice differs from its latest entry (the same choice
    again adds nothing), each logged; the current notice's version goes with them."""
    latest = current(await history(session, client_id))
    version = await current_version(session)
    now = utcnow()
    added: list[m.PrivacyConsent] = []
    for kind, given in choices.items():
        before = latest.get(kind)
        if before is not None and before["given"] == given:
            continue
        consent = m.PrivacyConsent(
            client_id=client_id, kind=kind, given=given, notice_version=version,
            channel=channel, recorded_by=by, quote_id=quote_id, at=now,
        )  # fmt: skip
        session.add(consent)
        added.append(consent)
        record(
            session, "consenso", by, client_id, kind=kind, given=given, channel=channel,
            noticeVersion=version,
        )  # fmt: skip
    await session.flush()
    return added
