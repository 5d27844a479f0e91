"""Forgetting login records once they no longer matter, so the table cannot grow without
limit however many e-mails and addresses are tried (one job, every hour, every tenant).

- failures: once their window has passed and no lock is running;
- checks in flight: once their lease has run out (a process died mid-check);
- known addresses: once the account has not logged in from there for ``LOGIN_KNOWN_DAYS``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import structlog
from sqlalchemy import ColumnElement, and_, delete, or_
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.known_addresses import KNOWN_KIND
from core.auth.throttle import CHECK_LEASE, CHECKING_KIND, FAILURES
from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.extensions import Host, Job
from core.settings import Settings

T = m.LoginThrottle
log = structlog.get_logger(__name__)


def _stale(settings: Settings, now: datetime) -> ColumnElement[bool]:
    """The rows of every kind that no longer change any login's outcome."""
    window = timedelta(minutes=settings.auth.login_lock_minutes)
    known = timedelta(days=settings.auth.login_known_days)
    return or_(
        and_(
            T.kind == FAILURES,
            T.window_started_at < now - window,
            or_(T.locked_until.is_(None), T.locked_until < now),
        ),
        and_(T.kind == CHECKING_KIND, T.window_started_at < now - CHECK_LEASE),
        and_(T.kind == KNOWN_KIND, T.window_started_at < now - known),
    )


async def prune_login_records(session: AsyncSession, settings: Settings) -> int:
    """Delete the current tenant's stale login records; how many went."""
    result = await session.execute(
        delete(T).where(_stale(settings, utcnow())).execution_options(synchronize_session=False)
    )
    return int(result.rowcount or 0)  # type: ignore[attr-defined]


async def prune_every_tenant(host: Host) -> None:
    """The job: each tenant's stale login records, one transaction per tenant."""
    for tenant_id in host.tenant_ids():
        with tenant_scope(tenant_id):
            async with host.write_session() as session:
                pruned = await prune_login_records(session, host.settings)
        if pruned:
            log.info("auth.login_records_pruned", tenant=tenant_id, rows=pruned)


PRUNE_JOB = Job("login-records", prune_every_tenant, every_s=3600)
