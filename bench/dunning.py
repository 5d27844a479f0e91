"""The dunning job at scale on PostgreSQL: 50,000 policies and ~300,000 instalments in one
tenant, 5 % of the instalments already due left unpaid, four customers in five with an e-mail.

Times one run of ``dunning-reminders`` for a day: the selection by due date (the index on
``cassa_date``), the policies' cover, the marks in ``dunning_reminders`` and the e-mails written
to the outbox (not delivered: no SMTP server), then the same run again (nothing left to send).
The peer, measured in the same run: the naive way, every unpaid instalment loaded through the
ORM and filtered in Python for the same days. Usage: ``python -m bench dunning``
(``BENCH_DATABASE_URL``, default the local ``test`` database; a throwaway schema is used).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import random
import statistics
import time
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

import structlog

from bench import policies as base

POLICIES = base.POLICIES
UNPAID_SHARE = 0.05
RUNS = 5
TENANT = base.TENANT
INSTALMENT_COLUMNS = (
    "id, tenant_id, policy_id, number, cassa_date, total, agent_total, commission, paid, "
    "paid_at, info, created_at, updated_at"
)


def _rows(
    agent_ids: list[str], today: date
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    from core.db.types import new_id
    from core.domain.commissions.rules import Rates, commission_on, split
    from core.domain.policies.schedule import add_months, schedule

    rng = random.Random(11)
    now = datetime.now(UTC)
    policies: list[tuple[object, ...]] = []
    instalments: list[tuple[object, ...]] = []
    for n in range(POLICIES):
        policy_id = new_id()
        frequency = rng.choices([f for f, _ in base.MIX], [w for _, w in base.MIX])[0]
        end = today + timedelta(days=rng.randint(-180, 365))
        start = add_months(end, -12)
        premium = Decimal(rng.randint(20_000, 250_000)) / 100
        shares = split(commission_on(premium, Decimal(8)), Rates(Decimal(10)))
        agent = agent_ids[n % len(agent_ids)]
        usr = [{"_id": "Nome", "value": "Cliente"}, {"_id": "Cognome", "value": f"Rossi {n}"}]
        if n % 5:
            usr.append({"_id": "email", "value": f"cliente{n}@example.it"})
        policies.append((
            policy_id, TENANT, "Allianz" if n % 3 else "Generali", f"POL-{n:06d}", start, end,
            frequency, "bonifico", False, False, json.dumps({"aId": agent, "usrData": usr}),
            "{}", "{}", "{}", premium, shares.agent, shares.commission, agent, now, now,
        ))  # fmt: skip
        for rata in schedule(premium, shares, frequency, start):
            paid = rata.cassa < today and rng.random() > UNPAID_SHARE
            at = datetime.combine(rata.cassa, datetime.min.time(), tzinfo=UTC) if paid else None
            info = '{"SOSP": true}' if not paid and rng.random() < 0.02 else "{}"
            instalments.append((
                new_id(), TENANT, policy_id, rata.number, rata.cassa, rata.total, rata.agent,
                rata.commission, paid, at, info, now, now,
            ))  # fmt: skip
    return policies, instalments


def _load(policies: list[tuple[object, ...]], instalments: list[tuple[object, ...]]) -> None:
    import psycopg

    with psycopg.connect(base._owner_dsn()) as conn, conn.cursor() as cur:
        with cur.copy(f"COPY policies ({base.POLICY_COLUMNS}) FROM STDIN") as copy:
            for row in policies:
                copy.write_row(row)
        with cur.copy(f"COPY policy_instalments ({INSTALMENT_COLUMNS}) FROM STDIN") as copy:
            for row in instalments:
                copy.write_row(row)
        cur.execute("ANALYZE policies")
        cur.execute("ANALYZE policy_instalments")


async def run() -> list[tuple[str, str, str, str]]:
    return await base.in_own_schema(_measure)


async def _measure() -> list[tuple[str, str, str, str]]:
    from sqlalchemy import delete, func, select

    from core.context import tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.domain.dunning.job import mark_due, remind_tenant, send_run
    from core.domain.dunning.plan import plan_of
    from core.domain.dunning.reminders import due_window
    from core.i18n import ROME
    from core.runtime import Runtime
    from core.settings import Settings

    runtime = Runtime.build(Settings())
    await upgrade(runtime.settings, runtime.pm)
    today = date.today()
    now = datetime.now(ROME)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            users = [
                m.User(email=f"agente{i}@bench.it", name=f"Agente {i}",
                       role={"a": {"type": "agente"}}, password_hash="x")
                for i in range(base.AGENTS)
            ]  # fmt: skip
            session.add_all(users)
            await session.flush()
            agent_ids = [u.id for u in users]
    began = time.perf_counter()
    policies, instalments = _rows(agent_ids, today)
    _load(policies, instalments)
    loaded = (len(policies), len(instalments))
    del policies, instalments
    print(f"loaded {loaded[0]:,} policies and {loaded[1]:,} instalments "
          f"in {time.perf_counter() - began:.1f} s")  # fmt: skip
    tenant = runtime.tenant(TENANT)
    assert tenant is not None
    plan = plan_of({})

    async def ours() -> int:
        """One run's selection, cover, marks and outbox mails, rolled back (to be run again)."""
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                found = await mark_due(session, runtime, tenant, plan, now)
                await send_run(runtime, session, found)  # the outbox rows; pushes: no queue here
                await session.rollback()
                return found.marked

    async def naive() -> int:
        """Every unpaid instalment through the ORM, filtered in Python for the same days."""
        wanted = {}
        for offset in plan.offsets:
            first, last = due_window(today, offset)
            wanted[offset] = (first, last)
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                rows = (await session.execute(
                    select(m.Instalment).where(m.Instalment.paid.is_(False))
                )).scalars().all()  # fmt: skip
                return sum(
                    1 for row in rows
                    if row.cassa_date is not None and not (row.info or {}).get("SOSP")
                    and any(a <= row.cassa_date <= b for a, b in wanted.values())
                )  # fmt: skip

    async def timed(call: object) -> tuple[float, float, int]:
        assert callable(call)
        times, result = [], 0
        for _ in range(RUNS):
            t0 = time.perf_counter()
            result = await call()
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        return statistics.median(times), times[-1], result

    await ours()  # warm the connections and the plans
    if os.environ.get("BENCH_PROFILE"):  # where one run's time goes
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.enable()
        await ours()
        profile.disable()
        pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    ours50, ours_max, marked = await timed(ours)
    naive50, naive_max, counted = await timed(naive)
    sent, each_ms = 0, []
    while True:  # the bound: MAX_PER_RUN a run, the rest at the next
        t0 = time.perf_counter()
        marked_now = await remind_tenant(runtime, TENANT, now)
        if not marked_now:
            break
        each_ms.append((time.perf_counter() - t0) * 1000)
        sent += marked_now
    runs, full_ms = len(each_ms), sum(each_ms)
    t0 = time.perf_counter()
    again = await remind_tenant(runtime, TENANT, now)
    again_ms = (time.perf_counter() - t0) * 1000
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            mails = (await session.execute(select(func.count(m.OutboxMail.id)))).scalar_one()
            await session.execute(delete(m.OutboxMail))
    assert sent >= marked, (sent, marked)
    assert again == 0, again
    await runtime.db.dispose()
    return [
        (f"one run: selection, cover, marks, outbox ({marked:,} reminders)",
         f"{ours50:.0f} / {ours_max:.0f}",
         f"{naive50:.0f} / {naive_max:.0f} ({counted:,} rows kept)", f"{naive50 / ours50:.1f}×"),
        (f"a day's runs to the end ({runs} runs, {sent:,} reminders, {mails:,} e-mails to the "
         "outbox)", f"{full_ms:.0f} ({' + '.join(f'{ms:.0f}' for ms in each_ms)})", "—", "—"),
        ("the same run again (nothing left: the selection alone)", f"{again_ms:.0f}", "—", "—"),
    ]  # fmt: skip


def main() -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    rows = asyncio.run(run())
    print()
    print(f"Dunning on PostgreSQL: {POLICIES:,} policies, ~{POLICIES * 6:,} instalments, one "
          f"tenant, {UNPAID_SHARE:.0%} of those due unpaid, days -7, 0, 7, 14")  # fmt: skip
    print()
    print("| figure | ours median / max (ms) | peer: every unpaid row loaded (ms) | peer ÷ ours |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
