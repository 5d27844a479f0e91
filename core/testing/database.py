"""The test database: migrated once per run, emptied between tests, and the demo data
restored from a snapshot taken the first time it is seeded."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import AsyncEngine

from core.db.base import Base
from core.db.engine import app_url, make_engine, owner_url
from core.db.migrate import upgrade
from core.plugins import load_plugins
from core.runtime import Runtime
from core.settings import Settings
from core.storage import private_folder
from core.testing.environment import PG_SCHEMA


def _create_pg_schema(settings: Settings) -> None:
    import psycopg

    url = owner_url(settings).set(drivername="postgresql", query={})
    with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{PG_SCHEMA}"')


DEMO_SCHEMA = f"{PG_SCHEMA}_demo"
"""On PostgreSQL, the seeded demo rows' copy (:class:`DemoSnapshot`), beside the run's schema."""


def _drop_pg_schema(settings: Settings) -> None:
    import psycopg

    url = owner_url(settings).set(drivername="postgresql", query={})
    with psycopg.connect(url.render_as_string(hide_password=False), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{PG_SCHEMA}" CASCADE')
        conn.execute(f'DROP SCHEMA IF EXISTS "{DEMO_SCHEMA}" CASCADE')


async def migrate(settings: Settings) -> None:
    """Create the run's schema (PostgreSQL) and migrate it with every installed plugin."""
    if settings.database_url.startswith("postgresql"):
        _create_pg_schema(settings)
    await upgrade(settings, load_plugins())


async def drop(settings: Settings) -> None:
    """Close the kept engines' connections and drop the run's schema (PostgreSQL)."""
    for engines in (_owner_engines, _app_engines):
        for _loop, engine in engines.values():
            await engine.dispose()
        engines.clear()
    if settings.database_url.startswith("postgresql"):
        _drop_pg_schema(settings)


_owner_engines: dict[str, tuple[asyncio.AbstractEventLoop, AsyncEngine]] = {}


def _owner_engine(settings: Settings) -> AsyncEngine:
    """The schema owner's engine for emptying and restoring tables, kept for the event loop
    it was made in (a new connection for each test cost ~12 ms on PostgreSQL)."""
    loop = asyncio.get_running_loop()
    kept = _owner_engines.get(settings.database_url)
    if kept is None or kept[0] is not loop:
        kept = (loop, make_engine(owner_url(settings), settings))
        _owner_engines[settings.database_url] = kept
    return kept[1]


_app_engines: dict[str, tuple[asyncio.AbstractEventLoop, AsyncEngine]] = {}


def app_engine(settings: Settings) -> AsyncEngine | None:
    """The app's engine kept for the running event loop, lent to each test's runtimes (their
    :class:`~core.db.engine.Database` leaves it open): a runtime of its own opened new
    connections for every test, and on PostgreSQL each new connection reads the catalog
    anew (a quarter of the PostgreSQL pass). ``None`` outside an event loop."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return None
    kept = _app_engines.get(settings.database_url)
    if kept is None or kept[0] is not loop:
        kept = (loop, make_engine(app_url(settings), settings))
        _app_engines[settings.database_url] = kept
    return kept[1]


async def empty_tables(settings: Settings) -> None:
    tables = [t.name for t in reversed(Base.metadata.sorted_tables)]
    deletes = "; ".join(f'DELETE FROM "{t}"' for t in tables)
    if settings.database_url.startswith("postgresql"):
        # children first, in one round trip: a TRUNCATE of every table took ~300 ms a test,
        # a DELETE of these few rows ~3 ms
        async with _owner_engine(settings).begin() as conn:
            await conn.exec_driver_sql(deletes)
        return
    # SQLite: one script, one trip to aiosqlite's thread (a statement each took ~40 ms a test)
    async with _owner_engine(settings).connect() as conn:
        raw = await conn.get_raw_connection()
        await raw.driver_connection.executescript(f"BEGIN; {deletes}; COMMIT;")  # type: ignore[union-attr]


class DemoSnapshot:
    """The seeded demo data, taken once per worker: a copy of the tables it fills, and the
    stored files.

    Seeding hashes passwords and runs every line's demo hook (most of a test's set-up);
    copying the rows back into the emptied tables gives the same data in a fraction of that,
    inside the database and in one round trip: from a schema beside the run's on PostgreSQL
    (a COPY per table took ~40 ms a test), from a ``VACUUM INTO`` copy of the database file on
    SQLite (an insert per table, each a trip to aiosqlite's thread, ~40 ms too).
    """

    filled: list[str] | None = None
    """The tables the demo data fills, parents first."""
    sqlite_copy: Path | None = None
    """On SQLite, the copy of the seeded database: named after the process that took it, as
    forked test runs share a data folder (``make mutation``)."""
    files: dict[Path, tuple[bytes, int]] = {}
    """Stored file → its bytes and permission bits (files are private: 0600 in 0700 folders)."""

    @classmethod
    async def take(cls, settings: Settings) -> None:
        async with _owner_engine(settings).connect() as conn:
            filled = [
                table.name
                for table in Base.metadata.sorted_tables
                if (await conn.exec_driver_sql(f'SELECT 1 FROM "{table.name}" LIMIT 1')).first()
            ]
            if conn.dialect.name == "postgresql":
                schema = f'"{DEMO_SCHEMA}"'
                copies = "; ".join(
                    f'CREATE TABLE {schema}."{t}" AS SELECT * FROM "{t}"' for t in filled
                )
                await conn.exec_driver_sql(
                    f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}; {copies}"
                )
                await conn.commit()
            else:
                copy = settings.app.data_dir / f"demo-snapshot-{os.getpid()}.db"
                copy.unlink(missing_ok=True)
                cls.sqlite_copy = copy
                raw = await conn.get_raw_connection()
                # a script: it ends the read transaction first, which VACUUM may not run in
                await raw.driver_connection.executescript(f"VACUUM INTO {_sql_string(copy)};")  # type: ignore[union-attr]
        cls.filled = filled
        root = settings.app.data_dir / "files"
        cls.files = {
            p: (p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
            for p in root.rglob("*")
            if p.is_file()
        }

    @classmethod
    async def restore(cls, settings: Settings) -> bool:
        """Put the snapshot back into empty tables; ``False`` (nothing done) when the demo
        data is already there (a test that also asked for ``seeded``: there are users).

        An app's start-up may have made settings rows (push keys): the snapshot's win."""
        assert cls.filled is not None
        async with _owner_engine(settings).begin() as conn:
            if (await conn.execute(text("SELECT count(*) FROM users"))).scalar():
                return False
            if conn.dialect.name == "postgresql":
                inserts = "; ".join(
                    f'INSERT INTO "{t}" SELECT * FROM "{DEMO_SCHEMA}"."{t}"' for t in cls.filled
                )
                await conn.exec_driver_sql(f"DELETE FROM tenant_settings; {inserts}")
        if cls.sqlite_copy is not None:
            await _restore_sqlite(settings, cls.sqlite_copy, cls.filled)
        for path, (content, mode) in cls.files.items():
            if not path.is_file():  # a test deleted it: put it back as private as it was
                private_folder(path.parent)
                path.write_bytes(content)
                path.chmod(mode)
        return True


def _sql_string(path: Path) -> str:
    return "'" + str(path).replace("'", "''") + "'"


async def _restore_sqlite(settings: Settings, copy_path: Path, tables: list[str]) -> None:
    """Copy ``tables`` (parents first) back from the seeded database's copy, in one script."""
    inserts = "; ".join(f'INSERT INTO main."{t}" SELECT * FROM snapshot."{t}"' for t in tables)
    copy = _sql_string(copy_path)
    async with _owner_engine(settings).connect() as conn:
        raw = await conn.get_raw_connection()
        await raw.driver_connection.executescript(  # type: ignore[union-attr]
            f"ATTACH DATABASE {copy} AS snapshot; BEGIN; "
            f"DELETE FROM main.tenant_settings; {inserts}; COMMIT; DETACH DATABASE snapshot;"
        )


async def seed_or_restore(settings: Settings, runtime: Runtime) -> None:
    """The demo data: seeded through ``runtime`` the first time, restored from the worker's
    snapshot afterwards."""
    from core.demo.seed import seed_demo

    if DemoSnapshot.filled is None:
        await seed_demo(runtime)
        await DemoSnapshot.take(settings)
    else:
        await DemoSnapshot.restore(settings)
