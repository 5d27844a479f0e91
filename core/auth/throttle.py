"""Login throttling per email, existing or not: each attempt is counted before the password
is checked, atomically, so parallel guesses cannot share one count."""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta

from sqlalchemy import case, literal, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import require_tenant_id
from core.db import models as m
from core.db.types import UTCDateTime, new_id, utcnow
from core.errors import TooManyAttempts
from core.i18n import hour_minute
from core.settings import Settings

T = m.LoginThrottle
BUSY = "Troppi tentativi di accesso in corso: riprova tra qualche secondo"


def email_key(email: str) -> str:
    return hashlib.sha256(email.strip().lower().encode()).hexdigest()


def _locked(until: datetime) -> TooManyAttempts:
    return TooManyAttempts(
        "Troppi tentativi di accesso non riusciti: account bloccato, "
        f"riprova dopo le {hour_minute(until)}"
    )


async def _ensure_row(session: AsyncSession, key: str) -> None:
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(T).values(
        id=new_id(), tenant_id=require_tenant_id(), email_key=key, failures=0,
        window_started_at=utcnow(),
    )  # fmt: skip
    await session.execute(
        statement.on_conflict_do_nothing(index_elements=["tenant_id", "email_key"])
    )


async def reserve_attempt(session: AsyncSession, settings: Settings, email: str) -> int:
    """Count one attempt and commit; raise if locked. Returns the attempt's number."""
    key = email_key(email)
    await _ensure_row(session, key)
    locked_until = (
        await session.execute(select(T.locked_until).where(T.email_key == key))
    ).scalar_one()
    now = utcnow()
    if locked_until is not None and locked_until > now:
        raise _locked(locked_until)
    stale = T.window_started_at < literal(now - _window(settings), UTCDateTime())
    number = (
        await session.execute(
            update(T)
            .where(T.email_key == key)
            .values(
                failures=case((stale, 1), else_=T.failures + 1),
                window_started_at=case(
                    (stale, literal(now, UTCDateTime())), else_=T.window_started_at
                ),
            )
            .returning(T.failures)
        )
    ).scalar_one()
    await session.commit()
    if number > settings.auth.login_max_failures:
        # More attempts in flight than failures allowed: refuse this one unchecked. Only
        # failures lock (a burst of right passwords must not lock the account).
        raise TooManyAttempts(BUSY)
    return int(number)


async def lock(session: AsyncSession, settings: Settings, email: str) -> datetime:
    """Lock the email for the configured time (committed at once); return until when."""
    until = utcnow() + _window(settings)
    await session.execute(
        update(T).where(T.email_key == email_key(email)).values(locked_until=until, failures=0)
    )
    await session.commit()
    return until


async def clear(session: AsyncSession, email: str) -> None:
    """A successful login or a new password forgets the failures and any lock."""
    await session.execute(
        update(T).where(T.email_key == email_key(email)).values(failures=0, locked_until=None)
    )


def _window(settings: Settings) -> timedelta:
    return timedelta(minutes=settings.auth.login_lock_minutes)
