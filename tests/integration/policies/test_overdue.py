"""``GET /api/polizze/insolute``: unpaid instalments past their due date with the cover the
policy has now (art. 1901 c.c.), by the agent-tree rule."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import ROME, today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _get(clients: ClientFactory, runtime: Runtime, who: str) -> Any:
    async with clients(TENANT) as client:
        return await client.get(
            "/api/polizze/insolute", headers=await headers_for(runtime, TENANT, who)
        )


async def _agents_policies_with_an_overdue_rate(runtime: Runtime, *late_days: int) -> list[str]:
    """Mark every instalment paid on its due day, then make instalment 2 of the agent's first
    policies due ``late_days`` ago and unpaid."""
    today = today_in_rome()
    chosen = []
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = select(m.User.id).where(m.User.email == "agente@demo.it").scalar_subquery()
            policies = (await session.execute(select(m.Policy))).scalars().all()
            for policy in policies:
                for rate in policy.instalments:  # each paid on its due day
                    day = rate.cassa_date or today
                    rate.paid, rate.paid_at = True, datetime.combine(day, time(10), tzinfo=ROME)
            mine = [p for p in policies if len(p.instalments) >= 2]
            mine = [
                p for p in mine if p.agent_id == (await session.execute(select(agent))).scalar()
            ]
            for policy, late in zip(mine, late_days, strict=False):
                second = policy.instalments[1]
                second.cassa_date = today - timedelta(days=late)
                second.paid, second.paid_at = False, None
                chosen.append(policy.id)
    assert len(chosen) == len(late_days)
    return chosen


async def test_the_list_shows_cover_left_and_suspensions(
    clients: ClientFactory, seeded: Runtime
) -> None:
    grace, suspended = await _agents_policies_with_an_overdue_rate(seeded, 3, 20)
    rows = (await _get(clients, seeded, "agente")).json()
    by_policy = {row["policyId"]: row for row in rows}
    assert set(by_policy) == {grace, suspended}
    today = today_in_rome()
    # due 20 days ago: suspended from 24:00 of the fifteenth day after, 00:00 of day sixteen
    late = by_policy[suspended]
    due = date.fromisoformat(late["due"])
    assert due == today - timedelta(days=20)
    since = datetime.combine(due + timedelta(days=16), time(0), tzinfo=ROME)
    assert (late["cover"], late["coverLabel"]) == ("sospesa", "Sospesa")
    assert datetime.fromisoformat(late["suspendedSince"]) == since
    assert late["daysOverdue"] == 20
    # due 3 days ago: still in cover, the suspension ahead
    soon = by_policy[grace]
    assert soon["cover"] == "in_copertura"
    ahead = datetime.combine(today - timedelta(days=3) + timedelta(days=16), time(0), tzinfo=ROME)
    assert datetime.fromisoformat(soon["suspendsAt"]) == ahead
    assert 11 * 24 <= soon["hoursLeft"] <= 13 * 24 + 1


async def test_each_role_sees_its_tree(clients: ClientFactory, seeded: Runtime) -> None:
    await _agents_policies_with_an_overdue_rate(seeded, 20)
    assert len((await _get(clients, seeded, "admin")).json()) == 1
    assert (await _get(clients, seeded, "subagente")).json() == []
    assert (await _get(clients, seeded, "dipendente")).status_code == 403


async def test_the_limit_counts_overdue_instalments_oldest_first_skipping_set_aside(
    clients: ClientFactory, seeded: Runtime
) -> None:
    set_aside, older = await _agents_policies_with_an_overdue_rate(seeded, 40, 20)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            rate = (
                await session.execute(
                    select(m.Instalment).where(
                        m.Instalment.policy_id == set_aside, m.Instalment.number == 2
                    )
                )
            ).scalar_one()
            rate.info = {"SOSP": True}
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "admin")
        one = (await client.get("/api/polizze/insolute?limit=1", headers=headers)).json()
        every = (await client.get("/api/polizze/insolute", headers=headers)).json()
    assert [row["policyId"] for row in one] == [older]  # not an empty page
    assert [row["policyId"] for row in every] == [older]
