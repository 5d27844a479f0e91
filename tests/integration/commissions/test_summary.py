"""The report's monthly summary stays equal to the sums of the rows behind it, whatever the
writes (issue, collect, move, re-split, reassign, drop an instalment, delete a policy; the
product lines' practices in test_line_keeper.py), with
savepoints and transactions rolled back, and with concurrent commits on one month; and a
report over any range reads the same figures as one over the rows alone."""

from __future__ import annotations

import asyncio
import importlib.util
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select, text, union_all

from core import db
from core.auth.principal import Principal
from core.context import tenant_scope
from core.db import models as m
from core.db.engine import make_engine, owner_url
from core.domain.commissions import report as report_module
from core.domain.commissions.line_keeper import backfill
from core.domain.commissions.summary import rebuild
from core.runtime import Runtime
from core.settings import Settings

TENANT = "assicurapp"
START = date(2025, 11, 1)
FREQUENCIES = ("ANN", "SEM", "QUAD", "MEN", "UNICO")
COMPANIES = ("Allianz", "Generali", None)
PRODUCTS = ("rca", "casa", None)

Op = tuple[Any, ...]
OPS = st.one_of(
    st.tuples(st.just("issue"), st.integers(0, 2), st.sampled_from(FREQUENCIES),
              st.integers(0, 400), st.integers(1, 500_000), st.integers(0, 2), st.integers(0, 2)),
    st.tuples(st.just("collect"), st.integers(0, 9), st.integers(0, 11)),
    st.tuples(st.just("move"), st.integers(0, 9), st.integers(0, 11), st.integers(0, 400)),
    st.tuples(st.just("resplit"), st.integers(0, 9), st.integers(0, 11), st.integers(0, 99_999)),
    st.tuples(st.just("reassign"), st.integers(0, 9), st.integers(0, 2), st.integers(0, 2)),
    st.tuples(st.just("drop"), st.integers(0, 9), st.integers(0, 11)),
    st.tuples(st.just("delete"), st.integers(0, 9)),
)  # fmt: skip
PLANS = st.lists(st.tuples(OPS, st.sampled_from(("commit", "savepoint", "rollback"))),
                 min_size=1, max_size=14)  # fmt: skip


def _money(cents: int) -> Decimal:
    return Decimal(cents) / 100


async def kept_and_rebuilt(runtime: Runtime) -> tuple[dict[Any, Any], dict[Any, Any]]:
    """The summary as kept, and as rebuilt from the rows (rolled back), without empty rows."""

    async def rows(session: Any) -> dict[Any, Any]:
        found = {}
        for row in (await session.execute(select(m.CommissionMonth))).scalars():
            sums = (row.items, row.commission, row.agent, row.parent, row.referrer)
            if any(sums):
                key = (row.month, row.agent_id, row.parent_agent_id, row.referrer_id,
                       row.company, row.product_id, row.paid)  # fmt: skip
                found[key] = sums
        return found

    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            kept = await rows(session)
            await rebuild(session)
            rebuilt = await rows(session)
            await session.rollback()
    return kept, rebuilt


async def _apply(session: Any, op: Op, agents: list[str], policies: list[str]) -> None:
    kind = op[0]
    if kind == "issue":
        _, agent, frequency, offset, cents, company, product = op
        start = START + timedelta(days=offset)
        policy = m.Policy(
            agent_id=agents[agent], parent_agent_id=agents[0] if agent == 2 else None,
            referrer_id=agents[1] if agent == 0 else None, company=COMPANIES[company],
            product_id=PRODUCTS[product], frequency=frequency, start_date=start,
            commission=_money(cents), agent_total=_money(cents // 2),
            parent_total=_money(cents // 10), referrer_total=_money(cents // 50),
        )  # fmt: skip
        count = {"ANN": 1, "SEM": 2, "QUAD": 3, "MEN": 12, "UNICO": 0}[frequency]
        for n in range(count):
            policy.instalments.append(m.Instalment(
                number=n + 1, cassa_date=start + timedelta(days=30 * n),
                commission=_money(cents // count), agent_total=_money(cents // count // 2),
                parent_total=_money(cents // count // 10),
                referrer_total=_money(cents // count // 50),
            ))  # fmt: skip
        session.add(policy)
        await session.flush()
        policies.append(policy.id)
        return
    if not policies:
        return
    policy = await session.get(m.Policy, policies[op[1] % len(policies)])
    if policy is None:
        return
    on_rate = kind in ("collect", "move", "resplit", "drop") and policy.instalments
    rate = policy.instalments[op[2] % len(policy.instalments)] if on_rate else None
    if kind == "collect":
        if rate is not None:
            rate.paid = not rate.paid
        else:
            policy.paid = not policy.paid
    elif kind == "move" and rate is not None:
        rate.cassa_date = START + timedelta(days=op[3])
    elif kind == "move":
        policy.start_date = START + timedelta(days=op[3])
    elif kind == "resplit" and rate is not None:
        rate.agent_total, rate.commission = _money(op[3]), _money(op[3] * 2)
    elif kind == "reassign":
        policy.agent_id, policy.company = agents[op[2]], COMPANIES[op[3]]
    elif kind == "drop" and rate is not None:
        policy.instalments.remove(rate)
    elif kind == "delete":
        await session.delete(policy)


async def test_the_summary_equals_the_rows_after_any_writes(seeded: Runtime) -> None:
    plans: list[list[tuple[Op, str]]] = []

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(PLANS)
    def collect(plan: list[tuple[Op, str]]) -> None:
        plans.append(plan)

    collect()
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            users = [m.User(email=f"somma{i}@prova.it", name=f"Agente {i}",
                            role={"a": {"type": "agente"}}) for i in range(3)]  # fmt: skip
            session.add_all(users)
            await session.flush()
            agents = [u.id for u in users]
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt, "the demo data's summary differs from its rows"
    for plan in plans:
        policies: list[str] = []
        for op, ending in plan:
            with tenant_scope(TENANT):
                async with seeded.db.session() as session:
                    if ending == "savepoint":
                        nested = await session.begin_nested()
                        await _apply(session, op, agents, policies)
                        await session.flush()
                        await nested.rollback()
                        if op[0] == "issue":
                            policies.pop()
                    else:
                        await _apply(session, op, agents, policies)
                        if ending == "rollback":
                            await session.rollback()
                            if op[0] == "issue":
                                policies.pop()
        kept, rebuilt = await kept_and_rebuilt(seeded)
        assert kept == rebuilt, plan
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                for policy_id in policies:
                    policy = await session.get(m.Policy, policy_id)
                    if policy is not None:
                        await session.delete(policy)
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt


async def test_concurrent_collections_in_one_month_all_count(seeded: Runtime) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            policy = m.Policy(agent_id=None, company="Allianz", frequency="MEN",
                              start_date=date(2026, 3, 1))  # fmt: skip
            for n in range(8):
                policy.instalments.append(m.Instalment(
                    number=n + 1, cassa_date=date(2026, 3, 1 + n), agent_total=Decimal("1.25"),
                    commission=Decimal("2.50"),
                ))  # fmt: skip
            session.add(policy)
            await session.flush()
            ids = [r.id for r in policy.instalments]

    async def collect(rata_id: str) -> None:
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                rata = await session.get(m.Instalment, rata_id)
                assert rata is not None
                rata.paid = True

    await asyncio.gather(*(collect(rata_id) for rata_id in ids))
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt
    paid = [v for k, v in kept.items() if k[0] == date(2026, 3, 1) and k[4] == "Allianz" and k[6]]
    assert sum(v[0] for v in paid) >= 8


@pytest.mark.parametrize(
    ("start", "end"),
    [
        (date(2025, 11, 26), date(2026, 11, 26)),  # partial ends around whole months
        (date(2026, 1, 1), date(2026, 12, 31)),  # whole months only
        (date(2026, 3, 5), date(2026, 3, 20)),  # inside one month
        (date(2026, 2, 1), date(2026, 3, 15)),  # a whole month and a partial one
        (date(2020, 1, 1), date(2029, 12, 31)),
    ],
)
async def test_a_report_reads_as_the_rows_alone_would(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch, start: date, end: date
) -> None:
    admin = Principal(id="x", tenant_id=TENANT, roles={"admin": True})
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            summed = await report_module.report_payload(session, admin, start, end)
            monkeypatch.setattr(
                report_module,
                "source",
                lambda a, b: union_all(*report_module._raw(a, b)).subquery(),
            )
            raw = await report_module.report_payload(session, admin, start, end)
    assert summed == raw


def _backfill(conn: Any) -> None:
    """The migration's backfill over an emptied summary, as the database owner."""
    path = Path(db.__file__).parent / "migrations" / "versions" / "0009_commission_months.py"
    spec = importlib.util.spec_from_file_location("commission_months_migration", path)
    assert spec is not None
    assert spec.loader is not None
    migration = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(migration)
    conn.execute(text("DELETE FROM commission_months"))
    conn.execute(text("DELETE FROM line_commissions"))  # revision 0016 made the table empty
    with Operations.context(MigrationContext.configure(conn)):
        migration._backfill()


async def test_the_migration_fills_the_summary_as_it_is_kept(
    seeded: Runtime, settings: Settings
) -> None:
    kept, _ = await kept_and_rebuilt(seeded)
    assert kept, "the demo data has commission items"
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_backfill)
    finally:
        await engine.dispose()
    # then the server's start keeps the product lines' practices (line_keeper.backfill)
    assert await backfill(seeded.write_session, seeded.pm, [TENANT]) > 0
    filled, rebuilt = await kept_and_rebuilt(seeded)
    assert filled == rebuilt == kept


async def test_a_deleted_agents_items_move_with_their_policies(seeded: Runtime) -> None:
    """A deleted user's policies lose their agent links through the ORM (the synced rows'
    references are detached in the session, core.db.tombstones), so the summary follows."""
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            top = m.User(email="via@prova.it", name="Via", role={"a": {"type": "agente"}})
            sub = m.User(email="sotto@prova.it", name="Sotto", role={"a": {"type": "agente"}})
            session.add_all([top, sub])
            await session.flush()
            for agent, parent in ((top.id, None), (sub.id, top.id)):
                policy = m.Policy(agent_id=agent, parent_agent_id=parent, company="Allianz",
                                  frequency="SEM", start_date=date(2026, 2, 10))  # fmt: skip
                for n in range(2):
                    policy.instalments.append(m.Instalment(
                        number=n + 1, cassa_date=date(2026, 2 + 6 * n, 10), paid=n == 0,
                        agent_total=Decimal("10.05"), parent_total=Decimal("1.10"),
                        commission=Decimal("20.00"),
                    ))  # fmt: skip
                session.add(policy)
            ids = (top.id, sub.id)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            user = await session.get(m.User, ids[0])
            await session.delete(user)
    kept, rebuilt = await kept_and_rebuilt(seeded)
    assert kept == rebuilt
    assert not [key for key in kept if ids[0] in key]
    assert [key for key in kept if key[1] == ids[1] and key[2] == ""]
