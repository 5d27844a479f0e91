"""The PostgreSQL side of a backup: ``pg_dump --format=custom`` of the URL's schema and its
``pg_restore``, run with the URL's role, its password in ``PGPASSWORD`` (never on the command
line)."""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from sqlalchemy.engine import URL

from core.backup.errors import BackupError
from core.settings import Settings

PG_DUMP = "/usr/bin/pg_dump"
PG_RESTORE = "/usr/bin/pg_restore"


def _libpq(url: URL) -> tuple[str, dict[str, str]]:
    """A libpq connection string (``key=value``) without the password, and the environment
    carrying it. Not a URI: SQLAlchemy writes a space in the query as ``+``, which libpq reads
    as itself, so ``options=-c a=1 -c b=2`` named one setting ``a`` of ``1+-c b=2``."""
    from psycopg.conninfo import make_conninfo

    env = dict(os.environ)
    if url.password:
        env["PGPASSWORD"] = str(url.password)
    parts = {"host": url.host, "port": url.port, "user": url.username, "dbname": url.database}
    query = {
        key: value if isinstance(value, str) else value[-1] for key, value in url.query.items()
    }
    given = {key: str(value) for key, value in parts.items() if value is not None}
    return make_conninfo("", **given, **query), env


def _pg_connect(url: URL) -> Any:
    import psycopg

    dsn, env = _libpq(url)
    return psycopg.connect(dsn, password=env.get("PGPASSWORD"), autocommit=True)


def schema_of(url: URL) -> str:
    """The schema the URL's search path names first (``public`` by default), whether or not
    it exists yet."""
    with _pg_connect(url) as conn:
        current = conn.execute("SELECT current_schema()").fetchone()[0]
        path = conn.execute("SHOW search_path").fetchone()[0]
    if current:
        return str(current)
    named = [p.strip().strip('"') for p in path.split(",") if p.strip() not in ("", '"$user"')]
    return named[0] if named else "public"


def heads(url: URL, schema: str) -> list[str]:
    with _pg_connect(url) as conn:
        found = conn.execute("SELECT to_regclass(%s)", (f'"{schema}".alembic_version',))
        if found.fetchone()[0] is None:
            return []
        rows = conn.execute(f'SELECT version_num FROM "{schema}".alembic_version').fetchall()
    return sorted(str(row[0]) for row in rows)


def _run(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(args, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{Path(args[0]).name} non riuscito: {done.stderr.strip()}")


def dump(url: URL, schema: str, target: Path) -> None:
    dsn, env = _libpq(url)
    _run([PG_DUMP, "--format=custom", f"--schema={schema}", f"--file={target}", dsn], env)


def is_empty(url: URL, schema: str) -> bool:
    with _pg_connect(url) as conn:
        tables = conn.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = %s", (schema,)
        ).fetchone()[0]
    return int(tables) == 0


def restore(url: URL, schema: str, dump: Path, settings: Settings) -> None:
    """``pg_restore --no-owner --no-acl`` into ``schema`` (created if missing), then the app
    role's grants, as ``sportello migrate`` gives them: the tables belong to the URL's role,
    the RLS policies come with the dump, and the app role (which may not exist on this
    server yet) reads and writes through them."""
    from sqlalchemy import create_engine

    from core.db.rls import ensure_app_role

    dsn, env = _libpq(url)
    listing = subprocess.run(
        [PG_RESTORE, "--list", str(dump)], env=env, capture_output=True, text=True, check=False
    )
    if listing.returncode != 0:
        raise BackupError(f"copia del database illeggibile: {listing.stderr.strip()}")
    # the schema itself is made here (it may exist, empty: public always does)
    kept = [line for line in listing.stdout.splitlines() if " SCHEMA - " not in line]
    with _pg_connect(url) as conn:
        conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
        # the search's trigram indexes name pg_trgm's operator class in public, where the
        # migration puts it; a new server or database does not have it yet
        # (under the migration's lock: one made at the same time fails on its unique name)
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('sportello.pg_trgm', 0))")
            conn.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public")
    with tempfile.NamedTemporaryFile("w", suffix=".list") as toc:
        toc.write("\n".join(kept) + "\n")
        toc.flush()
        _run(
            [PG_RESTORE, "--no-owner", "--no-acl", "--single-transaction", "--exit-on-error",
             f"--use-list={toc.name}", f"--dbname={dsn}", str(dump)],
            env,
        )  # fmt: skip
    engine = create_engine(url.set(drivername="postgresql+psycopg"))
    try:
        with engine.begin() as conn:
            conn.exec_driver_sql(f'SET LOCAL search_path TO "{schema}"')
            ensure_app_role(conn, settings.db.app_role, settings.db.app_password)
    finally:
        engine.dispose()
