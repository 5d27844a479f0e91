"""Login lockout per (email, client address), the email existing or not: each attempt is
counted before the password is checked, atomically, so parallel guesses cannot share one
count. Keyed by the address too, so wrong passwords sent from elsewhere never lock the
account's owner out (guesses spread over many addresses meet the per-account limit in
:func:`core.auth.service.login` instead)."""

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


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def email_prefix(email: str) -> str:
    """The first half of every counter key of ``email``."""
    return _digest(email.strip().lower())


def email_key(email: str, address: str) -> str:
    """The counter of one (email, address) pair: two digests, so one email's are found."""
    return email_prefix(email) + _digest(address)


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


async def reserve_attempt(
    session: AsyncSession, settings: Settings, email: str, address: str
) -> int:
    """Count one attempt and commit; raise if locked. Returns the attempt's number."""
    key = email_key(email, address)
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


async def lock(session: AsyncSession, settings: Settings, email: str, address: str) -> datetime:
    """Lock the email for this address for the configured time (committed at once)."""
    until = utcnow() + _window(settings)
    await session.execute(
        update(T)
        .where(T.email_key == email_key(email, address))
        .values(locked_until=until, failures=0)
    )
    await session.commit()
    return until


async def clear(session: AsyncSession, email: str) -> None:
    """A successful login or a new password forgets the failures and locks of every address."""
    await session.execute(
        update(T)
        .where(T.email_key.startswith(email_prefix(email), autoescape=True))
        .values(failures=0, locked_until=None)
    )


def _window(settings: Settings) -> timedelta:
    return timedelta(minutes=settings.auth.login_lock_minutes)
