"""A product line whose commission items run a failing SQL statement: on PostgreSQL the
statement aborts the transaction, so each line is asked inside a savepoint. The report and an
agent's lines still answer with core's figures and the other lines' items, those asked after
it included, and name that line missing (:func:`core.line_hooks.commission_items`)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from datetime import date
from decimal import Decimal
from typing import Any

import pytest
from openpyxl import load_workbook
from sqlalchemy import select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession
from structlog.testing import capture_logs

from core.db import models as m
from core.extensions import CommissionItem, ProductLine
from core.hookspecs import hookimpl
from core.plugins import registered
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import TENANT, WIDE, call

pytestmark = pytest.mark.usefixtures("seeded")

BROKEN, SOUND = "guasta", "sana"
MISSING = {"missingLines": ["Linea guasta"]}


class FailingSql:
    """A line whose commission items are read from a table that does not exist."""

    @hookimpl
    def product_lines(self) -> list[ProductLine]:
        return [ProductLine(BROKEN, "Linea guasta", "alert-triangle")]

    @hookimpl
    async def commission_items(self, session: AsyncSession) -> list[CommissionItem]:
        missing = text("SELECT * FROM no_such_table").execution_options(tenant_unscoped=True)
        await session.execute(missing)
        return []


class HiddenSqlError(FailingSql):
    """The same, but it catches the error and answers no items: on PostgreSQL the
    transaction was aborted all the same."""

    @hookimpl
    async def commission_items(self, session: AsyncSession) -> list[CommissionItem]:
        with suppress(DBAPIError):
            await super().commission_items(session)
        return []


class SoundLine:
    """A line registered after it (so asked after it): one item of the demo agent, read
    from the database."""

    @hookimpl
    def product_lines(self) -> list[ProductLine]:
        return [ProductLine(SOUND, "Linea sana", "circle-check")]

    @hookimpl
    async def commission_items(self, session: AsyncSession, start: date) -> list[CommissionItem]:
        stmt = select(m.User.id).where(m.User.email == "agente@demo.it")
        agent = (await session.execute(stmt)).scalar_one()
        return [
            CommissionItem(
                day=start, agent_id=agent, parent_agent_id=None, product="Linea sana",
                company=None, commission=Decimal("10.00"), agent=Decimal("4.00"),
                collected=False, link={"name": f"{SOUND}-pratica", "params": {"id": "p1"}},
            )
        ]  # fmt: skip


@contextmanager
def lines(runtime: Runtime, *plugins: object) -> Iterator[None]:
    """``plugins`` registered in this order for the block."""
    with ExitStack() as stack:
        for n, plugin in enumerate(plugins):
            stack.enter_context(registered(runtime.pm, plugin, name=f"test-line-{n}"))
        yield


async def _answers(clients: ClientFactory, runtime: Runtime) -> list[dict[str, Any]]:
    """The admin's report and the demo agent's lines over every demo item."""
    agent = (await user_ids(runtime, TENANT))["agente"]
    answers = []
    for path in (f"/api/report?{WIDE}", f"/api/report/agenti/{agent}?{WIDE}"):
        answer = await call(clients, runtime, "admin", "GET", path)
        assert answer.status_code == 200, answer.text
        answers.append(answer.json())
    return answers


async def test_a_lines_failing_sql_leaves_the_report_and_the_other_lines(
    clients: ClientFactory, seeded: Runtime
) -> None:
    with lines(seeded, SoundLine()):
        kept = await _answers(clients, seeded)
    assert all("missingLines" not in answer for answer in kept)
    assert [x["product"] for x in kept[1]["lines"]].count("Linea sana") == 1
    assert "Noleggio auto" in {x["product"] for x in kept[1]["lines"]}  # a plugin's own line
    with lines(seeded, FailingSql(), SoundLine()), capture_logs() as logs:
        answers = await _answers(clients, seeded)
    assert answers == [{**answer, **MISSING} for answer in kept]
    failed = [(e["line"], e["hook"]) for e in logs if e["event"] == "line.hook_failed"]
    assert failed == [(BROKEN, "commission_items")] * 2


async def test_a_line_that_catches_its_failed_sql_answers_as_it_chose_to(
    clients: ClientFactory, seeded: Runtime
) -> None:
    with lines(seeded, SoundLine()):
        kept = await _answers(clients, seeded)
    with lines(seeded, HiddenSqlError(), SoundLine()):
        answers = await _answers(clients, seeded)
    assert answers == kept  # its own answer (no items): on PostgreSQL too, the rest intact


async def test_the_exports_name_the_missing_line_under_their_totals(
    clients: ClientFactory, seeded: Runtime
) -> None:
    note = (
        "Provvigioni incomplete: non è stato possibile leggere le provvigioni di Linea guasta. "
        "I totali non le comprendono."
    )
    with lines(seeded, FailingSql(), SoundLine()):
        sheet = await call(clients, seeded, "admin", "GET", f"/api/report/export?format=csv&{WIDE}")
        book = await call(clients, seeded, "admin", "GET", f"/api/report/export?{WIDE}")
    assert sheet.status_code == book.status_code == 200
    assert sheet.content.decode("utf-8-sig").rstrip("\r\n").rsplit("\r\n", 1)[1] == note
    rows = list(load_workbook(io.BytesIO(book.content)).worksheets[0].values)
    assert rows[-1] == (note, *[None] * (len(rows[-1]) - 1))
    assert rows[-2][0] in {"Totale", "Provvigioni compagnie"}

    with lines(seeded, SoundLine()):
        sound = await call(clients, seeded, "admin", "GET", f"/api/report/export?format=csv&{WIDE}")
    assert "incomplete" not in sound.content.decode("utf-8-sig")
