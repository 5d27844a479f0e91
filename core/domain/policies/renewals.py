"""Renewals: a policy nearing its end gets a renewal quote (SPEC §4 status 11).

Every plain policy ending within the tenant's ``giorniRinnovo`` days (default 30) gets one
quote in 'Preventivo di rinnovo', with ``renew`` naming the policy and the customer data
copied from the quote it was issued from (else from the policy); its details
(``quote``) keep what the renewal card shows of the policy: number, company, expiry and last
premium. The unique ``renew_of`` key
makes a second run create nothing, whoever runs it; the daily job also claims the day with
one ``renewal_runs`` row per tenant, so with several workers or processes it runs once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date, timedelta
from typing import Any

import structlog
from sqlalchemy import exists, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.domain.quotes import statuses
from core.domain.settings.payload import tenant_data
from core.extensions import Host, Job, StatusDef
from core.i18n import today_in_rome
from core.money import as_number

log = structlog.get_logger(__name__)
RENEWAL_ID = 11
DEFAULT_DAYS = 30
MAX_DAYS = 180
BATCH = 500


def window_days(settings: Mapping[str, Any]) -> int:
    """The tenant's renewal window, bounded to 1–180 days."""
    value = settings.get("giorniRinnovo", DEFAULT_DAYS)
    if isinstance(value, bool) or not isinstance(value, int):
        return DEFAULT_DAYS
    return max(1, min(MAX_DAYS, value))


def _customer_fields(pr: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A policy's ``pr.usrData`` as quote customer fields (Nome and Cognome joined)."""
    entries = [e for e in pr.get("usrData") or [] if isinstance(e, Mapping)]
    name = " ".join(
        str(e.get("value") or "") for e in entries if e.get("_id") in ("Nome", "Cognome")
    ).strip()
    rest = [dict(e) for e in entries if e.get("_id") not in ("Nome", "Cognome")]
    return [{"_id": "nome", "name": "Nome e cognome", "type": "text", "value": name}, *rest]


async def create_renewals(
    session: AsyncSession, status_table: Sequence[StatusDef], today: date, days: int
) -> int:
    """Create the missing renewal quotes of policies ending in ``[today, today + days]``."""
    renewed = exists().where(m.Quote.renew_of == m.Policy.id)
    stmt = (
        select(
            m.Policy.id, m.Policy.quote_id, m.Policy.agent_id, m.Policy.parent_agent_id,
            m.Policy.client_id, m.Policy.company, m.Policy.number, m.Policy.premium,
            m.Policy.end_date, m.Policy.pr,
        )
        .where(
            m.Policy.type.is_(None), m.Policy.end_date >= today,
            m.Policy.end_date <= today + timedelta(days=days), ~renewed,
        )
        .order_by(m.Policy.end_date, m.Policy.id)
    )  # fmt: skip
    status = statuses.name_of(status_table, RENEWAL_ID)
    created = 0
    rows = (await session.execute(stmt)).all()
    for start in range(0, len(rows), BATCH):
        batch = rows[start : start + BATCH]
        origin_ids = [row.quote_id for row in batch if row.quote_id]
        origins = {
            quote.id: quote
            for quote in (
                await session.execute(
                    select(m.Quote.id, m.Quote.product_id, m.Quote.usr_data).where(
                        m.Quote.id.in_(origin_ids)
                    )
                )
            ).all()
        }
        for row in batch:
            origin = origins.get(row.quote_id)
            session.add(
                m.Quote(
                    type=None, product_id=origin.product_id if origin else None,
                    agent_id=row.agent_id, parent_agent_id=row.parent_agent_id,
                    client_id=row.client_id, status=status, renew=True, renew_of=row.id,
                    usr_data=list(origin.usr_data) if origin else _customer_fields(row.pr or {}),
                    quote={"renewOf": row.id, "company": row.company, "number": row.number,
                           "previousPremium": as_number(row.premium),
                           "endDate": row.end_date.isoformat()},
                )
            )  # fmt: skip
            created += 1
        await session.flush()
    return created


async def renew_tenant(
    host: Host, tenant_id: str, today: date, *, claim: bool = True
) -> int | None:
    """Run the renewals of one tenant; ``None`` when this day's run was already claimed.

    With ``claim`` (the daily job) the run first inserts the tenant's row for ``today``: a
    concurrent run in another process fails on its unique key and creates nothing.
    """
    with tenant_scope(tenant_id):
        try:
            async with host.write_session() as session:
                run: m.RenewalRun | None = None
                if claim:
                    claimed = select(m.RenewalRun.id).where(m.RenewalRun.day == today)
                    if (await session.execute(claimed)).first() is not None:
                        return None
                    run = m.RenewalRun(day=today)
                    session.add(run)
                    await session.flush()
                days = window_days(await tenant_data(session, host))
                created = await create_renewals(session, host.statuses, today, days)
                if run is not None:
                    run.created = created
        except IntegrityError:
            return None  # another process claimed the day (or renewed these policies) first
    log.info("renewals.run", tenant=tenant_id, day=today.isoformat(), created=created)
    return created


async def daily_renewals(host: Host) -> None:
    """The job: today's run for every tenant that has not had it."""
    today = today_in_rome()
    for tenant_id in host.tenant_ids():
        await renew_tenant(host, tenant_id, today)


RENEWALS_JOB = Job("renewals", daily_renewals, every_s=900)
