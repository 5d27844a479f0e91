"""Addresses an account logged in from: the per-account pause never applies to them.

Kept as login records (:class:`core.db.models.LoginThrottle`) of their own kind: the time
of the last login from there, and the account's credentials version then, so a new password
or 'esci da tutti i dispositivi' forgets every address.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.throttle import record_key
from core.db import models as m
from core.db.types import new_id, utcnow
from core.settings import Settings

T = m.LoginThrottle
KNOWN = "known\n"
"""Key prefix of a known address's row."""
KNOWN_KIND = "known"


async def remember(session: AsyncSession, user: m.User, address: str) -> None:
    """``user`` logged in from ``address`` now (in the caller's transaction)."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    now, version = utcnow(), user.credentials_version or 0
    statement = insert(T).values(
        id=new_id(), tenant_id=user.tenant_id, email_key=record_key(user.email, address, KNOWN),
        kind=KNOWN_KIND, failures=version, window_started_at=now,
    )  # fmt: skip
    await session.execute(
        statement.on_conflict_do_update(
            index_elements=["tenant_id", "email_key"],
            set_={"failures": version, "window_started_at": now},
        )
    )


async def is_known(
    session: AsyncSession, settings: Settings, user: m.User | None, address: str
) -> bool:
    """Whether ``user`` logged in from ``address`` within ``LOGIN_KNOWN_DAYS`` with the
    credentials it has now."""
    if user is None:
        return False
    row = (
        await session.execute(
            select(T.failures, T.window_started_at).where(
                T.email_key == record_key(user.email, address, KNOWN)
            )
        )
    ).one_or_none()
    return (
        row is not None
        and row.failures == (user.credentials_version or 0)
        and row.window_started_at >= utcnow() - timedelta(days=settings.auth.login_known_days)
    )
