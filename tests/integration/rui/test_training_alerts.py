"""The year-end training alerts: from 1 October and from 1 December, to each collaborator
short of the year's hours and one list to the office; once per recipient, threshold and year,
however often the job runs."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from sqlalchemy import delete, func, select

from core.context import tenant_scope
from core.db import models as m
from core.domain.rui.alerts import alert_training
from core.push.sender import Push
from core.runtime import Runtime
from core.testing import user_ids

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
YEAR = 2031  # a year of its own: only the courses logged here count


async def _run(runtime: Runtime, today: date) -> list[Push]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return await alert_training(session, TENANT, today)


async def _course(runtime: Runtime, who: str, day: date, hours: str) -> None:
    user_id = (await user_ids(runtime, TENANT))[who]
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            session.add(
                m.TrainingEntry(user_id=user_id, day=day, hours=Decimal(hours), title="IDD")
            )


async def test_alerts_once_per_threshold(seeded: Runtime) -> None:
    ids = await user_ids(seeded, TENANT)
    # the agent: 20 + 10 = 30 hours, nothing owed; the sub-agent: 12.5, 17.50 missing
    await _course(seeded, "agente", date(YEAR, 3, 1), "20")
    await _course(seeded, "agente", date(YEAR, 6, 1), "10")
    await _course(seeded, "subagente", date(YEAR, 4, 1), "12.5")

    assert await _run(seeded, date(YEAR, 9, 30)) == []  # before 1 October
    pushes = await _run(seeded, date(YEAR, 10, 1))
    to_sub, to_office = pushes
    assert to_sub.user_ids == (ids["subagente"],)
    assert to_sub.body == f"Mancano 17.50 ore di aggiornamento su 30.00 entro il 31/12/{YEAR}"
    assert set(to_office.user_ids) == {ids["admin"], ids["responsabile"]}
    assert to_office.title == "Formazione IVASS: 1 collaboratori sotto le ore"
    assert to_office.body == "Sara Bianchi"
    assert await _run(seeded, date(YEAR, 10, 2)) == []  # once (a restarted job too)
    assert await _run(seeded, date(YEAR, 11, 30)) == []
    again = await _run(seeded, date(YEAR, 12, 1))  # the second threshold
    assert [p.tag for p in again] == [f"training-{YEAR}-12-01", f"training-office-{YEAR}-12-01"]
    assert await _run(seeded, date(YEAR, 12, 20)) == []
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            marks = await session.execute(select(func.count(m.TrainingAlert.id)))
            assert marks.scalar_one() == 4


async def test_a_first_run_late_in_the_year_sends_the_later_threshold_only(
    seeded: Runtime,
) -> None:
    pushes = await _run(seeded, date(YEAR, 12, 15))
    # both demo agents are short in YEAR (no courses): two pushes and the office's list
    assert len(pushes) == 3
    assert {p.tag for p in pushes} == {f"training-{YEAR}-12-01", f"training-office-{YEAR}-12-01"}
    assert pushes[-1].body == "Mario Rossi, Sara Bianchi"


async def test_nobody_short_nothing_sent(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            await session.execute(delete(m.RuiRegistration))
            for user in (await session.execute(select(m.User))).scalars():
                user.role = {"admin": True}  # no agents left: nobody owes hours
    assert await _run(seeded, date(YEAR, 12, 15)) == []
