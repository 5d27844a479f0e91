"""The portfolio import at a broker's scale, on SQLite and on PostgreSQL.

One CSV of 30,000 policies of 10,000 clients (three each), 20 of its rows bad in as many ways
(a fiscal code, a date, an amount, a product, instalments that do not sum to the premium, a key
twice…). Measures, through the engine the web's job and the CLI share
(:func:`core.domain.portfolio.jobs.run_import`): reading the file, the dry run (which must name
the 20 and write nothing), the import, and the same import again (which must change nothing).
The peer, measured in the same run on the same database: a plain bulk insert of the same
clients, policies and instalments (SQLAlchemy Core ``executemany``, no ORM, no checks, no audit,
no keys). Usage: ``python -m bench portfolio_import`` (``BENCH_DATABASE_URL`` for PostgreSQL,
default the local ``test`` database, in a throwaway schema; ``BENCH_PORTFOLIO_CLIENTS`` to make
fewer; ``BENCH_PORTFOLIO_PG=0`` for SQLite alone).
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
import tempfile
import time
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import structlog

from bench import policies as base

CLIENTS = int(os.environ.get("BENCH_PORTFOLIO_CLIENTS", "10000"))
POLICIES_EACH = 3
TENANT = base.TENANT
BAD_ROWS = 20
MIX = ("annuale",) * 12 + ("semestrale",) * 5 + ("quadrimestrale",) * 2 + ("mensile",)
"""A broker's book: 60 % annual, 25 % half-yearly, 10 % four-monthly, 5 % monthly (about 1.9
instalments a policy)."""
LIMIT_S = 60.0
HEADER = ("Codice cliente;Cliente;Codice fiscale;Email;Telefono;Compagnia;Numero polizza;"
          "Prodotto;Decorrenza;Scadenza;Premio;Frazionamento;Rate")  # fmt: skip
MAPPING = {
    "client_key": "Codice cliente", "name": "Cliente", "fiscal_code": "Codice fiscale",
    "email": "Email", "phone": "Telefono", "company": "Compagnia", "number": "Numero polizza",
    "product": "Prodotto", "start_date": "Decorrenza", "end_date": "Scadenza",
    "premium": "Premio", "frequency": "Frazionamento", "instalments": "Rate",
}  # fmt: skip
FIRST = ("Luca", "Giulia", "Marco", "Chiara", "Paolo", "Anna", "Franco", "Sara")
LAST = ("Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci")


def fiscal_code(n: int) -> str:
    """A valid codice fiscale, different for every ``n`` below 26**6."""
    from core.domain.products.fields.fiscal import cf_check_char

    letters = "".join(chr(65 + (n // 26**i) % 26) for i in range(6))
    body = f"{letters}{80 + n % 20:02d}A{1 + n % 28:02d}H501"
    return body + cf_check_char(body)


def build_file(clients: int = CLIENTS) -> tuple[bytes, list[int]]:
    """The CSV, and the lines of its bad rows (the header is line 1)."""
    rng = random.Random(11)
    lines = [HEADER]
    total = clients * POLICIES_EACH
    bad_at = set(rng.sample(range(10, total, 7), BAD_ROWS))  # never two in a row
    bad_lines: list[int] = []
    breakages = (
        lambda r: r.__setitem__(2, "RSSMRA80A01H50XZ"),  # fiscal code
        lambda r: r.__setitem__(8, "31/02/2024"),  # date
        lambda r: r.__setitem__(10, "12,34,56"),  # amount
        lambda r: r.__setitem__(7, "Prodotto inesistente"),  # product
        lambda r: r.__setitem__(12, "100,00|100,00"),  # instalments not summing
    )
    for n in range(total):
        client = n // POLICIES_EACH
        start = date(2025, 1 + n % 12, 1 + n % 28)
        premium = Decimal(20_000 + (n * 7919) % 230_000) / 100
        frequency = MIX[n % len(MIX)]
        row = [
            f"C{client:06d}", f"{FIRST[client % 8]} {LAST[(client // 8) % 8]} {client}",
            fiscal_code(client), f"cliente{client}@example.it", f"+39 333 {client:07d}",
            ("Allianz", "Generali", "UnipolSai")[n % 3], f"POL-{n:07d}",
            "RC Auto" if n % 2 else "", start.strftime("%d/%m/%Y"),
            start.replace(year=start.year + 1).strftime("%d/%m/%Y"),
            f"{premium:,.2f}".replace(",", "X").replace(".", ",").replace("X", "."),
            frequency, "",
        ]  # fmt: skip
        if n in bad_at:
            kind = len(bad_lines) % (len(breakages) + 1)
            if kind == len(breakages):  # a key twice: the number of the row before
                row[6] = f"POL-{n - 1:07d}"
                row[5] = ("Allianz", "Generali", "UnipolSai")[(n - 1) % 3]
            else:
                breakages[kind](row)
            bad_lines.append(n + 2)
        lines.append(";".join(row))
    return ("\n".join(lines) + "\n").encode(), sorted(bad_lines)


async def measure(label: str) -> list[tuple[str, str, str]]:
    """The rows of the table for the database ``DATABASE_URL`` names."""
    from sqlalchemy import delete, func, insert, select

    from core.auth.principal import Principal
    from core.context import acting_as, tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.db.types import new_id, utcnow
    from core.domain.portfolio.jobs import run_import
    from core.domain.portfolio.reader import read_table
    from core.runtime import Runtime
    from core.settings import Settings

    runtime = Runtime.build(Settings())
    await upgrade(runtime.settings, runtime.pm)
    admin = Principal(id="bench-admin", tenant_id=TENANT, roles={"admin": True})
    content, bad_lines = build_file()
    began = time.perf_counter()
    table = read_table(content, "portafoglio.csv")
    read_s = time.perf_counter() - began
    out: list[tuple[str, str, str]] = []
    rows = len(table.rows)
    with tenant_scope(TENANT), acting_as(None):
        async with runtime.db.session() as session:
            session.add(m.Product(name="RC Auto", line=None, fields=[], companies={}))
            source = m.ImportSource(name="Portale bench", mapping=MAPPING)
            session.add(source)
            await session.flush()
            source_id = source.id

        async def count() -> tuple[int, int, int]:
            async with runtime.db.session() as session:
                return (
                    int((await session.execute(select(func.count(m.Client.id)))).scalar_one()),
                    int((await session.execute(select(func.count(m.Policy.id)))).scalar_one()),
                    int((await session.execute(select(func.count(m.Instalment.id)))).scalar_one()),
                )

        async def timed(dry_run: bool) -> tuple[float, Any, Any]:
            began = time.perf_counter()
            counts, errors = await run_import(
                runtime.write_session, admin, source_id, table, MAPPING, dry_run=dry_run
            )
            return time.perf_counter() - began, counts, errors

        dry_s, _dry_counts, dry_errors = await timed(True)
        named = sorted({e.row for e in dry_errors})
        assert named == bad_lines, f"the dry run named {named[:30]}, not {bad_lines}"
        assert await count() == (0, 0, 0), "the dry run wrote"
        run_s, counts, _ = await timed(False)
        made = await count()
        again_s, again, _ = await timed(False)
        again_made = await count()
        assert again.changed == 0, again.wire()
        assert again_made == made, f"changed: {again.wire()} {made} {again_made}"

        # the peer: the same records, a plain bulk insert (Core executemany) in a clean table
        async with runtime.db.session() as session:
            await session.execute(delete(m.ImportKey))
            await session.execute(delete(m.Instalment))
            await session.execute(delete(m.Policy))
            await session.execute(delete(m.Client))
        now = utcnow()
        peer_began = time.perf_counter()
        clients: dict[str, dict[str, Any]] = {}
        policies: list[dict[str, Any]] = []
        instalments: list[dict[str, Any]] = []
        from core.domain.portfolio.engine import check_rows

        async with runtime.db.session() as session:
            checked = await check_rows(session, admin, table, MAPPING)
        for row in checked.rows:
            client = clients.get(row.client.key)
            if client is None:
                client = clients[row.client.key] = {
                    "id": new_id(), "tenant_id": TENANT, "name": row.client.name,
                    "fiscal_code": row.client.fiscal_code, "email": row.client.email,
                    "phone": row.client.phone, "data": {}, "created_at": now, "updated_at": now,
                }  # fmt: skip
            if row.policy is None:
                continue
            pid = new_id()
            p = row.policy
            policies.append({
                "id": pid, "tenant_id": TENANT, "company": p.company, "number": p.number,
                "number_key": p.number.upper(), "start_date": p.start_date,
                "end_date": p.end_date, "premium": p.premium, "frequency": p.frequency,
                "client_id": client["id"], "pr": {}, "quote": {}, "allegati": {},
                "purchase": {}, "rates": {}, "taxes": [], "created_at": now, "updated_at": now,
            })  # fmt: skip
            instalments.extend({
                "id": new_id(), "tenant_id": TENANT, "policy_id": pid, "number": k,
                "cassa_date": day, "total": amount, "info": {}, "created_at": now,
                "updated_at": now,
            } for k, (day, amount) in enumerate(p.instalments, start=1))  # fmt: skip
        async with runtime.db.session() as session:
            conn = await session.connection(execution_options={"tenant_unscoped": True})
            for table_, values in ((m.Client.__table__, list(clients.values())),
                                   (m.Policy.__table__, policies),
                                   (m.Instalment.__table__, instalments)):  # fmt: skip
                for start in range(0, len(values), 5000):
                    await conn.execute(insert(table_), values[start : start + 5000])  # type: ignore[arg-type]
        peer_s = time.perf_counter() - peer_began
    await runtime.db.dispose()

    def rate(seconds: float) -> str:
        return f"{rows / seconds:,.0f} rows/s"

    out.append((f"{label}: read the file ({rows:,} rows)", f"{read_s:.2f} s", rate(read_s)))
    out.append((f"{label}: dry run, {len(named)} bad rows named, nothing written",
                f"{dry_s:.2f} s", rate(dry_s)))  # fmt: skip
    out.append((f"{label}: import ({made[0]:,} clients, {made[1]:,} policies, "
                f"{made[2]:,} instalments)", f"{run_s:.2f} s", rate(run_s)))  # fmt: skip
    out.append((f"{label}: same file again ({again.changed} changes)", f"{again_s:.2f} s",
                rate(again_s)))  # fmt: skip
    out.append((f"{label}: peer, plain bulk insert of the same rows", f"{peer_s:.2f} s",
                rate(peer_s)))  # fmt: skip
    met = "met" if run_s + read_s < LIMIT_S else "NOT met"
    out.append((f"{label}: target, read + import under {LIMIT_S:.0f} s", met,
                f"{run_s / peer_s:.1f}x the peer"))  # fmt: skip
    assert counts.bad == BAD_ROWS
    return out


def _quiet() -> None:
    logging.disable(logging.WARNING)
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))


async def _sqlite() -> list[tuple[str, str, str]]:
    with tempfile.TemporaryDirectory() as folder:
        os.environ.update(
            ENVIRONMENT="test", SECRET_KEY="bench-secret-key-long-enough-for-hs256-signing",
            LOG_LEVEL="WARNING", SEED_DEMO="false", DAILY_JOBS="false",
            DATABASE_URL=f"sqlite+aiosqlite:///{Path(folder) / 'bench.db'}",
        )  # fmt: skip
        return await measure("SQLite")


def _print(rows: list[tuple[str, str, str]]) -> None:
    width = max(len(r[0]) for r in rows)
    print(f"\nportfolio import: {CLIENTS:,} clients, {CLIENTS * POLICIES_EACH:,} policies, "
          f"{BAD_ROWS} bad rows")  # fmt: skip
    load = ", ".join(f"{v:.1f}" for v in os.getloadavg())
    print(f"machine: {os.cpu_count()} cores, load average {load} at the end")
    print(f"{'measure':<{width}}  {'time':>9}  {'rate':>16}")
    for name, took, speed in rows:
        print(f"{name:<{width}}  {took:>9}  {speed:>16}")


def main() -> None:
    _quiet()
    rows = asyncio.run(_sqlite())
    if os.environ.get("BENCH_PORTFOLIO_PG", "1") != "0":
        rows += asyncio.run(base.in_own_schema(lambda: measure("PostgreSQL")))
    _print(rows)


if __name__ == "__main__":
    main()
