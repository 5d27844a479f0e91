"""The claims' deadline alerts, on days read off a calendar: the report due within a day, the
rights lapsing within sixty; once each, never for a reported or closed claim."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.claims.alerts import alert_claims
from core.push.sender import Push
from core.runtime import Runtime

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _claim(runtime: Runtime, **values: Any) -> str:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            policy = (await session.execute(select(m.Policy).limit(1))).scalar_one()
            claim = m.Claim(
                policy_id=policy.id, agent_id=policy.agent_id, customer="Laura Bianchi",
                description="Urto", **{"event_date": values.get("known_on"), **values},
            )  # fmt: skip
            session.add(claim)
            await session.flush()
            return claim.id


async def _run(runtime: Runtime, today: date) -> list[Push]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return await alert_claims(session, today)


async def test_the_report_alert_comes_the_day_before_it_is_due(seeded: Runtime) -> None:
    # learned on Friday 27 November 2026: three days end on Monday 30
    claim_id = await _claim(seeded, known_on=date(2026, 11, 27))
    await _claim(seeded, known_on=date(2026, 11, 27), reported_on=date(2026, 11, 28))
    await _claim(seeded, known_on=date(2026, 11, 27), status="in_istruttoria")
    assert await _run(seeded, date(2026, 11, 28)) == []  # two days left
    [push] = await _run(seeded, date(2026, 11, 29))  # one day left: only the unreported one
    assert (push.title, push.url) == ("Sinistro da denunciare", f"/sinistri/{claim_id}")
    assert push.body == "Laura Bianchi: denuncia alla compagnia entro il 30/11/2026"
    assert push.office is not None
    assert await _run(seeded, date(2026, 11, 30)) == []  # once


async def test_the_limitation_alert_comes_sixty_days_before(seeded: Runtime) -> None:
    # the event on 20 December 2024: two years end on Sunday 20 December 2026, so Monday 21;
    # sixty days before is 22 October
    event = date(2024, 12, 20)
    claim_id = await _claim(seeded, known_on=event, reported_on=event)
    await _claim(seeded, known_on=event, reported_on=event, status="liquidato")
    assert await _run(seeded, date(2026, 10, 21)) == []
    [push] = await _run(seeded, date(2026, 10, 22))
    assert (push.title, push.url) == ("Sinistro vicino alla prescrizione", f"/sinistri/{claim_id}")
    assert push.body.endswith("si prescrivono il 21/12/2026")
    assert await _run(seeded, date(2026, 10, 23)) == []


async def test_a_third_partys_request_moves_the_limitation(seeded: Runtime) -> None:
    # liability: the event in 2023, the injured party's letter on 3 June 2025 → 3 June 2027
    await _claim(
        seeded, known_on=date(2023, 5, 2), reported_on=date(2023, 5, 3),
        third_party_claim_on=date(2025, 6, 3),
    )  # fmt: skip
    assert await _run(seeded, date(2027, 4, 3)) == []  # 61 days before
    assert len(await _run(seeded, date(2027, 4, 4))) == 1
