"""The Polizze chip counts the policies a user sees (their agent tree) ending 0–16 days from
today in Rome, both ends included: the end dates are set here, the counts written by hand."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _end_in(runtime: Runtime, days: dict[str, list[int]]) -> dict[str, list[str]]:
    """Owner → the end dates (days from today) of their demo policies, set in that order; the
    ids, in the same order."""
    ids = await user_ids(runtime, TENANT)
    today = today_in_rome()
    set_ids: dict[str, list[str]] = {}
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            for owner, offsets in days.items():
                stmt = (
                    select(m.Policy)
                    .where(m.Policy.agent_id == ids[owner], m.Policy.type.is_(None))
                    .order_by(m.Policy.end_date, m.Policy.id)
                )
                policies = list((await session.execute(stmt)).scalars())
                assert len(policies) >= len(offsets), owner
                for policy, offset in zip(policies, offsets, strict=False):
                    policy.end_date = today + timedelta(days=offset)
                for policy in policies[len(offsets) :]:
                    policy.end_date = today + timedelta(days=365)
                set_ids[owner] = [p.id for p in policies[: len(offsets)]]
    return set_ids


async def _count(clients: ClientFactory, runtime: Runtime, who: str) -> int:
    async with clients(TENANT) as client:
        answer = await client.get(
            "/api/polizze/alert-count", headers=await headers_for(runtime, TENANT, who)
        )
    assert answer.status_code == 200, answer.text
    count: int = answer.json()["count"]
    return count


async def test_each_user_counts_only_the_policies_of_their_tree(
    clients: ClientFactory, seeded: Runtime
) -> None:
    # the agent's three demo policies end today, in 16 days and in 17; the sub-agent's in 5
    await _end_in(seeded, {"agente": [0, 16, 17], "subagente": [5]})
    everyone = ("admin", "responsabile", "agente", "subagente", "segnalatore")
    counts = {who: await _count(clients, seeded, who) for who in everyone}
    assert counts == {
        "admin": 3,  # everything: today, +16 and the sub-agent's +5
        "responsabile": 3,
        "agente": 3,  # its own two and its sub-agent's
        "subagente": 1,  # only its own
        "segnalatore": 2,  # the referred agent's own two, not the sub-agent's
    }


async def test_the_window_is_today_to_sixteen_days_both_included(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await _end_in(seeded, {"agente": [-1, 0, 16], "subagente": [17]})
    assert await _count(clients, seeded, "admin") == 2  # today and +16; not -1, not +17
    async with clients(TENANT) as client:
        listed = await client.get(
            "/api/polizze?expiring=true", headers=await headers_for(seeded, TENANT, "admin")
        )
    assert listed.status_code == 200, listed.text
    assert [p["_id"] for p in listed.json()] == ids["agente"][1:]
