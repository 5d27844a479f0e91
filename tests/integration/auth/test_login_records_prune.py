"""Stale login records are deleted by the hourly job, each kind after its own time, so
unknown e-mails tried from ever new addresses cannot grow the table without limit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select, update

from core.auth import known_addresses, throttle
from core.auth.prune import prune_every_tenant
from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.runtime import Runtime
from tests.integration.auth.fair import fresh_limits, log_in
from tests.integration.auth.helpers import ADMIN, DEMO_PASSWORD

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


@pytest.fixture(autouse=True)
def _own_counts(seeded: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(seeded, "rate_limits", fresh_limits(seeded.settings))


async def _age(runtime: Runtime, key: str, **ago: timedelta) -> None:
    """Move the row's times back by ``ago`` (by column name)."""
    now = utcnow()
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            values = {column: now - delta for column, delta in ago.items()}
            await session.execute(
                update(m.LoginThrottle).where(m.LoginThrottle.email_key == key).values(**values)
            )
            await session.commit()


async def _kinds(runtime: Runtime) -> dict[str, str]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            rows = await session.execute(select(m.LoginThrottle.email_key, m.LoginThrottle.kind))
            return {key: kind for key, kind in rows.all()}


async def test_each_kind_of_record_goes_once_it_no_longer_matters(seeded: Runtime) -> None:
    old_failure, fresh_failure = "old-failure", "fresh-failure"
    locked, stale_check, fresh_check = "locked-long-ago", "stale-check", "fresh-check"
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            await throttle.ensure_rows(session, old_failure, fresh_failure, locked)
            await throttle.ensure_rows(
                session, stale_check, fresh_check, kind=throttle.CHECKING_KIND
            )
            await session.commit()
    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, "203.0.113.7")
    await log_in(seeded, TENANT, ADMIN, DEMO_PASSWORD, "203.0.113.8")
    old_known = throttle.record_key(ADMIN, "203.0.113.7", known_addresses.KNOWN)
    fresh_known = throttle.record_key(ADMIN, "203.0.113.8", known_addresses.KNOWN)

    await _age(seeded, old_failure, window_started_at=timedelta(minutes=16))
    await _age(seeded, fresh_failure, window_started_at=timedelta(minutes=14))
    # a lock still running keeps its row however old its window
    await _age(
        seeded, locked, window_started_at=timedelta(hours=2), locked_until=-timedelta(minutes=1)
    )
    await _age(seeded, stale_check, window_started_at=timedelta(seconds=61))
    await _age(seeded, fresh_check, window_started_at=timedelta(seconds=30))
    await _age(seeded, old_known, window_started_at=timedelta(days=90, minutes=1))
    await _age(seeded, fresh_known, window_started_at=timedelta(days=89))
    before = await _kinds(seeded)
    assert before[old_known] == before[fresh_known] == "known"
    assert before[stale_check] == "checking"
    assert before[old_failure] == "failures"

    await prune_every_tenant(seeded)

    after = await _kinds(seeded)
    gone = set(before) - set(after)
    assert gone >= {old_failure, stale_check, old_known}
    assert {fresh_failure, locked, fresh_check, fresh_known} <= set(after)
