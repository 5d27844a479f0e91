"""Policies at scale on PostgreSQL: 50,000 policies and 300,000 instalments in one tenant.

Measures what the screens and the daily job run — the policies list query (the first 200 by
end date, with their instalments, as an admin and as an agent), the 16-day alert count and a
day's renewal run (then the same run again, which creates nothing) — each next to a peer
measured in the same run: the same SQL sent raw with psycopg as the owner (no ORM, no
row-level security, no tenant scoping). Usage: ``python -m bench policies``
(``BENCH_DATABASE_URL``, default the local ``test`` database; a throwaway schema is used).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import secrets
import statistics
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from typing import TypeVar

T = TypeVar("T")

POLICIES = int(os.environ.get("BENCH_POLICIES", "50000"))
AGENTS = 40
RUNS = int(os.environ.get("BENCH_RUNS", "30"))
TENANT = "assicurapp"
MIX = (("MEN", 0.4), ("QUAD", 0.2), ("SEM", 0.2), ("ANN", 0.2))  # 6 instalments a policy on average
BASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
SCHEMA = f"sportello_bench_{secrets.token_hex(4)}"


def _prepare_env() -> None:
    joiner = "&" if "?" in BASE_URL else "?"
    os.environ.update(
        ENVIRONMENT="test",
        DATABASE_URL=f"{BASE_URL}{joiner}options=-csearch_path%3D{SCHEMA}",
        SECRET_KEY="bench-secret-key-long-enough-for-hs256-signing",
        LOG_LEVEL="WARNING",
        SEED_DEMO="false",
        DAILY_JOBS="false",
    )


def _owner_dsn() -> str:
    from core.db.engine import owner_url
    from core.settings import Settings

    url = owner_url(Settings()).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


def _schema(action: str) -> None:
    import psycopg

    dsn = BASE_URL.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(
            f'{action} SCHEMA {"IF NOT EXISTS" if action == "CREATE" else "IF EXISTS"} "{SCHEMA}"'
            + (" CASCADE" if action == "DROP" else "")
        )


def _rows(
    agent_ids: list[str], today: date
) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Policies ending from 180 days ago to a year ahead, their instalments, and a ledger
    credit for every paid one."""
    from core.db.types import new_id
    from core.domain.commissions.rules import Rates, commission_on, split
    from core.domain.policies.schedule import add_months, schedule

    rng = random.Random(7)
    now = datetime.now(UTC)
    policies: list[tuple[object, ...]] = []
    instalments: list[tuple[object, ...]] = []
    ledger: list[tuple[object, ...]] = []
    names = ("Rossi", "Bianchi", "Verdi", "Esposito", "Romano", "Colombo", "Ricci", "Gallo")
    for n in range(POLICIES):
        policy_id = new_id()
        frequency = rng.choices([f for f, _ in MIX], [w for _, w in MIX])[0]
        end = today + timedelta(days=rng.randint(-180, 365))
        start = add_months(end, -12)
        premium = Decimal(rng.randint(20_000, 250_000)) / 100
        shares = split(commission_on(premium, Decimal(8)), Rates(Decimal(10)))
        agent = agent_ids[n % len(agent_ids)]
        pr = {"type": None, "aId": agent, "agId": None, "usrData": [
            {"_id": "Nome", "value": "Cliente"}, {"_id": "Cognome", "value": f"{names[n % 8]} {n}"},
            {"_id": "targa", "value": {"value": f"AB{n:05d}"}}]}  # fmt: skip
        policies.append((
            policy_id, TENANT, "Allianz" if n % 3 else "Generali", f"POL-{n:06d}", start, end,
            frequency, "bonifico", False, False, json.dumps(pr), "{}", "{}", "{}", premium,
            shares.agent, shares.commission, agent, now, now,
        ))  # fmt: skip
        for rata in schedule(premium, shares, frequency, start):
            paid = rata.cassa < today
            instalment_id = new_id()
            instalments.append((
                instalment_id, TENANT, policy_id, rata.number, rata.cassa, rata.total, rata.agent,
                rata.commission, paid, "{}", now, now,
            ))  # fmt: skip
            if paid:
                at = datetime.combine(rata.cassa, datetime.min.time(), tzinfo=UTC)
                net = (rata.agent * Decimal("0.77")).quantize(Decimal("0.01"))
                ledger.append((
                    new_id(), TENANT, agent, at, "provvigione", net, rata.agent,
                    rata.agent - net, f"Provvigione rata {rata.number}", policy_id,
                    instalment_id, f"provvigione:{instalment_id}:{agent}:0",
                ))  # fmt: skip
    return policies, instalments, ledger


POLICY_COLUMNS = (
    "id, tenant_id, company, number, start_date, end_date, frequency, payment_method, prepaid, "
    "paid, pr, quote, allegati, purchase, premium, agent_total, commission, agent_id, created_at, "
    "updated_at"
)
INSTALMENT_COLUMNS = (
    "id, tenant_id, policy_id, number, cassa_date, total, agent_total, commission, paid, info, "
    "created_at, updated_at"
)


LEDGER_COLUMNS = (
    "id, tenant_id, user_id, at, kind, amount, gross, withholding, description, policy_id, "
    "instalment_id, posting_key"
)


def _load(
    policies: list[tuple[object, ...]],
    instalments: list[tuple[object, ...]],
    ledger: list[tuple[object, ...]],
) -> None:
    import psycopg

    with psycopg.connect(_owner_dsn()) as conn, conn.cursor() as cur:
        with cur.copy(f"COPY policies ({POLICY_COLUMNS}) FROM STDIN") as copy:
            for row in policies:
                copy.write_row(row)
        with cur.copy(f"COPY policy_instalments ({INSTALMENT_COLUMNS}) FROM STDIN") as copy:
            for row in instalments:
                copy.write_row(row)
        with cur.copy(f"COPY balance_log ({LEDGER_COLUMNS}) FROM STDIN") as copy:
            for row in ledger:
                copy.write_row(row)
        cur.execute("ANALYZE policies")
        cur.execute("ANALYZE policy_instalments")
        cur.execute("ANALYZE balance_log")


async def _timed(call: Callable[[], Awaitable[object]], runs: int = RUNS) -> tuple[float, float]:
    for _ in range(3):
        await call()
    times: list[float] = []
    for _ in range(runs):
        began = time.perf_counter()
        await call()
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.99) - 1)]


async def in_own_schema(measure: Callable[[], Awaitable[T]]) -> T:
    """``measure()`` in a PostgreSQL schema of the bench's own, dropped after, whatever happens."""
    _prepare_env()
    _schema("CREATE")
    try:
        return await measure()
    finally:
        _schema("DROP")


async def run() -> list[tuple[str, str, str, str]]:
    return await in_own_schema(_measure)


async def _measure() -> list[tuple[str, str, str, str]]:
    import psycopg

    from core.auth.principal import Principal
    from core.context import tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.domain.commissions.balance import month_range, read_balance
    from core.domain.commissions.report import report_payload
    from core.domain.commissions.summary import rebuild
    from core.domain.policies.queries import alert_count, policies_page
    from core.domain.policies.renewals import renew_tenant
    from core.runtime import Runtime
    from core.settings import Settings

    runtime = Runtime.build(Settings())
    await upgrade(runtime.settings, runtime.pm)
    today = date.today()
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            users = [
                m.User(
                    email=f"agente{i}@bench.it",
                    name=f"Agente {i}",
                    role={"a": {"type": "agente"}},
                    password_hash="x",
                )
                for i in range(AGENTS)
            ]
            session.add_all(users)
            await session.flush()
            agent_ids = [u.id for u in users]
    began = time.perf_counter()
    policies, instalments, ledger = _rows(agent_ids, today)
    _load(policies, instalments, ledger)
    loaded = (len(policies), len(instalments))
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await rebuild(session)  # the rows went in around the ORM, which keeps the summary
    del policies, instalments, ledger  # 500,000 rows would otherwise slow every GC pass
    gc.collect()
    gc.freeze()  # as the server does once started (core/app.py)
    print(
        f"loaded {loaded[0]:,} policies and {loaded[1]:,} instalments "
        f"in {time.perf_counter() - began:.1f} s"
    )

    admin = Principal(id="bench-admin", tenant_id=TENANT, roles={"admin": True})
    agent = Principal(id=agent_ids[0], tenant_id=TENANT, roles={"a": {"type": "agente"}})

    async def listing(who: Principal) -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                found = await policies_page(session, who, limit=200, today=today)
                assert found, "no policy listed"

    async def counting() -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                await alert_count(session, admin, today)

    raw = await psycopg.AsyncConnection.connect(_owner_dsn(), autocommit=True)
    list_sql = "SELECT * FROM policies WHERE tenant_id = %(t)s ORDER BY end_date, id LIMIT 200"
    rate_sql = "SELECT * FROM policy_instalments WHERE policy_id = ANY(%(ids)s)"

    async def raw_listing() -> None:
        rows = await (await raw.execute(list_sql, {"t": TENANT})).fetchall()
        await (await raw.execute(rate_sql, {"ids": [r[0] for r in rows]})).fetchall()

    count_sql = (
        "SELECT count(*) FROM policies WHERE tenant_id = %(t)s AND type IS NULL "
        "AND end_date BETWEEN %(a)s AND %(b)s"
    )

    async def raw_counting() -> None:
        await raw.execute(count_sql, {"t": TENANT, "a": today, "b": today + timedelta(days=16)})

    year = (today - timedelta(days=365), today)
    month = month_range(today)

    async def reporting() -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                report = await report_payload(session, admin, *year)
                assert report["agents"], "no commission reported"

    async def ledger_reading() -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                await read_balance(session, admin, agent_ids[0], *month)

    report_sql = (
        "SELECT p.agent_id, sum(i.agent_total), sum(CASE WHEN i.paid THEN i.agent_total END) "
        "FROM policy_instalments i JOIN policies p ON p.id = i.policy_id "
        "WHERE i.tenant_id = %(t)s AND i.cassa_date BETWEEN %(a)s AND %(b)s GROUP BY p.agent_id"
    )

    async def raw_reporting() -> None:
        await raw.execute(report_sql, {"t": TENANT, "a": year[0], "b": year[1]})

    opening_sql = "SELECT sum(amount) FROM balance_log WHERE user_id = %(u)s AND at < %(a)s"
    entries_sql = (
        "SELECT * FROM balance_log WHERE user_id = %(u)s AND at >= %(a)s AND at < %(b)s "
        "ORDER BY at, id"
    )

    async def raw_ledger() -> None:
        args = {"u": agent_ids[0], "a": month[0], "b": month[1] + timedelta(days=1)}
        await raw.execute(opening_sql, args)
        await (await raw.execute(entries_sql, args)).fetchall()

    rows: list[tuple[str, str, str, str]] = []
    for name, ours, peer in (
        ("policies list, admin (200 + instalments)", lambda: listing(admin), raw_listing),
        ("policies list, agent (200 + instalments)", lambda: listing(agent), raw_listing),
        ("16-day alert count", counting, raw_counting),
        ("commissions report, a year, all agents", reporting, raw_reporting),
        ("one agent's month ledger", ledger_reading, raw_ledger),
    ):
        p50, p99 = await _timed(ours)
        peer50, _ = await _timed(peer)
        rows.append((name, f"{p50:.1f} / {p99:.1f}", f"{peer50:.1f}", f"{p50 / peer50:.1f}×"))

    # the renewal run: the peer is one INSERT … SELECT of the same rows, rolled back
    window = 30
    peer_sql = (
        "INSERT INTO quotes (id, tenant_id, status, renew, renew_of, agent_id, usr_data, car, "
        "price, quote, prodotto, allegati, archived, at, created_at, updated_at) "
        "SELECT md5(random()::text), tenant_id, 'Preventivo di rinnovo', true, id, agent_id, "
        "'[]', '{}', '{}', '{}', '{}', '{}', false, now(), now(), now() FROM policies p "
        "WHERE tenant_id = %(t)s AND type IS NULL AND end_date BETWEEN %(a)s AND %(b)s "
        "AND NOT EXISTS (SELECT 1 FROM quotes q WHERE q.renew_of = p.id)"
    )
    async with raw.transaction(force_rollback=True):
        began = time.perf_counter()
        cursor = await raw.execute(
            peer_sql, {"t": TENANT, "a": today, "b": today + timedelta(days=window)}
        )
        peer_ms = (time.perf_counter() - began) * 1000
        expected = cursor.rowcount
    began = time.perf_counter()
    created = await renew_tenant(runtime, TENANT, today, claim=False)
    first_ms = (time.perf_counter() - began) * 1000
    assert created == expected, (created, expected)
    began = time.perf_counter()
    again = await renew_tenant(runtime, TENANT, today, claim=False)
    second_ms = (time.perf_counter() - began) * 1000
    assert again == 0
    rows.append(
        (
            f"renewal run ({created:,} quotes created)",
            f"{first_ms:.0f}",
            f"{peer_ms:.0f}",
            f"{first_ms / peer_ms:.1f}×",
        )
    )
    rows.append(("renewal run again (creates nothing)", f"{second_ms:.0f}", "—", "—"))
    await raw.close()
    await runtime.db.dispose()
    return rows


def main() -> None:
    rows = asyncio.run(run())
    print()
    print(
        f"Policies on PostgreSQL: {POLICIES:,} policies, ~{POLICIES * 6:,} instalments, one tenant"
    )
    print()
    print("| figure | ours p50 / p99 (ms) | peer p50 (ms): raw SQL, owner, no ORM | ratio |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
