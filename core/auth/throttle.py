"""Login lockout per (email, source), the email existing or not.

A source is the client's address, or a device that shows the signed cookie of an earlier
login to that account (:mod:`core.auth.devices`). Only a password that was checked and found
wrong counts: a login refused before its check (busy hashing, a rate limit) counts nowhere,
and a right password forgets its source's failures. Checks in flight are counted apart, in a
row of their own: a check may start only while ``failures + checks in flight`` is below
``LOGIN_MAX_FAILURES``, so parallel guesses can never check more passwords than the failures
the source has left. Both counts live in the database, so every process shares them; each
step is one short transaction on the failures row (``FOR UPDATE``), none held while hashing.
"""

from __future__ import annotations

import enum
import hashlib
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import case, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.types import utcnow
from core.errors import TooManyAttempts
from core.i18n import hour_minute
from core.settings import Settings

T = m.LoginThrottle
CHECKING = "checking\n"
"""Key prefix of the row counting one source's checks in flight."""
CHECKING_KIND = "checking"
CHECK_LEASE = timedelta(seconds=60)
"""A count of checks in flight untouched this long is stale: a process that died while
hashing cannot hold its source's checks for longer."""
BUSY_RETRY_S = 2
BUSY = f"Troppi tentativi di accesso in corso: riprova tra {BUSY_RETRY_S} secondi"


class Outcome(enum.Enum):
    """How a check ended."""

    RIGHT = "right"
    WRONG = "wrong"
    UNCHECKED = "unchecked"
    """Never compared (no hashing capacity, an error): counts as nothing."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def email_prefix(email: str) -> str:
    """The first half of every record key of ``email``."""
    return _digest(email.strip().lower())


def record_key(email: str, source: str, kind: str = "") -> str:
    """The record of one (email, source) pair: two digests, so one email's are found."""
    return email_prefix(email) + _digest(kind + source)


class AccountLocked(TooManyAttempts):
    """The source is locked out of the account (told apart from other 429s in the metrics)."""


def _locked(until: datetime) -> AccountLocked:
    seconds = max(1, int((until - utcnow()).total_seconds()))
    return AccountLocked(
        "Troppi tentativi di accesso non riusciti: account bloccato, "
        f"riprova dopo le {hour_minute(until)}",
        retry_after=seconds,
    )


FAILURES = "failures"
"""Kind of the row counting one source's wrong passwords and holding its lock."""


INSERTS: dict[str, Callable[[type[m.LoginThrottle]], postgresql.Insert | sqlite.Insert]] = {
    "postgresql": postgresql.insert,
    "sqlite": sqlite.insert,
}
"""The INSERT with ``ON CONFLICT DO NOTHING`` of each database the app runs on."""


async def ensure_rows(session: AsyncSession, *keys: str, kind: str = FAILURES) -> None:
    """The records of ``keys``, created empty where missing (concurrent callers agree).

    The id, the tenant (stamped by :mod:`core.db.tenancy`) and the zero count are the
    columns' own defaults; a fresh id conflicts with nothing, so the one conflict left to
    ignore is the record's (tenant, key)."""
    insert = INSERTS[session.get_bind().dialect.name]
    for key in keys:
        statement = insert(T).values(email_key=key, kind=kind, window_started_at=utcnow())
        await session.execute(statement.on_conflict_do_nothing())


async def _failures_row(session: AsyncSession, key: str) -> tuple[int, datetime, datetime | None]:
    """(failures, window start, locked until), the row locked until the commit."""
    row = (
        await session.execute(
            select(T.failures, T.window_started_at, T.locked_until)
            .where(T.email_key == key)
            .with_for_update()
        )
    ).one()
    return int(row.failures), row.window_started_at, row.locked_until


def _live_failures(settings: Settings, failures: int, window_started_at: datetime) -> int:
    """Failures still inside their window (an older window counts none)."""
    return failures if window_started_at >= utcnow() - _window(settings) else 0


async def begin_check(session: AsyncSession, settings: Settings, email: str, source: str) -> None:
    """Take one of the checks ``source`` has left for ``email`` and commit; raise 429 when
    it is locked, or when the checks in flight already use up the failures it has left."""
    failures_key, checking_key = record_key(email, source), record_key(email, source, CHECKING)
    await ensure_rows(session, failures_key)
    await ensure_rows(session, checking_key, kind=CHECKING_KIND)
    failures, window_started_at, locked_until = await _failures_row(session, failures_key)
    now = utcnow()
    if locked_until is not None and locked_until > now:
        await session.commit()
        raise _locked(locked_until)
    checking, leased_at = (
        await session.execute(
            select(T.failures, T.window_started_at).where(T.email_key == checking_key)
        )
    ).one()
    in_flight = checking if leased_at >= now - CHECK_LEASE else 0
    if _live_failures(settings, failures, window_started_at) + in_flight >= (
        settings.auth.login_max_failures
    ):
        await session.commit()
        raise TooManyAttempts(BUSY, retry_after=BUSY_RETRY_S)
    await session.execute(
        update(T)
        .where(T.email_key == checking_key)
        .values(failures=in_flight + 1, window_started_at=now)
    )
    await session.commit()


async def end_check(
    session: AsyncSession, settings: Settings, email: str, source: str, outcome: Outcome
) -> None:
    """Give back the check taken by :func:`begin_check` and record ``outcome``; committed.

    A wrong password is one more failure, and the one reaching ``LOGIN_MAX_FAILURES`` locks
    the pair for ``LOGIN_LOCK_MINUTES``; a right one forgets the pair's failures."""
    failures_key, checking_key = record_key(email, source), record_key(email, source, CHECKING)
    failures, window_started_at, _locked_until = await _failures_row(session, failures_key)
    now = utcnow()
    if outcome is Outcome.WRONG:
        live = _live_failures(settings, failures, window_started_at)
        started = window_started_at if live else now
        values: dict[str, object] = {"failures": live + 1, "window_started_at": started}
        if live + 1 >= settings.auth.login_max_failures:
            values = {
                "failures": 0,
                "window_started_at": now,
                "locked_until": now + _window(settings),
            }
        await session.execute(update(T).where(T.email_key == failures_key).values(**values))
    elif outcome is Outcome.RIGHT:
        await session.execute(
            update(T).where(T.email_key == failures_key).values(failures=0, locked_until=None)
        )
    await session.execute(
        update(T)
        .where(T.email_key == checking_key)
        .values(failures=T.failures - case((T.failures > 0, 1), else_=0))  # one back, if any
    )
    await session.commit()


async def clear(session: AsyncSession, email: str) -> None:
    """A new password forgets the failures and locks of every source of ``email``."""
    await session.execute(
        update(T)
        .where(T.email_key.startswith(email_prefix(email)))  # hex: no LIKE wildcard in it
        .values(failures=0, locked_until=None)
    )


def _window(settings: Settings) -> timedelta:
    return timedelta(minutes=settings.auth.login_lock_minutes)
