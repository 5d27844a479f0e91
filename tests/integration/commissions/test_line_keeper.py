"""A product line's commissions are kept as rows in the transaction that changes its quote
(:mod:`core.domain.commissions.line_keeper`): whatever the writes (items changed, collected,
reassigned, deleted; savepoints and transactions rolled back) the rows are the line's answer,
the monthly summary equals its rows, and the collaborator's balance holds one credit per
collected item. A line that fails or answers nonsense refuses its own change and nothing
else; a line that catches its own failed SQL still commits (PostgreSQL included)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, func, select, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.domain.commissions.line_keeper import MAX_ITEMS, backfill
from core.domain.commissions.summary import rebuild
from core.extensions import CommissionItem, ProductLine
from core.hookspecs import hookimpl
from core.line_hooks import LineFailed
from core.plugins import registered
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import TENANT, WIDE, call
from tests.integration.commissions.test_summary import kept_and_rebuilt

pytestmark = pytest.mark.usefixtures("seeded")

LINE = "prova"
DOWN = "«Linea prova» non è al momento disponibile per un errore interno: riprova più tardi"
START = date(2026, 1, 1)


class Declares:
    @hookimpl
    def product_lines(self) -> list[ProductLine]:
        return [ProductLine(LINE, "Linea prova", "circle-check")]


class EarningLine(Declares):
    """Earns what its quote's ``quote.earn`` lists: ``[day offset, commission, agent's part]``
    in cents, each collected when ``quote.paid``; nothing before emission is requested."""

    @hookimpl
    def quote_commissions(self, quote: m.Quote) -> list[CommissionItem]:
        if quote.emission_requested_at is None:
            return []
        return [
            CommissionItem(
                day=START + timedelta(days=offset), agent_id=quote.agent_id,
                parent_agent_id=quote.parent_agent_id, product="Linea prova", company="Banca",
                commission=Decimal(commission) / 100, agent=Decimal(agent) / 100,
                collected=bool(quote.quote.get("paid")),
                link={"name": f"{LINE}-pratica", "params": {"id": quote.id}},
            )
            for offset, commission, agent in quote.quote.get("earn", [])
        ]  # fmt: skip


class FailingSql(Declares):
    @hookimpl
    async def quote_commissions(self, session: AsyncSession) -> list[CommissionItem]:
        missing = text("SELECT * FROM no_such_table").execution_options(tenant_unscoped=True)
        await session.execute(missing)
        return []


class HiddenSqlError(FailingSql):
    """Catches its failed statement and answers no items: on PostgreSQL the statement aborted
    its savepoint, not the change."""

    @hookimpl
    async def quote_commissions(self, session: AsyncSession) -> list[CommissionItem]:
        with suppress(DBAPIError):
            await super().quote_commissions(session)
        return []


class Nonsense(Declares):
    def __init__(self, answer: Any) -> None:
        self.answer = answer

    @hookimpl
    def quote_commissions(self, quote: m.Quote) -> Any:
        return self.answer


@contextmanager
def line(runtime: Runtime, plugin: object | None = None) -> Iterator[None]:
    with registered(runtime.pm, plugin or EarningLine(), name="test-line-prova"):
        yield


async def _agents(runtime: Runtime) -> list[str]:
    ids = await user_ids(runtime, TENANT)
    return [ids["agente"], ids["subagente"], ids["segnalatore"]]


def _earn(items: list[tuple[int, int, int]]) -> list[list[int]]:
    return [list(item) for item in items]


async def _new_quote(runtime: Runtime, agent: str, **quote: Any) -> str:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            row = m.Quote(type=LINE, agent_id=agent, status="Emissione richiesta",
                          emission_requested_at=utcnow(), quote=quote)  # fmt: skip
            session.add(row)
            await session.flush()
            return row.id


async def _rows(runtime: Runtime, quote_id: str | None = None) -> list[m.LineCommission]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.LineCommission).order_by(m.LineCommission.seq)
            if quote_id:
                stmt = stmt.where(m.LineCommission.quote_id == quote_id)
            return list((await session.execute(stmt)).scalars())


async def _credited(runtime: Runtime, quote_id: str) -> Decimal:
    """What the collaborators' balance holds, gross, for the quote's items."""
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(func.sum(m.BalanceEntry.gross)).where(m.BalanceEntry.quote_id == quote_id)
            return Decimal((await session.execute(stmt)).scalar_one() or 0)


async def _change(runtime: Runtime, quote_id: str, **changes: Any) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            for name, value in changes.items():
                setattr(quote, name, value)


async def test_a_practice_earns_is_collected_and_reversed(seeded: Runtime) -> None:
    agent, sub, _ = await _agents(seeded)
    with line(seeded):
        quote_id = await _new_quote(seeded, sub, earn=[[10, 5000, 2000]])
        await _change(seeded, quote_id, parent_agent_id=agent)
        [row] = await _rows(seeded, quote_id)
        assert (row.day, row.commission, row.agent_total, row.paid) == (
            date(2026, 1, 11),
            Decimal("50.00"),
            Decimal("20.00"),
            False,
        )
        assert row.link == {"name": "prova-pratica", "params": {"id": quote_id}}
        assert await _credited(seeded, quote_id) == 0
        await _change(seeded, quote_id, quote={"earn": [[10, 5000, 2000]], "paid": True})
        assert await _credited(seeded, quote_id) == Decimal("20.00")  # to the parent agent
        await _change(seeded, quote_id, quote={"earn": [[10, 5000, 2000]], "paid": True})
        assert await _credited(seeded, quote_id) == Decimal("20.00")  # once
        await _change(seeded, quote_id, quote={"earn": [], "paid": True})
        assert await _rows(seeded, quote_id) == []
        assert await _credited(seeded, quote_id) == 0  # reversed
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stmt = select(m.BalanceEntry).where(m.BalanceEntry.quote_id == quote_id)
            posted = sorted((e.kind, e.user_id, e.gross) for e in (await session.execute(stmt))
                            .scalars())  # fmt: skip
    assert posted == [("provvigione", agent, Decimal("20.00")),
                      ("storno", agent, Decimal("-20.00"))]  # fmt: skip
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt


async def test_the_report_and_the_agents_lines_read_the_kept_items(
    clients: ClientFactory, seeded: Runtime
) -> None:
    agent, sub, _ = await _agents(seeded)
    before = (await call(clients, seeded, "admin", "GET", f"/api/report?{WIDE}")).json()
    with line(seeded):
        quote_id = await _new_quote(seeded, sub, earn=[[3, 12345, 6789]], paid=True)
    after = (await call(clients, seeded, "admin", "GET", f"/api/report?{WIDE}")).json()
    grown = Decimal(str(after["totals"]["gross"])) - Decimal(str(before["totals"]["gross"]))
    assert grown == Decimal("67.89")
    commission = Decimal(str(after["totals"]["commission"]))
    assert commission - Decimal(str(before["totals"]["commission"])) == Decimal("123.45")
    lines = (await call(clients, seeded, "subagente", "GET",
                        f"/api/report/agenti/{sub}?{WIDE}")).json()["lines"]  # fmt: skip
    [mine] = [x for x in lines if x["product"] == "Linea prova"]
    assert (mine["commission"], mine["paid"], mine["day"]) == (67.89, True, "2026-01-04")
    assert "companyAmount" not in mine  # a collaborator never sees the company's figure
    assert mine["link"] == {"name": "prova-pratica", "params": {"id": quote_id}}
    other = await call(clients, seeded, "agente", "GET", f"/api/report/agenti/{agent}?{WIDE}")
    assert "Linea prova" not in {x["product"] for x in other.json()["lines"]}


async def test_a_failing_line_refuses_its_own_change_only(seeded: Runtime) -> None:
    agent, _, _ = await _agents(seeded)
    with line(seeded):
        quote_id = await _new_quote(seeded, agent, earn=[[1, 100, 50]])
    with line(seeded, FailingSql()), pytest.raises(LineFailed, match=DOWN):
        await _change(seeded, quote_id, quote={"earn": [[1, 900, 450]]})
    [row] = await _rows(seeded, quote_id)
    assert row.commission == Decimal("1.00")
    with line(seeded, HiddenSqlError()):  # its own answer: no items, and the change commits
        await _change(seeded, quote_id, status="Approvato dalla direzione")
    assert await _rows(seeded, quote_id) == []
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt


@pytest.mark.parametrize(
    "answer",
    [
        ["not an item"],
        [CommissionItem(date(2026, 1, 1), None, None, "x", None, Decimal("NaN"), Decimal(0),
                        False, {})],
        [CommissionItem(date(2026, 1, 1), None, None, "x", None, Decimal("1e12"), Decimal(0),
                        False, {})],
        [CommissionItem(date(2026, 1, 1), None, None, "x", None, Decimal(1), Decimal(0),
                        False, {})] * (MAX_ITEMS + 1),
    ],
    ids=["not-an-item", "nan", "too-large", "too-many"],
)  # fmt: skip
async def test_nonsense_from_a_line_is_refused_and_changes_nothing(
    seeded: Runtime, answer: Any
) -> None:
    agent, _, _ = await _agents(seeded)
    with line(seeded):
        quote_id = await _new_quote(seeded, agent, earn=[[1, 100, 50]])
    with line(seeded, Nonsense(answer)), pytest.raises(LineFailed, match=DOWN):
        await _change(seeded, quote_id, status="Approvato dalla direzione")
    [row] = await _rows(seeded, quote_id)
    assert row.commission == Decimal("1.00")


async def test_a_line_not_installed_keeps_its_rows(seeded: Runtime) -> None:
    agent, _, _ = await _agents(seeded)
    with line(seeded):
        quote_id = await _new_quote(seeded, agent, earn=[[1, 100, 50]])
    await _change(seeded, quote_id, status="Approvato dalla direzione")
    assert len(await _rows(seeded, quote_id)) == 1


async def test_backfill_keeps_practices_written_before_the_rows_were(seeded: Runtime) -> None:
    agent, _, _ = await _agents(seeded)
    with line(seeded):
        quote_id = await _new_quote(seeded, agent, earn=[[1, 100, 50], [40, 300, 120]])
        with tenant_scope(TENANT):  # as before the rows were kept: none, and none summed
            async with seeded.db.session() as session:
                await session.execute(delete(m.LineCommission))
                await rebuild(session)
        assert await backfill(seeded.write_session, seeded.pm, [TENANT]) >= 1
        assert await backfill(seeded.write_session, seeded.pm, [TENANT]) == 0
    assert [r.agent_total for r in await _rows(seeded, quote_id)] == [
        Decimal("0.50"),
        Decimal("1.20"),
    ]
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt


ITEMS = st.lists(st.tuples(st.integers(0, 120), st.integers(0, 10**7), st.integers(0, 10**6)),
                 max_size=3)  # fmt: skip
OPS = st.one_of(
    st.tuples(st.just("new"), st.integers(0, 2), ITEMS),
    st.tuples(st.just("earn"), st.integers(0, 9), ITEMS),
    st.tuples(st.just("collect"), st.integers(0, 9)),
    st.tuples(st.just("reassign"), st.integers(0, 9), st.integers(0, 2)),
    st.tuples(st.just("delete"), st.integers(0, 9)),
)
PLANS = st.lists(st.tuples(OPS, st.sampled_from(("commit", "savepoint", "rollback"))),
                 min_size=1, max_size=10)  # fmt: skip


async def _apply(session: AsyncSession, op: Any, agents: list[str], quotes: list[str]) -> None:
    if op[0] == "new":
        row = m.Quote(type=LINE, agent_id=agents[op[1]], emission_requested_at=utcnow(),
                      quote={"earn": _earn(op[2])})  # fmt: skip
        session.add(row)
        await session.flush()
        quotes.append(row.id)
        return
    if not quotes:
        return
    quote = await session.get(m.Quote, quotes[op[1] % len(quotes)])
    if quote is None:
        return
    if op[0] == "earn":
        quote.quote = {**quote.quote, "earn": _earn(op[2])}
    elif op[0] == "collect":
        quote.quote = {**quote.quote, "paid": not quote.quote.get("paid")}
    elif op[0] == "reassign":
        quote.agent_id = agents[op[2]]
    else:
        await session.delete(quote)


async def test_rows_summary_and_balance_match_the_line_after_any_writes(
    seeded: Runtime,
) -> None:
    plans: list[list[tuple[Any, str]]] = []

    @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
    @given(PLANS)
    def collect(plan: list[tuple[Any, str]]) -> None:
        plans.append(plan)

    collect()
    agents = await _agents(seeded)
    with line(seeded):
        for plan in plans:
            quotes: list[str] = []
            for op, ending in plan:
                with tenant_scope(TENANT):
                    async with seeded.db.session() as session:
                        if ending == "savepoint":
                            nested = await session.begin_nested()
                            await _apply(session, op, agents, quotes)
                            await session.flush()
                            await nested.rollback()
                            if op[0] == "new":
                                quotes.pop()
                        else:
                            await _apply(session, op, agents, quotes)
                            if ending == "rollback":
                                await session.rollback()
                                if op[0] == "new":
                                    quotes.pop()
            kept, rebuilt = await kept_and_rebuilt(seeded)
            assert kept == rebuilt, plan
            await _check_rows_and_credits(seeded, quotes, plan)


async def _check_rows_and_credits(runtime: Runtime, quotes: list[str], plan: Any) -> None:
    """Each quote's rows are its line's answer, and its credits are its collected items."""
    for quote_id in quotes:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                quote = await session.get(m.Quote, quote_id)
        rows = await _rows(runtime, quote_id)
        if quote is None:
            assert rows == [], plan
            continue
        earn = quote.quote.get("earn", [])
        expected = [(START + timedelta(days=d), Decimal(c) / 100, Decimal(a) / 100)
                    for d, c, a in earn]  # fmt: skip
        assert [(r.day, r.commission, r.agent_total) for r in rows] == expected, plan
        assert all(r.agent_id == quote.agent_id for r in rows), plan
        paid = bool(quote.quote.get("paid"))
        owed = sum((a for _, _, a in expected if a > 0), Decimal(0)) if paid else Decimal(0)
        assert await _credited(runtime, quote_id) == owed, plan
