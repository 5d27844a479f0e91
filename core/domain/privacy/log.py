"""The processing log (art. 30 GDPR record; art. 5(2) accountability): every export, erasure,
consent change and notice change, with who, what, when and which client. Append-only: the app
only adds entries, and on PostgreSQL the table's row-level security admits no UPDATE or
DELETE (migration core_0027)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m

Action = Literal["esportazione", "cancellazione", "consenso", "informativa"]
ACTIONS: tuple[Action, ...] = ("esportazione", "cancellazione", "consenso", "informativa")
PAGE = 50
"""Entries a page of the log shows."""


def record(
    session: AsyncSession,
    action: Action,
    actor_id: str | None,
    client_id: str | None = None,
    **details: Any,
) -> m.PrivacyLogEntry:
    """Add one entry to the session (it is written with the operation it records)."""
    entry = m.PrivacyLogEntry(
        action=action, actor_id=actor_id, client_id=client_id, details=details
    )
    session.add(entry)
    return entry


def entry_payload(entry: m.PrivacyLogEntry, names: dict[str, str]) -> dict[str, Any]:
    return {
        "_id": entry.id,
        "at": entry.at.isoformat(),
        "action": entry.action,
        "actor": entry.actor_id,
        "who": names.get(entry.actor_id or "", "") if entry.actor_id else "",
        "clientId": entry.client_id,
        "details": entry.details or {},
    }


async def log_page(
    session: AsyncSession,
    *,
    action: str | None = None,
    client_id: str | None = None,
    before: tuple[datetime, str] | None = None,
    limit: int = PAGE,
) -> list[dict[str, Any]]:
    """The newest entries first, filtered; ``before`` (a moment and an id) pages on."""
    stmt = select(m.PrivacyLogEntry).order_by(
        m.PrivacyLogEntry.at.desc(), m.PrivacyLogEntry.id.desc()
    )
    if action:
        stmt = stmt.where(m.PrivacyLogEntry.action == action)
    if client_id:
        stmt = stmt.where(m.PrivacyLogEntry.client_id == client_id)
    if before is not None:
        at, entry_id = before
        stmt = stmt.where(
            or_(
                m.PrivacyLogEntry.at < at,
                and_(m.PrivacyLogEntry.at == at, m.PrivacyLogEntry.id < entry_id),
            )
        )
    entries = (await session.execute(stmt.limit(limit))).scalars().all()
    actors = {e.actor_id for e in entries if e.actor_id}
    names: dict[str, str] = {}
    if actors:
        rows = await session.execute(select(m.User.id, m.User.name).where(m.User.id.in_(actors)))
        names = {row.id: row.name or "" for row in rows}
    return [entry_payload(e, names) for e in entries]
