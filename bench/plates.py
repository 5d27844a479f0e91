"""The plates register at scale: 100,000 plates in one tenant, on SQLite and PostgreSQL.

``python -m bench plates`` (or ``python -m bench.plates``) loads ``BENCH_PLATES`` plates
(default 100,000; ``BENCH_DEALER_PLATES``, default 20,000, filed under one dealer, the rest
under 39 other agents), each owned by one of half as many people, and measures, through the
line's own code and the app's sessions:

* the register's search (``plugins.rca.register.search_plates``: the first 50 by plate) by
  plate prefix, by the owner's name (a surname, its first letters, a first name, name and
  surname) and by fiscal code, as an admin and as the dealer, each search timed once after
  a first pass over the same searches (the indexes' pages in memory, as in a server that
  runs) — next to the peer, the same search done naively, ``LIKE '%term%'`` on plate, owner
  and fiscal code, in the same run;
* the stream's cold sync for the dealer (the ``rca/targhe`` sync loader: 20,000 payloads),
  next to the peer that reads the same plates as ORM objects and serialises them.

The rows are loaded around the ORM, then analysed (and on PostgreSQL vacuumed, as
autovacuum leaves a loaded table). Each database runs in a process of its own: SQLite in a
throwaway folder, PostgreSQL in a throwaway schema of ``BENCH_DATABASE_URL`` (default the
local ``test`` database); ``BENCH_DB`` picks them (default ``sqlite,postgresql``).
``BENCH_RUNS`` searches per figure (default 200; the peer a quarter of them),
``BENCH_SYNC_RUNS`` syncs (default 10).
"""

from __future__ import annotations

import asyncio
import gc
import json
import math
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from datetime import UTC, date, datetime, timedelta
from types import SimpleNamespace
from typing import Any

import msgspec

PLATES = int(os.environ.get("BENCH_PLATES", "100000"))
DEALER_PLATES = int(os.environ.get("BENCH_DEALER_PLATES", "20000"))
AGENTS = 40
RUNS = int(os.environ.get("BENCH_RUNS", "200"))
SYNC_RUNS = int(os.environ.get("BENCH_SYNC_RUNS", "10"))
PEER_RUNS = max(3, RUNS // 4)
"""The peer scans the whole register: a quarter of the searches is enough to time it."""
DATABASES = os.environ.get("BENCH_DB", "sqlite,postgresql").split(",")
BASE_URL = os.environ.get("BENCH_DATABASE_URL", "postgresql+psycopg://postgres@127.0.0.1:5432/test")
TENANT = "rcadealer"
SCHEMA = f"sportello_bench_{secrets.token_hex(4)}"
LETTERS = "ABCDEFGHJKLMNPRSTVWXYZ"
# fmt: off
FIRST_NAMES = (
    "Mario", "Luca", "Giulia", "Paolo", "Chiara", "Francesco", "Sara", "Marco", "Anna",
    "Giuseppe", "Laura", "Andrea", "Elena", "Davide", "Martina", "Matteo", "Federica",
    "Alessandro", "Silvia", "Roberto", "Valentina", "Stefano", "Francesca", "Simone", "Alessia",
    "Lorenzo", "Giorgia", "Antonio", "Elisa", "Riccardo", "Ilaria", "Fabio", "Monica",
    "Emanuele", "Serena", "Daniele", "Claudia", "Nicola", "Beatrice", "Tommaso",
)
ROOTS = (
    "Ross", "Bianc", "Russ", "Ferr", "Espos", "Roman", "Colomb", "Ricc", "Marin", "Gren",
    "Brun", "Gall", "Cont", "Mancin", "Costa", "Giordan", "Rizz", "Lombard", "Morett",
    "Barbier", "Fontan", "Santor", "Mariott", "Rinald", "Ferrar", "Galli", "Martin", "Leon",
    "Longh", "Gentil", "Martinell", "Vitale", "Lombardell", "Serr", "Coppol", "DeSantis",
    "DAngel", "Marchett", "Parisi", "Villa", "Conte", "Ferrett", "Cattane", "Fabbr",
    "Pellegrin", "Palumb", "Sanna", "Farin", "Rinaldell", "Monti", "Grasso", "Valent", "Bellin",
    "Cristian", "Messin", "Testa", "Cirill", "Amat", "Guerr", "Sorrent", "Orland", "Negr",
    "Basil", "Pagan", "Donat", "Montanar", "Bernardin", "Piras", "Fior", "Carbon", "Benedett",
    "Bianch", "Mazz", "Silvestr", "Mele", "Ruggier", "Caputo", "Bruno", "Pace", "Sartor",
    "Ceccarell", "Bellucc", "Vitall", "Gatt", "Ferracin", "Leonett", "Moro",
)
# fmt: on
SUFFIXES = ("i", "o", "a", "ini", "elli", "etti", "ucci", "one", "ato", "ese")


def _plate(rng: random.Random) -> str:
    pick = rng.choice
    return f"{pick(LETTERS)}{pick(LETTERS)}{rng.randint(0, 999):03d}{pick(LETTERS)}{pick(LETTERS)}"


def _code(rng: random.Random) -> str:
    """A fiscal code's shape (check letter not computed: the search does not care)."""
    letters = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(6))
    year, month, day = rng.randint(0, 99), rng.choice("ABCDEHLMPRST"), rng.randint(1, 71)
    return f"{letters}{year:02d}{month}{day:02d}H{rng.randint(100, 999)}X"


def people(count: int, rng: random.Random) -> list[tuple[str, str]]:
    """``(name, fiscal code)`` of ``count`` people: 40 first names, 900 surnames."""
    found = []
    for _ in range(count):
        name = f"{rng.choice(FIRST_NAMES)} {rng.choice(ROOTS)}{rng.choice(SUFFIXES)}"
        found.append((name, _code(rng)))
    return found


def plate_rows(
    agent_ids: Sequence[str], seed: int = 7
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The plates (the first ``DEALER_PLATES`` the dealer's, ``agent_ids[0]``) and their
    search words, as rows."""
    from core.db.types import new_id
    from plugins.rca.payload import plate_payload
    from plugins.rca.search import words_of
    from plugins.rca.stream import PAYLOAD_VERSION

    encode = msgspec.json.Encoder().encode

    rng = random.Random(seed)
    owners = people(max(1, PLATES // 2), rng)
    numbers: set[str] = set()
    while len(numbers) < PLATES:
        numbers.add(_plate(rng))
    now = datetime.now(UTC)
    plates: list[dict[str, Any]] = []
    words: list[dict[str, Any]] = []
    for n, number in enumerate(sorted(numbers, key=lambda _: rng.random())):
        name, code = rng.choice(owners)
        agent = agent_ids[0] if n < DEALER_PLATES else agent_ids[1 + n % (len(agent_ids) - 1)]
        plate_id = new_id()
        plates.append({
            "id": plate_id, "tenant_id": TENANT, "plate": number, "kind": "autovettura",
            "tipo_bersani": None, "targa_agev": False, "brand": "Fiat", "model": "Panda",
            "registered_new": n % 5 == 0, "registered_on": None if n % 5 == 0 else
            date(2010, 1, 1) + timedelta(days=n % 5000), "owner_name": name, "owner_code": code,
            "active": True, "retired_at": None, "policy_id": None, "policy_number": None,
            "company": None, "expiry": None, "quote_id": None, "agent_id": agent,
            "parent_agent_id": None, "client_id": None, "created_at": now, "updated_at": now,
        })  # fmt: skip
        keys = dict.fromkeys((number, code, *words_of(name)))
        words += [
            {"tenant_id": TENANT, "plate_id": plate_id, "word": key, "plate": number,
             "agent_id": agent, "parent_agent_id": None}
            for key in keys
        ]  # fmt: skip
    for row in plates:  # as the ORM stores it at every write
        row.update(wire=encode(plate_payload(SimpleNamespace(**row))).decode(), wire_at=now,
                   wire_version=PAYLOAD_VERSION)  # fmt: skip
    return plates, words


def _queries(plates: Sequence[dict[str, Any]], seed: int) -> dict[str, list[str]]:
    """Searches a broker types: plate prefixes of 2 to 7 characters; a surname, its first
    four letters, a first name, or name and surname; a fiscal code."""
    rng = random.Random(seed)
    chosen = [rng.choice(plates) for _ in range(RUNS)]
    by_plate = [p["plate"][: rng.randint(2, 7)] for p in chosen]
    by_owner = []
    for p in chosen:
        first, last = p["owner_name"].split(" ", 1)
        by_owner.append(rng.choice((last, last[:4], first, f"{first} {last}".lower())))
    by_code = [p["owner_code"] for p in chosen]
    return {"plate": by_plate, "owner": by_owner, "code": by_code}


def _prepare_env(database: str, folder: str) -> None:
    url = ""
    if database == "postgresql":
        joiner = "&" if "?" in BASE_URL else "?"
        url = f"{BASE_URL}{joiner}options=-csearch_path%3D{SCHEMA}"
    os.environ.update(
        ENVIRONMENT="test", DATA_DIR=folder, DATABASE_URL=url, LOG_LEVEL="WARNING",
        SECRET_KEY="bench-secret-key-long-enough-for-hs256-signing", SEED_DEMO="false",
        DAILY_JOBS="false",
    )  # fmt: skip


def _schema(action: str) -> None:
    import psycopg

    dsn = BASE_URL.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(dsn, autocommit=True) as conn:
        if action == "CREATE":
            conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{SCHEMA}"')
        else:
            conn.execute(f'DROP SCHEMA IF EXISTS "{SCHEMA}" CASCADE')


async def _load(settings: Any, plates: list[dict[str, Any]], words: list[dict[str, Any]]) -> None:
    """Insert the rows as the schema's owner (around the ORM: the load is not measured)."""
    from sqlalchemy import text

    from core.db.engine import make_engine, owner_url
    from plugins.rca.models import Plate, PlateWord

    engine = make_engine(owner_url(settings), settings)
    try:
        for table, rows in ((Plate.__table__, plates), (PlateWord.__table__, words)):
            for start in range(0, len(rows), 5000):
                async with engine.begin() as conn:
                    await conn.execute(table.insert(), rows[start : start + 5000])  # type: ignore[attr-defined]
        async with engine.connect() as conn:  # as autovacuum leaves a loaded table
            vacuum = "VACUUM (ANALYZE)" if conn.dialect.name == "postgresql" else "ANALYZE"
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text(vacuum))
            await conn.commit()
    finally:
        await engine.dispose()


async def _timed(
    calls: Sequence[Callable[[], Awaitable[object]]], warm: int = 3
) -> tuple[float, float]:
    """p50 and p99 in milliseconds of ``calls``, each run once after ``warm`` of them."""
    for call in calls[:warm]:
        await call()
    times = []
    for call in calls:
        began = time.perf_counter()
        await call()
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return statistics.median(times), times[math.ceil(len(times) * 0.99) - 1]  # nearest rank


def _row(name: str, ours: tuple[float, float], peer: tuple[float, float]) -> list[str]:
    return [name, f"{ours[0]:.1f} / {ours[1]:.1f}", f"{peer[0]:.1f} / {peer[1]:.1f}",
            f"{ours[1] / peer[1]:.2f}×"]  # fmt: skip


async def measure(database: str) -> list[list[str]]:
    """Load the register and measure every figure on ``database``."""
    folder = tempfile.mkdtemp(prefix="sportello-bench-plates-")
    _prepare_env(database, folder)
    if database == "postgresql":
        _schema("CREATE")
    try:
        return await _measure()
    finally:
        if database == "postgresql":
            _schema("DROP")
        shutil.rmtree(folder, ignore_errors=True)


async def _agents(runtime: Any) -> list[str]:
    from core.api import models as m
    from core.api import tenant_scope

    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            users = [
                m.User(
                    email=f"agente{i}@bench.it",
                    name=f"Agente {i}",
                    password_hash="x",
                    role={"a": {"type": "agente"}},
                )
                for i in range(AGENTS)
            ]
            session.add_all(users)
            await session.flush()
            return [u.id for u in users]


async def _measure() -> list[list[str]]:
    from sqlalchemy import or_, select

    from core.api import Principal, SyncRequest, tenant_scope
    from core.db.migrate import upgrade
    from core.runtime import Runtime
    from core.settings import Settings
    from plugins.rca.models import Plate
    from plugins.rca.payload import plate_payload, plates_in_view
    from plugins.rca.register import search_plates
    from plugins.rca.stream import PUBLICATION

    runtime = Runtime.build(Settings())
    await upgrade(runtime.settings, runtime.pm)
    agent_ids = await _agents(runtime)
    began = time.perf_counter()
    plates, words = plate_rows(agent_ids)
    await _load(runtime.settings, plates, words)
    print(f"loaded {len(plates):,} plates and {len(words):,} words in "
          f"{time.perf_counter() - began:.1f} s", file=sys.stderr)  # fmt: skip
    everyone, dealers = _queries(plates, 11), _queries(plates[:DEALER_PLATES], 13)
    del plates, words  # 400,000 rows would otherwise slow every collection
    gc.collect()
    gc.freeze()  # as the server does once started (core/app.py)
    admin = Principal(id="bench-admin", tenant_id=TENANT, roles={"admin": True})
    dealer = Principal(id=agent_ids[0], tenant_id=TENANT, roles={"a": {"type": "agente"}})

    def ours(who: Principal, q: str | None) -> Callable[[], Awaitable[object]]:
        async def call() -> object:
            with tenant_scope(TENANT):
                async with runtime.db.session() as session:
                    return await search_plates(session, who, q, 50)

        return call

    def peer(who: Principal, q: str | None) -> Callable[[], Awaitable[object]]:
        async def call() -> object:
            text = f"%{(q or '').strip()}%"
            stmt = select(Plate).where(plates_in_view(who)).order_by(Plate.plate).limit(51)
            if q:
                stmt = stmt.where(or_(Plate.plate.ilike(text), Plate.owner_name.ilike(text),
                                      Plate.owner_code.ilike(text)))  # fmt: skip
            with tenant_scope(TENANT):
                async with runtime.db.session() as session:
                    found = (await session.execute(stmt)).scalars().all()
                    return [plate_payload(p) for p in found[:50]]

        return call

    rows = []
    for label, who, asked in (("admin", admin, everyone), ("dealer", dealer, dealers)):
        for kind, title in (("plate", "by plate prefix"), ("owner", "by owner's name"),
                            ("code", "by fiscal code")):  # fmt: skip
            queries = asked[kind]
            ours_ms = await _timed([ours(who, q) for q in queries], warm=len(queries))
            peer_ms = await _timed([peer(who, q) for q in queries[:PEER_RUNS]])
            rows.append(_row(f"search {title}, {label}", ours_ms, peer_ms))
    newcomer = Principal(id="bench-new-agent", tenant_id=TENANT, roles={"a": {"type": "agente"}})
    for label, who in (("dealer", dealer), ("a new agent (no plates)", newcomer)):
        listing = await _timed([ours(who, None)] * min(RUNS, 50))
        scan = await _timed([peer(who, None)] * min(RUNS, 50))
        rows.append(_row(f"list, first 50 by plate, {label}", listing, scan))

    async def sync() -> object:
        with tenant_scope(TENANT):
            async with runtime.db.read_session() as session:
                assert PUBLICATION.sync is not None
                found = await PUBLICATION.sync(SyncRequest(session, dealer, None))
                assert len(found) == DEALER_PLATES, len(found)
                return found

    async def naive_sync() -> object:
        with tenant_scope(TENANT):
            async with runtime.db.read_session() as session:
                found = await session.execute(select(Plate).where(plates_in_view(dealer)))
                return [plate_payload(p) for p in found.scalars()]

    synced = await _timed([sync] * SYNC_RUNS)
    naive = await _timed([naive_sync] * SYNC_RUNS)
    rows.append(_row(f"cold sync, dealer ({DEALER_PLATES:,} plates)", synced, naive))
    await runtime.db.dispose()
    return rows


TITLES = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
HEADER = (
    "| figure | ours p50 / p99 (ms) | peer p50 / p99 (ms): LIKE '%term%' scan; "
    "sync: ORM objects | ratio (p99) |"
)


def _child(database: str) -> list[list[str]]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.plates", "--child", database],
        capture_output=True, text=True, check=False, env=os.environ.copy(),
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"bench plates on {database} failed:\n{done.stdout}\n{done.stderr}")
    print(done.stderr.strip().splitlines()[-1] if done.stderr.strip() else "", file=sys.stderr)
    rows: list[list[str]] = json.loads(done.stdout.strip().splitlines()[-1])
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--child"]:
        print(json.dumps(asyncio.run(measure(args[1]))))
        return
    for database in DATABASES:
        rows = _child(database)
        print()
        print(f"Plates on {TITLES[database]}: {PLATES:,} plates in one tenant, "
              f"{DEALER_PLATES:,} of them a dealer's; {RUNS} searches per figure")  # fmt: skip
        print()
        print(HEADER)
        print("|---|---:|---:|---:|")
        for row in rows:
            print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    main()
