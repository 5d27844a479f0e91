"""Renewals: one quote per policy ending within the window, whoever runs it and however often;
the daily job claims each tenant's day once, even when runs race."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta

import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.policies.renewals import RENEWALS_JOB, renew_tenant, window_days
from core.jobs import JobRunner
from core.runtime import Runtime

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _renewals(runtime: Runtime, tenant: str = TENANT) -> list[m.Quote]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.Quote).where(m.Quote.renew_of.is_not(None))
            return list((await session.execute(stmt)).scalars())


async def _ending_within(runtime: Runtime, days: int) -> set[str]:
    today = date.today()
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.Policy.id).where(
                m.Policy.type.is_(None),
                m.Policy.end_date.between(today, today + timedelta(days=days)),
            )
            return set((await session.execute(stmt)).scalars())


async def test_a_second_run_creates_nothing(seeded: Runtime) -> None:
    due = await _ending_within(seeded, 30)
    assert len(due) == 2  # the demo policies ending in 7 and 12 days
    # the demo's renewal quote renews the first already: a run adds the second only
    assert len(await _renewals(seeded)) == 1

    assert await renew_tenant(seeded, TENANT, date.today(), claim=False) == 1
    assert await renew_tenant(seeded, TENANT, date.today(), claim=False) == 0

    quotes = await _renewals(seeded)
    assert {q.renew_of for q in quotes} == due
    quote = quotes[0]
    assert (quote.status, quote.renew) == ("Preventivo di rinnovo", True)
    assert next(e["value"] for e in quote.usr_data if e["_id"] == "nome")
    policy = await _policy(seeded, str(quote.renew_of))
    assert (quote.agent_id, quote.parent_agent_id) == (policy.agent_id, policy.parent_agent_id)
    assert quote.quote["renewOf"] == policy.id
    # what the renewal card shows of the policy it renews
    assert policy.number
    assert quote.quote["number"] == policy.number
    assert quote.quote["company"] == policy.company
    assert quote.quote["endDate"] == policy.end_date.isoformat()  # type: ignore[union-attr]
    assert quote.quote["previousPremium"] == float(policy.premium)


async def _policy(runtime: Runtime, policy_id: str) -> m.Policy:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            policy = await session.get(m.Policy, policy_id)
    assert policy is not None
    return policy


async def test_racing_daily_runs_claim_the_day_once(seeded: Runtime) -> None:
    today = date.today()
    results = await asyncio.gather(*(renew_tenant(seeded, TENANT, today) for _ in range(3)))
    assert sorted(results, key=lambda r: r is None) == [1, None, None]  # the demo has one
    assert len(await _renewals(seeded)) == 2
    assert await renew_tenant(seeded, TENANT, today) is None  # the day is claimed
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            runs = (await session.execute(select(func.count()).select_from(m.RenewalRun))).scalar()
    assert runs == 1


async def test_the_tenants_window_is_read_and_bounded(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one()
            stored.data = {**(stored.data or {}), "giorniRinnovo": 10}
    # within 10 days only the policy ending in 7, which the demo's renewal quote renews already
    assert await renew_tenant(seeded, TENANT, date.today(), claim=False) == 0
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one()
            stored.data = {**(stored.data or {}), "giorniRinnovo": 14}
    assert await renew_tenant(seeded, TENANT, date.today(), claim=False) == 1  # the 12-day one
    assert window_days({"giorniRinnovo": 10_000}) == 180
    assert window_days({"giorniRinnovo": -5}) == 1
    assert window_days({"giorniRinnovo": "30 giorni"}) == 30
    assert window_days({"giorniRinnovo": True}) == 30


async def test_the_registered_job_renews_every_tenant_once(seeded: Runtime) -> None:
    jobs = [job for jobs in seeded.pm.hook.register_jobs() for job in jobs]
    assert RENEWALS_JOB in jobs
    runner = JobRunner(seeded, jobs)
    runner.start()
    try:
        for _ in range(200):
            found = [await _renewals(seeded, t) for t in seeded.tenant_ids()]
            if all(len(quotes) == 2 for quotes in found):  # the demo's and the job's
                break
            await asyncio.sleep(0.05)
    finally:
        await runner.stop()
    for tenant in seeded.tenant_ids():
        assert len(await _renewals(seeded, tenant)) == 2, tenant
    await RENEWALS_JOB.run(seeded)  # the same day again: claimed, nothing new
    assert len(await _renewals(seeded)) == 2
