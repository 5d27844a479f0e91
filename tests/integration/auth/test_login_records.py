"""The login records in detail: the failure window, the lease of checks in flight, what a
right password forgets, and how long an address stays known."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select, update

from core.auth import known_addresses, throttle
from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.errors import TooManyAttempts
from core.runtime import Runtime
from core.testing import get_user
from tests.integration.auth.fair import (
    CHECKS_BUSY,
    LOCKED,
    PAUSED,
    WRONG,
    answer,
    fresh_limits,
    log_in,
)
from tests.integration.auth.helpers import ADMIN, DEMO_PASSWORD

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
MAX_FAILURES = 5
HERE, THERE = "203.0.113.5", "203.0.113.6"


@pytest.fixture(autouse=True)
def _own_counts(seeded: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    assert seeded.settings.auth.login_max_failures == MAX_FAILURES
    assert seeded.settings.auth.login_lock_minutes == 15
    monkeypatch.setattr(seeded, "rate_limits", fresh_limits(seeded.settings))


async def _set(runtime: Runtime, key: str, **values: Any) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            changed = await session.execute(
                update(m.LoginThrottle).where(m.LoginThrottle.email_key == key).values(**values)
            )
            assert changed.rowcount == 1  # type: ignore[attr-defined]


async def _wrong(runtime: Runtime, address: str, times: int) -> list[tuple[int, str]]:
    return [await answer(runtime, TENANT, ADMIN, "sbagliata-123", address) for _ in range(times)]


async def test_failures_older_than_the_lock_window_no_longer_count(seeded: Runtime) -> None:
    assert await _wrong(seeded, HERE, MAX_FAILURES - 1) == [(401, WRONG)] * (MAX_FAILURES - 1)
    ago = utcnow() - timedelta(minutes=15, seconds=5)
    await _set(seeded, throttle.record_key(ADMIN, HERE), window_started_at=ago)

    assert await _wrong(seeded, HERE, MAX_FAILURES - 1) == [(401, WRONG)] * (MAX_FAILURES - 1)
    assert (await _wrong(seeded, HERE, 1))[0][0] == 401  # the fifth of the new window locks
    with pytest.raises(TooManyAttempts, match=LOCKED):
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)


async def test_failures_within_the_window_all_count(seeded: Runtime) -> None:
    await _wrong(seeded, HERE, MAX_FAILURES - 1)
    ago = utcnow() - timedelta(minutes=14, seconds=50)
    await _set(seeded, throttle.record_key(ADMIN, HERE), window_started_at=ago)

    assert await _wrong(seeded, HERE, 1) == [(401, WRONG)]
    with pytest.raises(TooManyAttempts, match=LOCKED):
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)


async def test_checks_in_flight_and_failures_together_are_bounded(seeded: Runtime) -> None:
    await _wrong(seeded, HERE, 3)
    checking = throttle.record_key(ADMIN, HERE, throttle.CHECKING)
    await _set(seeded, checking, failures=2, window_started_at=utcnow())
    with pytest.raises(TooManyAttempts, match=CHECKS_BUSY) as busy:
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)
    assert busy.value.retry_after == 2

    await _set(seeded, checking, failures=1, window_started_at=utcnow())
    assert (await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)).user.email == ADMIN


async def test_a_check_left_in_flight_by_a_dead_process_expires_with_its_lease(
    seeded: Runtime,
) -> None:
    checking = throttle.record_key(ADMIN, HERE, throttle.CHECKING)
    await throttle_rows(seeded, checking, kind=throttle.CHECKING_KIND)
    await _set(seeded, checking, failures=MAX_FAILURES, window_started_at=utcnow())
    with pytest.raises(TooManyAttempts, match=CHECKS_BUSY):
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)

    ago = utcnow() - timedelta(seconds=61)
    await _set(seeded, checking, failures=MAX_FAILURES, window_started_at=ago)

    assert (await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)).user.email == ADMIN
    assert await _count(seeded, checking) == 0  # given back


async def throttle_rows(runtime: Runtime, *keys: str, kind: str = throttle.FAILURES) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await throttle.ensure_rows(session, *keys, kind=kind)


async def _count(runtime: Runtime, key: str) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.LoginThrottle.failures).where(m.LoginThrottle.email_key == key)
            return int((await session.execute(stmt)).scalar_one())


async def test_a_right_password_forgets_only_its_own_sources_failures(seeded: Runtime) -> None:
    await _wrong(seeded, HERE, MAX_FAILURES - 1)
    await _wrong(seeded, THERE, MAX_FAILURES - 1)

    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, THERE)

    assert await _count(seeded, throttle.record_key(ADMIN, THERE)) == 0
    assert await _wrong(seeded, THERE, MAX_FAILURES - 1) == [(401, WRONG)] * (MAX_FAILURES - 1)
    assert await _wrong(seeded, HERE, 1) == [(401, WRONG)]  # HERE kept its four: the fifth locks
    with pytest.raises(TooManyAttempts, match=LOCKED):
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)


async def test_every_check_gives_its_slot_back(seeded: Runtime) -> None:
    checking = throttle.record_key(ADMIN, HERE, throttle.CHECKING)
    await _wrong(seeded, HERE, 2)
    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)
    assert await _count(seeded, checking) == 0


async def test_a_new_password_unlocks_every_source(seeded: Runtime) -> None:
    await _wrong(seeded, HERE, MAX_FAILURES)
    await _wrong(seeded, THERE, MAX_FAILURES - 1)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            await throttle.clear(session, ADMIN)

    assert (await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)).user.email == ADMIN
    assert await _wrong(seeded, THERE, MAX_FAILURES - 1) == [(401, WRONG)] * (MAX_FAILURES - 1)


async def _pause_the_account(seeded: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    limits = fresh_limits(seeded.settings, login_failures_per_account="2/hour")
    monkeypatch.setattr(seeded, "rate_limits", limits)
    for n in range(2):
        assert await _wrong(seeded, f"192.0.2.{n}", 1) == [(401, WRONG)]


async def test_an_address_is_known_for_the_configured_days(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)
    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, THERE)
    await _pause_the_account(seeded, monkeypatch)
    known = throttle.record_key(ADMIN, THERE, known_addresses.KNOWN)
    await _set(seeded, known, window_started_at=utcnow() - timedelta(days=90, minutes=1))

    assert (await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)).user.email == ADMIN
    with pytest.raises(TooManyAttempts, match=PAUSED):
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, THERE)


async def test_new_credentials_forget_the_known_addresses(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)
    await _pause_the_account(seeded, monkeypatch)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            user = await session.get(m.User, (await get_user(seeded, TENANT, ADMIN)).id)
            assert user is not None
            user.end_sessions()  # 'esci da tutti i dispositivi', or a new password

    with pytest.raises(TooManyAttempts, match=PAUSED):
        await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, HERE)
