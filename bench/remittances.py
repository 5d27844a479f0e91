"""Remittances at scale on PostgreSQL: a 50,000-policy tenant (about 300,000 instalments, most
of those due so far paid by transfer on their cassa date, and a share of single-payment
policies paid on their start), two companies.

Measures the screen's figures for a company's month (the totals summed by the database and
the first 1,000 rows) and the remittance statement of that month (every row read, then the
XLSX written; the PDF, bounded to its first 3,000 rows, apart), each next to a peer measured in
the same run: the month's plain SQL sum (count, gross, commission) sent raw with psycopg as the
owner (no ORM, no row-level security, no tenant scoping). Usage: ``python -m bench remittances``
(``BENCH_DATABASE_URL``, default the local ``test`` database; a throwaway schema is used).
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
from datetime import UTC, date, datetime, timedelta
from datetime import time as day_time
from decimal import Decimal

from bench.policies import (
    POLICIES,
    RUNS,
    TENANT,
    _owner_dsn,
    _timed,
    in_own_schema,
)

MIX = (("MEN", 0.4), ("QUAD", 0.2), ("SEM", 0.2), ("ANN", 0.15), ("UNICO", 0.05))
COMPANY = "Allianz"

POLICY_COLUMNS = (
    "id, tenant_id, company, number, number_key, start_date, end_date, frequency, "
    "payment_method, prepaid, paid, paid_at, pr, quote, allegati, purchase, premium, "
    "net_premium, tax_total, commission, agent_total, created_at, updated_at"
)
INSTALMENT_COLUMNS = (
    "id, tenant_id, policy_id, number, cassa_date, total, net, tax, agent_total, commission, "
    "paid, paid_at, paid_method, info, created_at, updated_at"
)


def _rows(today: date) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """Policies ending from 180 days ago to a year ahead and their instalments; those due
    before today paid at noon of their cassa date (single payments on their start)."""
    from core.db.types import new_id
    from core.domain.commissions.rules import Rates, commission_on, split
    from core.domain.policies.schedule import add_months, schedule

    rng = random.Random(11)
    now = datetime.now(UTC)
    policies: list[tuple[object, ...]] = []
    instalments: list[tuple[object, ...]] = []
    names = ("Rossi", "Bianchi", "Verdi", "Esposito", "Romano", "Colombo", "Ricci", "Gallo")
    for n in range(POLICIES):
        policy_id = new_id()
        frequency = rng.choices([f for f, _ in MIX], [w for _, w in MIX])[0]
        end = today + timedelta(days=rng.randint(-180, 365))
        start = add_months(end, -12)
        premium = Decimal(rng.randint(20_000, 250_000)) / 100
        net = (premium / Decimal("1.2225")).quantize(Decimal("0.01"))
        shares = split(commission_on(net, Decimal(8)), Rates(Decimal(10)))
        pr = {"usrData": [{"_id": "Nome", "value": "Cliente"},
                          {"_id": "Cognome", "value": f"{names[n % 8]} {n}"}]}  # fmt: skip
        number = f"POL-{n:06d}"
        single = frequency == "UNICO"
        paid_at = datetime.combine(start, day_time(12), tzinfo=UTC) if single else None
        policies.append((
            policy_id, TENANT, COMPANY if n % 3 else "Generali", number, number, start, end,
            frequency, "bonifico", False, single and start < today, paid_at, json.dumps(pr),
            "{}", "{}", "{}", premium, net, premium - net, shares.commission, shares.agent, now,
            now,
        ))  # fmt: skip
        for rata in schedule(premium, shares, frequency, start, net):
            paid = rata.cassa < today
            at = datetime.combine(rata.cassa, day_time(12), tzinfo=UTC) if paid else None
            instalments.append((
                new_id(), TENANT, policy_id, rata.number, rata.cassa, rata.total, rata.net,
                rata.tax, rata.agent, rata.commission, paid, at, "bonifico" if paid else None,
                "{}", now, now,
            ))  # fmt: skip
    return policies, instalments


def _load(policies: list[tuple[object, ...]], instalments: list[tuple[object, ...]]) -> None:
    import psycopg

    with psycopg.connect(_owner_dsn()) as conn, conn.cursor() as cur:
        with cur.copy(f"COPY policies ({POLICY_COLUMNS}) FROM STDIN") as copy:
            for row in policies:
                copy.write_row(row)
        with cur.copy(f"COPY policy_instalments ({INSTALMENT_COLUMNS}) FROM STDIN") as copy:
            for row in instalments:
                copy.write_row(row)
        cur.execute("ANALYZE policies")
        cur.execute("ANALYZE policy_instalments")


async def run() -> tuple[list[tuple[str, str, str, str]], int]:
    return await in_own_schema(_measure)


async def _measure() -> tuple[list[tuple[str, str, str, str]], int]:
    import psycopg

    from core.auth.principal import Principal
    from core.context import tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.domain.commissions.balance import month_range
    from core.domain.remittances import statement, views
    from core.domain.remittances.figures import EXPORT_ROWS, PDF_ROWS, period_totals
    from core.i18n import rome_day_start
    from core.runtime import Runtime
    from core.settings import Settings

    runtime = Runtime.build(Settings())
    await upgrade(runtime.settings, runtime.pm)
    today = date.today()
    began = time.perf_counter()
    policies, instalments = _rows(today)
    _load(policies, instalments)
    loaded = (len(policies), len(instalments))
    del policies, instalments
    gc.collect()
    gc.freeze()
    print(
        f"loaded {loaded[0]:,} policies and {loaded[1]:,} instalments "
        f"in {time.perf_counter() - began:.1f} s"
    )
    first, last = month_range(today.replace(day=1) - timedelta(days=1))  # last month
    admin = Principal(id="bench-admin", tenant_id=TENANT, roles={"admin": True})
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            totals = await period_totals(session, COMPANY, first, last)
            remittance = m.Remittance(
                company=COMPANY, period_from=first, period_to=last, rows=totals.rows,
                gross=totals.gross, commission=totals.commission, amount=totals.amount,
            )  # fmt: skip
            session.add(remittance)
    assert totals.rows > 0, "no collection in the month"

    async def figures() -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                found = await views.figures(session, admin, COMPANY, first, last)
                assert found["totals"]["rows"] == totals.rows

    async def statement_xlsx() -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                built = await statement.build(session, remittance, EXPORT_ROWS)
                assert len(built.rows) == totals.rows
                statement.xlsx(built)

    async def statement_pdf() -> None:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                built = await statement.build(session, remittance, PDF_ROWS)
                statement.pdf(built, "Bench")

    raw = await psycopg.AsyncConnection.connect(_owner_dsn(), autocommit=True)
    sum_sql = (
        "SELECT count(*), sum(i.total), sum(i.commission) FROM policy_instalments i "
        "JOIN policies p ON p.id = i.policy_id WHERE p.company = %(c)s AND i.paid "
        "AND i.paid_at >= %(a)s AND i.paid_at < %(b)s"
    )
    args = {"c": COMPANY, "a": rome_day_start(first), "b": rome_day_start(last + timedelta(1))}

    async def raw_sum() -> None:
        await (await raw.execute(sum_sql, args)).fetchall()

    rows: list[tuple[str, str, str, str]] = []
    peer50, _ = await _timed(raw_sum)
    for name, ours, runs in (
        ("month figures (totals + first 1,000 rows)", figures, RUNS),
        (f"statement XLSX, all {totals.rows:,} rows", statement_xlsx, 5),
        (f"statement PDF (first {min(PDF_ROWS, totals.rows):,} rows)", statement_pdf, 5),
    ):
        p50, p99 = await _timed(ours, runs)
        rows.append((name, f"{p50:.0f} / {p99:.0f}", f"{peer50:.1f}", f"{p50 / peer50:.1f}×"))
    await raw.close()
    await runtime.db.dispose()
    return rows, totals.rows


def main() -> None:
    rows, month_rows = asyncio.run(run())
    print()
    print(
        f"Remittances on PostgreSQL: {POLICIES:,} policies, ~{POLICIES * 6:,} instalments, "
        f"one tenant; {COMPANY}'s last month: {month_rows:,} collected rows"
    )
    print()
    print("| figure | ours p50 / p99 (ms) | peer p50 (ms): the month's SQL sum, raw | ratio |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
