"""The login records' rules, called directly on a clock of the test's own (no app, no demo data,
no password hashing): the record keys, the failure window and its lock, the checks in flight
and their lease, what each outcome leaves behind, and what a new password forgets.

``LOGIN_MAX_FAILURES`` is 5 and ``LOGIN_LOCK_MINUTES`` 15 (the defaults, asserted below); every
count and instant below follows from the steps each test takes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from core.auth import throttle
from core.auth.throttle import Outcome
from core.context import tenant_scope
from core.db import models as m
from core.errors import TooManyAttempts
from core.runtime import Runtime

TENANT = "assicurapp"
EMAIL, OTHER_EMAIL = "ada@prova.it", "bea@prova.it"
HERE, THERE = "203.0.113.5", "203.0.113.6"
NOON = datetime(2026, 1, 15, 11, 0, tzinfo=UTC)  # 12:00 in Rome (winter time, UTC+1)
LOCKED = "Troppi tentativi di accesso non riusciti: account bloccato, riprova dopo le {}"
LOCKED_TILL_12_15 = LOCKED.format("12:15")
BUSY = "Troppi tentativi di accesso in corso: riprova tra 2 secondi"


@dataclass
class Clock:
    now: datetime


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    clock = Clock(NOON)
    monkeypatch.setattr(throttle, "utcnow", lambda: clock.now)
    return clock


@dataclass(frozen=True)
class Row:
    kind: str
    failures: int
    window_started_at: datetime
    locked_until: datetime | None


async def _row(runtime: Runtime, key: str) -> Row:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            row = (
                await session.execute(
                    select(m.LoginThrottle).where(m.LoginThrottle.email_key == key)
                )
            ).scalar_one()
            return Row(row.kind, row.failures, row.window_started_at, row.locked_until)


async def _begin(runtime: Runtime, source: str = HERE, email: str = EMAIL) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await throttle.begin_check(session, runtime.settings, email, source)


async def _end(runtime: Runtime, outcome: Outcome, source: str = HERE, email: str = EMAIL) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await throttle.end_check(session, runtime.settings, email, source, outcome)


async def _check(
    runtime: Runtime, outcome: Outcome, source: str = HERE, email: str = EMAIL
) -> None:
    await _begin(runtime, source, email)
    await _end(runtime, outcome, source, email)


async def _wrong(runtime: Runtime, times: int, source: str = HERE) -> None:
    for _ in range(times):
        await _check(runtime, Outcome.WRONG, source)


async def _set(runtime: Runtime, key: str, **values: object) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await session.execute(
                update(m.LoginThrottle).where(m.LoginThrottle.email_key == key).values(**values)
            )


def _failures(source: str = HERE, email: str = EMAIL) -> str:
    return throttle.record_key(email, source)


def _checking(source: str = HERE, email: str = EMAIL) -> str:
    return throttle.record_key(email, source, throttle.CHECKING)


def test_the_limits_are_the_defaults(runtime: Runtime) -> None:
    assert runtime.settings.auth.login_max_failures == 5
    assert runtime.settings.auth.login_lock_minutes == 15


def test_a_record_key_is_the_emails_digest_then_the_sources() -> None:
    """sha256 hex digests cut to 32 characters: of the e-mail trimmed and in lower case, then
    of the source with its kind in front."""
    ada = "41c8a3cc8930815f8db14d442f94c632"  # sha256("ada@prova.it")[:32]
    assert throttle.email_prefix(" Ada@Prova.IT ") == ada
    assert throttle.record_key("ADA@prova.it", HERE) == ada + "440a628a0c975ea32d4db42ca94acebc"
    assert throttle.record_key(EMAIL, HERE, throttle.CHECKING) == (
        ada + "1b70246ebaad00b750784fd885902433"  # sha256("checking\n203.0.113.5")[:32]
    )


async def test_the_first_check_makes_both_records_and_counts_itself_in_flight(
    runtime: Runtime, clock: Clock
) -> None:
    await _begin(runtime)

    assert await _row(runtime, _failures()) == Row("failures", 0, NOON, None)
    assert await _row(runtime, _checking()) == Row("checking", 1, NOON, None)


async def test_making_the_records_again_keeps_their_counts(runtime: Runtime, clock: Clock) -> None:
    await _wrong(runtime, 3)
    clock.now = NOON + timedelta(minutes=1)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await throttle.ensure_rows(session, _failures())
            await throttle.ensure_rows(session, _checking(), kind=throttle.CHECKING_KIND)

    assert await _row(runtime, _failures()) == Row("failures", 3, NOON, None)
    assert await _row(runtime, _checking()) == Row("checking", 0, NOON, None)


async def test_wrong_passwords_count_in_the_window_of_the_first(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 1)
    clock.now = NOON + timedelta(minutes=10)
    await _wrong(runtime, 3)

    assert await _row(runtime, _failures()) == Row("failures", 4, NOON, None)
    assert await _row(runtime, _checking()) == Row(
        "checking", 0, NOON + timedelta(minutes=10), None
    )


async def test_the_fifth_wrong_password_locks_for_fifteen_minutes(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 4)
    clock.now = NOON + timedelta(minutes=15)  # the window's last instant: the four still count
    await _wrong(runtime, 1)
    until = NOON + timedelta(minutes=30)
    assert await _row(runtime, _failures()) == Row("failures", 0, clock.now, until)

    clock.now = NOON + timedelta(minutes=29, seconds=30)
    with pytest.raises(TooManyAttempts, match=f"^{LOCKED.format('12:30')}$") as locked:
        await _begin(runtime)
    assert locked.value.retry_after == 30
    assert await _row(runtime, _checking()) == Row(
        "checking", 0, NOON + timedelta(minutes=15), None
    )


async def test_a_lock_tells_its_end_in_rome_and_the_seconds_left(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 5)
    with pytest.raises(TooManyAttempts, match=f"^{LOCKED_TILL_12_15}$") as locked:
        await _begin(runtime)
    assert locked.value.retry_after == 900

    clock.now = NOON + timedelta(minutes=14, seconds=59, milliseconds=500)
    with pytest.raises(TooManyAttempts, match=LOCKED_TILL_12_15) as locked:
        await _begin(runtime)
    assert locked.value.retry_after == 1  # half a second left: never 0


async def test_a_lock_ends_at_its_instant_and_the_right_password_then_passes(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 5)
    clock.now = NOON + timedelta(minutes=15)
    await _check(runtime, Outcome.RIGHT)

    assert await _row(runtime, _failures()) == Row("failures", 0, NOON, None)


async def test_failures_older_than_the_window_count_none_and_a_new_window_starts(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 4)
    later = NOON + timedelta(minutes=15, microseconds=1)
    clock.now = later
    await _wrong(runtime, 1)

    assert await _row(runtime, _failures()) == Row("failures", 1, later, None)
    await _wrong(runtime, 3)
    assert await _row(runtime, _failures()) == Row("failures", 4, later, None)


async def test_a_right_password_forgets_the_failures_and_an_unchecked_one_nothing(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 3)
    await _check(runtime, Outcome.UNCHECKED)
    assert await _row(runtime, _failures()) == Row("failures", 3, NOON, None)

    await _check(runtime, Outcome.RIGHT)
    assert await _row(runtime, _failures()) == Row("failures", 0, NOON, None)
    assert await _row(runtime, _checking()) == Row("checking", 0, NOON, None)


async def test_a_right_password_lifts_a_lock_left_in_the_record(
    runtime: Runtime, clock: Clock
) -> None:
    await _begin(runtime)
    await _set(runtime, _failures(), locked_until=NOON - timedelta(minutes=1), failures=2)
    await _end(runtime, Outcome.RIGHT)

    assert await _row(runtime, _failures()) == Row("failures", 0, NOON, None)


async def test_checks_in_flight_and_failures_together_stay_under_the_limit(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 3)
    await _begin(runtime)  # 3 failures + 1 in flight: one more may start
    await _begin(runtime)
    with pytest.raises(TooManyAttempts, match=f"^{BUSY}$") as busy:
        await _begin(runtime)  # 3 + 2 = 5
    assert busy.value.retry_after == 2
    assert await _row(runtime, _checking()) == Row("checking", 2, NOON, None)

    await _end(runtime, Outcome.UNCHECKED)
    assert await _row(runtime, _checking()) == Row("checking", 1, NOON, None)
    await _begin(runtime)
    assert await _row(runtime, _checking()) == Row("checking", 2, NOON, None)


async def test_checks_in_flight_alone_are_bounded_too(runtime: Runtime, clock: Clock) -> None:
    for _ in range(5):
        await _begin(runtime)
    with pytest.raises(TooManyAttempts, match=BUSY):
        await _begin(runtime)
    await _begin(runtime, THERE)  # another source has its own
    assert await _row(runtime, _checking(THERE)) == Row("checking", 1, NOON, None)


async def test_checks_in_flight_expire_sixty_seconds_after_their_last_start(
    runtime: Runtime, clock: Clock
) -> None:
    for _ in range(5):
        await _begin(runtime)
    clock.now = NOON + timedelta(seconds=60)  # the lease's last instant: still held
    with pytest.raises(TooManyAttempts, match=BUSY):
        await _begin(runtime)

    later = NOON + timedelta(seconds=60, microseconds=1)
    clock.now = later
    await _begin(runtime)
    assert await _row(runtime, _checking()) == Row("checking", 1, later, None)


async def test_giving_back_a_check_never_counts_below_zero(runtime: Runtime, clock: Clock) -> None:
    await _begin(runtime)
    await _end(runtime, Outcome.UNCHECKED)
    await _end(runtime, Outcome.UNCHECKED)

    assert await _row(runtime, _checking()) == Row("checking", 0, NOON, None)


async def test_each_source_counts_apart(runtime: Runtime, clock: Clock) -> None:
    await _wrong(runtime, 5, HERE)
    await _wrong(runtime, 4, THERE)

    assert await _row(runtime, _failures(THERE)) == Row("failures", 4, NOON, None)
    await _check(runtime, Outcome.RIGHT, THERE)
    with pytest.raises(TooManyAttempts, match=LOCKED_TILL_12_15):
        await _begin(runtime, HERE)


async def test_a_new_password_forgets_every_source_of_that_email_only(
    runtime: Runtime, clock: Clock
) -> None:
    await _wrong(runtime, 5, HERE)
    await _wrong(runtime, 3, THERE)
    for _ in range(2):
        await _check(runtime, Outcome.WRONG, HERE, OTHER_EMAIL)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await throttle.clear(session, " ADA@prova.it")

    assert await _row(runtime, _failures(HERE)) == Row("failures", 0, NOON, None)
    assert await _row(runtime, _failures(THERE)) == Row("failures", 0, NOON, None)
    assert await _row(runtime, _failures(HERE, OTHER_EMAIL)) == Row("failures", 2, NOON, None)
