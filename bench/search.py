"""The top bar's search at a broker's scale on PostgreSQL, and at the demo's size on SQLite.

Seeds one tenant on PostgreSQL with 100,000 clients, 300,000 policies, 100,000 quotes and
20,000 claims (bulk ``COPY``, the policies bench's schema and helpers), 40 agents. Runs 200
searches of mixed kinds (a surname, a full name, part of a fiscal code, a Partita IVA, a phone,
an e-mail, a policy number, a plate) as an agent and as an admin through
:func:`core.domain.search.queries.search`, every group each time, and reads p50 / p99. The
peer, measured in the same run on the same rows: the same searches once the trigram indexes are
dropped (every group a scan). Then checks with ``EXPLAIN`` that the plans use the indexes, and
times the same searches on SQLite over the demo data. Usage: ``python -m bench search``
(``BENCH_DATABASE_URL``, default the local ``test`` database; a throwaway schema is used;
``BENCH_CLIENTS`` to seed fewer).
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import os
import random
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, date, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import structlog

from bench import policies as base

CLIENTS = int(os.environ.get("BENCH_CLIENTS", "100000"))
POLICIES_EACH = 3
CLAIM_EVERY = 15  # one policy in 15 has a claim
SEARCHES = int(os.environ.get("BENCH_SEARCHES", "200"))
PEER_SEARCHES = max(10, SEARCHES // 5)  # a scan each: fewer of them
TENANT = base.TENANT
FIRST = ("Luca", "Giulia", "Marco", "Chiara", "Paolo", "Anna", "Franco", "Sara", "Enzo", "Marta")
LAST = (
    "Rossi", "Russo", "Ferrari", "Esposito", "Bianchi", "Romano", "Colombo", "Ricci", "Marino",
    "Greco", "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo",
)  # fmt: skip
CLIENT_COLUMNS = (
    "id, tenant_id, agent_id, owner_agent_id, name, fiscal_code, email, phone, data, "
    "created_at, updated_at"
)
POLICY_COLUMNS = f"{base.POLICY_COLUMNS}, client_id"
QUOTE_COLUMNS = (
    "id, tenant_id, agent_id, client_id, status, archived, renew, at, usr_data, car, price, "
    "quote, prodotto, allegati, created_at, updated_at"
)
CLAIM_COLUMNS = (
    "id, tenant_id, agent_id, client_id, policy_id, policy_number, company, customer, "
    "event_date, known_on, place, description, counterparties, reserve, paid, status, history, "
    "opened_by, opened_at, alerts_sent, allegati, created_at, updated_at"
)
Row = tuple[object, ...]


def _person(n: int) -> tuple[str, str, str, str, str]:
    """Client ``n``'s name, fiscal code (a Partita IVA one in ten), e-mail, phone and plate."""
    first, last = FIRST[n % len(FIRST)], LAST[(n // len(FIRST)) % len(LAST)]
    name = f"{first} {last} {n}" if n % 10 else f"Officina {last} {n} S.r.l."
    code = f"{n:011d}" if n % 10 == 0 else f"{last[:3].upper()}{first[:3].upper()}{n:010d}"
    plate = f"{chr(65 + n % 26)}{chr(65 + n // 26 % 26)}{n % 1000:03d}{chr(65 + n // 676 % 26)}Z"
    return name, code, f"cliente{n}@example.it", f"+39 3{n:09d}", plate


def _usr(name: str, code: str, email: str, phone: str, plate: str) -> list[dict[str, str]]:
    return [
        {"_id": "nome", "value": name}, {"_id": "cf", "value": code},
        {"_id": "email", "value": email}, {"_id": "cellulare", "value": phone},
        {"_id": "targa", "value": plate},
    ]  # fmt: skip


def _rows(agent_ids: list[str], today: date) -> dict[str, list[Row]]:
    from core.db.types import new_id

    rng = random.Random(17)
    now = datetime.now(UTC)
    rows: dict[str, list[Row]] = {"clients": [], "policies": [], "quotes": [], "claims": []}
    n_policy = 0
    for n in range(CLIENTS):
        agent = agent_ids[n % len(agent_ids)]
        name, code, email, phone, plate = _person(n)
        client_id = new_id()
        data = {"plates": [plate], "plateIndex": f"|{plate}|"}
        rows["clients"].append(
            (client_id, TENANT, agent, agent, name, code, email, phone, json.dumps(data), now, now)
        )
        usr = _usr(name, code, email, phone, plate)
        rows["quotes"].append((
            new_id(), TENANT, agent, client_id, "Approvato dalla direzione", False, False,
            now - timedelta(days=rng.randint(0, 700)), json.dumps(usr), "{}", "{}", "{}", "{}",
            "{}", now, now,
        ))  # fmt: skip
        for _ in range(POLICIES_EACH):
            policy_id, number = new_id(), f"POL-{n_policy:07d}"
            end = today + timedelta(days=rng.randint(-300, 365))
            premium = Decimal(rng.randint(20_000, 250_000)) / 100
            pr = {"aId": agent, "usrData": usr}
            rows["policies"].append((
                policy_id, TENANT, "Allianz" if n_policy % 3 else "Generali", number,
                end - timedelta(days=365), end, "ANN", "bonifico", False, True, json.dumps(pr),
                "{}", "{}", "{}", premium, premium / 10, premium / 8, agent, now, now, client_id,
            ))  # fmt: skip
            if n_policy % CLAIM_EVERY == 0:
                event = today - timedelta(days=rng.randint(1, 600))
                rows["claims"].append((
                    new_id(), TENANT, agent, client_id, policy_id, number, "Allianz", name, event,
                    event, "Milano", "Tamponamento", "[]", 0, 0, "aperto", "[]", "agente", now,
                    "[]", "{}", now, now,
                ))  # fmt: skip
            n_policy += 1
    return rows


def _load(rows: dict[str, list[Row]]) -> None:
    import psycopg

    columns = {
        "clients": CLIENT_COLUMNS, "quotes": QUOTE_COLUMNS, "policies": POLICY_COLUMNS,
        "claims": CLAIM_COLUMNS,
    }  # fmt: skip
    with psycopg.connect(base._owner_dsn()) as conn, conn.cursor() as cur:
        for table in ("clients", "quotes", "policies", "claims"):
            with cur.copy(f"COPY {table} ({columns[table]}) FROM STDIN") as copy:
                for row in rows[table]:
                    copy.write_row(row)
            cur.execute(f"ANALYZE {table}")


def searches(count: int, clients: int, seed: int = 5) -> list[str]:
    """``count`` texts of mixed kinds, about clients below ``clients``."""
    rng = random.Random(seed)
    texts = []
    for i in range(count):
        n = rng.randrange(clients)
        name, code, email, phone, plate = _person(n)
        kind = i % 8
        texts.append(
            (
                LAST[rng.randrange(len(LAST))], name, code[-8:], f"{n * 10:011d}",
                phone[-7:], email.split("@")[0], f"POL-{n * POLICIES_EACH:07d}", plate,
            )[kind]
        )  # fmt: skip
    return texts


Search = Callable[[str], Awaitable[dict[str, Any]]]


async def _percentiles(search: Search, texts: list[str]) -> tuple[float, float, int]:
    """p50 and p99 in ms over ``texts`` (two warm-up searches first), and the hits found."""
    for text in texts[:2]:
        await search(text)
    times, hits = [], 0
    for text in texts:
        began = time.perf_counter()
        found = await search(text)
        times.append((time.perf_counter() - began) * 1000)
        hits += sum(len(group["results"]) for group in found["groups"])
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.99) - 1)], hits


def _searcher(runtime: Any, who: Any, *, at_once: bool = True) -> Search:
    """The search as ``GET /api/cerca`` runs it (its groups at once, on side sessions), or with
    ``at_once`` false its groups one after the other on the request's session."""
    from core.context import tenant_scope
    from core.domain.search.queries import DEFAULT_LIMIT, search

    side = runtime.read_session if at_once else None

    async def one(text: str) -> dict[str, Any]:
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                return await search(
                    session, who, text, DEFAULT_LIMIT, date.today(), side_sessions=side
                )

    return one


def _plans(text: str) -> dict[str, list[str]]:
    """Each ``search_<table>_ids`` function → the indexes its query's plan uses for ``text``
    (``EXPLAIN`` of the query its ``search_<table>_sql`` gives, with the patterns and the
    settings it runs with)."""
    import re

    import psycopg

    from core.db.like import escape_like, word_patterns
    from core.domain.clients.derive import normal_plate

    patterns = word_patterns(text)
    plate = f"%|{escape_like(normal_plate(text))}%"

    def literal(value: str) -> str:
        return "'" + value.replace("'", "''") + "'"

    def value(match: re.Match[str]) -> str:
        if match.group(0) == "$1":
            return literal(TENANT)
        if match.group(0) == "$3":
            return literal(plate)
        return literal(patterns[int(match.group(1)) - 1])

    used: dict[str, list[str]] = {}
    with psycopg.connect(base._owner_dsn(), autocommit=True) as conn:
        conn.execute("SET enable_seqscan = off")
        conn.execute(f'SET search_path = "{base.SCHEMA}"')
        for table in ("clients", "quotes", "policies", "claims"):
            extra = ", %s" if table == "clients" else ""
            args = (patterns, plate) if table == "clients" else (patterns,)
            row = conn.execute(f"SELECT search_{table}_sql(%s::text[]{extra})", args).fetchone()
            assert row is not None
            query = re.sub(r"\$2\[(\d+)\]|\$1|\$3", value, str(row[0]))
            plan = "\n".join(line for (line,) in conn.execute(f"EXPLAIN {query}"))
            used[f"search_{table}_ids"] = sorted(set(re.findall(r"ix_\w+_trgm", plan)))
    return used


def _drop_search_indexes() -> None:
    import psycopg

    from core.db.search_indexes import SUFFIX

    with psycopg.connect(base._owner_dsn(), autocommit=True) as conn:
        names = conn.execute(
            "SELECT indexname FROM pg_indexes WHERE schemaname = %s AND indexname LIKE %s",
            (base.SCHEMA, f"%{SUFFIX}"),
        ).fetchall()
        for (name,) in names:
            conn.execute(f'DROP INDEX "{base.SCHEMA}"."{name}"')


async def run_pg() -> list[tuple[str, str, str, str]]:
    return await base.in_own_schema(_measure_pg)


async def _measure_pg() -> list[tuple[str, str, str, str]]:
    from core.auth.principal import Principal
    from core.context import tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.runtime import Runtime
    from core.settings import Settings

    runtime = Runtime.build(Settings())
    await upgrade(runtime.settings, runtime.pm)
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
    rows = _rows(agent_ids, date.today())
    _load(rows)
    sizes = {table: len(found) for table, found in rows.items()}
    del rows
    gc.collect()
    gc.freeze()
    print(f"loaded {sizes['clients']:,} clients, {sizes['policies']:,} policies, "
          f"{sizes['quotes']:,} quotes, {sizes['claims']:,} claims "
          f"in {time.perf_counter() - began:.1f} s")  # fmt: skip
    admin = Principal(id="bench-admin", tenant_id=TENANT, roles={"admin": True})
    agent = Principal(id=agent_ids[0], tenant_id=TENANT, roles={"a": {"type": "agente"}})
    texts = searches(SEARCHES, CLIENTS)
    # the agent's own clients are every 40th: search those half the time
    own = searches(SEARCHES, CLIENTS // base.AGENTS, seed=6)
    agent_texts = [t if i % 2 else own[i] for i, t in enumerate(texts)]
    used = _plans(texts[1])
    figures = {
        "admin": await _percentiles(_searcher(runtime, admin), texts),
        "agent": await _percentiles(_searcher(runtime, agent), agent_texts),
    }
    apart = {
        "admin": await _percentiles(_searcher(runtime, admin, at_once=False), texts),
        "agent": await _percentiles(_searcher(runtime, agent, at_once=False), agent_texts),
    }
    header = "| the same searches | groups at once p50 / p99 (ms) | one after the other p50 / p99 |"
    print(f"\n{header}")
    print("|---|---:|---:|")
    for who in ("agent", "admin"):
        print(f"| {who} | {figures[who][0]:.1f} / {figures[who][1]:.1f} | "
              f"{apart[who][0]:.1f} / {apart[who][1]:.1f} |")  # fmt: skip
    _drop_search_indexes()
    peers = {
        "admin": await _percentiles(_searcher(runtime, admin), texts[:PEER_SEARCHES]),
        "agent": await _percentiles(_searcher(runtime, agent), agent_texts[:PEER_SEARCHES]),
    }
    await runtime.db.dispose()
    for function, indexes in sorted(used.items()):
        print(f"{function}({texts[1]!r}) reads {', '.join(indexes) or 'no trigram index'}")
    return [
        (f"{who}, {SEARCHES} searches ({figures[who][2]:,} results)",
         f"{figures[who][0]:.1f} / {figures[who][1]:.1f}",
         f"{peers[who][0]:.0f} / {peers[who][1]:.0f} ({PEER_SEARCHES} searches)",
         f"{peers[who][0] / figures[who][0]:.0f}×")
        for who in ("agent", "admin")
    ]  # fmt: skip


async def run_sqlite() -> tuple[str, str, str, str]:
    """The same mix of searches on SQLite over the demo data, as the demo's admin and agent."""
    from sqlalchemy import select

    from core.auth.service import principal_of
    from core.context import tenant_scope
    from core.db import models as m
    from core.db.migrate import upgrade
    from core.demo.seed import seed_demo
    from core.runtime import Runtime
    from core.settings import Settings

    with tempfile.TemporaryDirectory() as folder:
        os.environ.update(
            DATABASE_URL=f"sqlite+aiosqlite:///{Path(folder) / 'demo.db'}", DATA_DIR=folder
        )
        runtime = Runtime.build(Settings())
        await upgrade(runtime.settings, runtime.pm)
        await seed_demo(runtime)
        with tenant_scope(TENANT):
            async with runtime.db.session() as session:
                demo = (await session.execute(select(m.Client))).scalars().all()
                users = (await session.execute(select(m.User))).scalars().all()
                numbers = (await session.execute(select(m.Policy.number))).scalars().all()
        texts = [
            text for client in demo for text in (
                client.name, client.name.split()[-1], (client.fiscal_code or "xx")[:6],
                *(client.data or {}).get("plates", [])[:1],
            )
        ] + [number for number in numbers if number][:10]  # fmt: skip
        texts = [texts[i % len(texts)] for i in range(SEARCHES)]
        by_mail = {u.email: principal_of(u) for u in users}
        results = [
            await _percentiles(_searcher(runtime, by_mail[f"{who}@demo.it"]), texts)
            for who in ("agente", "admin")
        ]
        await runtime.db.dispose()
    p50 = max(r[0] for r in results)
    p99 = max(r[1] for r in results)
    return (f"SQLite, the demo ({len(demo)} clients, {len(numbers)} policies), agent and admin",
            f"{p50:.1f} / {p99:.1f}", "—", "—")  # fmt: skip


def main() -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    rows = asyncio.run(run_pg())
    rows.append(asyncio.run(run_sqlite()))
    print()
    print(f"Search on PostgreSQL: {CLIENTS:,} clients, {CLIENTS * POLICIES_EACH:,} policies, "
          f"{CLIENTS:,} quotes, {CLIENTS * POLICIES_EACH // CLAIM_EVERY:,} claims, one tenant, "
          f"{base.AGENTS} agents; every group, 5 results each")  # fmt: skip
    print()
    print("| figure | ours p50 / p99 (ms) | peer: no trigram index, p50 / p99 (ms) | peer ÷ ours |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
