"""Apply Alembic migrations: core's version folder plus one per plugin."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pluggy
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from core.db.engine import make_engine, owner_url
from core.db.rls import ensure_app_role
from core.extensions import MigrationSource
from core.settings import Settings

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def migration_sources(pm: pluggy.PluginManager) -> list[MigrationSource]:
    return [source for source in pm.hook.register_migrations() if source is not None]


def alembic_config(pm: pluggy.PluginManager) -> Config:
    """An Alembic config whose version locations come from the ``register_migrations`` hook."""
    pm.hook.register_models()  # every model imported, so autogenerate sees them all
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS_DIR))
    cfg.set_main_option("path_separator", "os")
    locations = os.pathsep.join(str(source.path) for source in migration_sources(pm))
    cfg.set_main_option("version_locations", locations)
    return cfg


BROKEN_REFERENCES = "migrazione interrotta: riferimenti a righe inesistenti in {tables}"


async def upgrade(settings: Settings, pm: pluggy.PluginManager, target: str = "heads") -> None:
    """Bring the database to every branch's head (or ``target``) and (PostgreSQL) grant the
    app role.

    On SQLite the foreign keys are off while migrations run: a batch migration copies a
    table and drops the original, and that drop would cascade to every row referring to it
    (a table's copy must not delete its children). They are checked before the commit.
    """
    cfg = alembic_config(pm)
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.connect() as conn:
            sqlite = conn.dialect.name == "sqlite"
            if sqlite:
                await conn.run_sync(_foreign_keys, on=False)
            async with conn.begin():
                await conn.run_sync(_upgrade, cfg, settings, target)
                if sqlite:
                    broken = (await conn.exec_driver_sql("PRAGMA foreign_key_check")).all()
                    if broken:
                        tables = ", ".join(sorted({str(row[0]) for row in broken}))
                        raise RuntimeError(BROKEN_REFERENCES.format(tables=tables))
            if sqlite:
                await conn.run_sync(_foreign_keys, on=True)
    finally:
        await engine.dispose()


def _foreign_keys(conn: Connection, *, on: bool) -> None:
    """SQLite's foreign keys on or off, on the driver's connection: outside a transaction,
    the only place SQLite honours the pragma (the app's connections begin one at once)."""
    dbapi = conn.connection.dbapi_connection
    assert dbapi is not None
    cursor = dbapi.cursor()
    cursor.execute(f"PRAGMA foreign_keys={'ON' if on else 'OFF'}")
    cursor.close()


def _upgrade(conn: Connection, cfg: Config, settings: Settings, target: str) -> None:
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, target)
    ensure_app_role(conn, settings.db.app_role, settings.db.app_password)


def _branch_tables(pm: pluggy.PluginManager, branch: str) -> tuple[MigrationSource, set[str]]:
    """The version folder of ``branch`` and the tables its plugin's models own (for
    ``core``: the models of every core area, each registered by its own plugin)."""
    for plugin in pm.get_plugins():
        register = getattr(plugin, "register_migrations", None)
        source = register() if register else None
        if source is not None and source.branch == branch:
            owners = [plugin]
            if branch == "core":
                owners = [p for p in pm.get_plugins() if (pm.get_name(p) or "").startswith("core.")]
            models: list[Any] = [
                model for owner in owners for model in getattr(owner, "register_models", list)()
            ]
            return source, {model.__tablename__ for model in models}
    raise ValueError(f"nessuna migrazione registrata per {branch!r}")


async def revision(settings: Settings, pm: pluggy.PluginManager, message: str, branch: str) -> None:
    """Autogenerate a revision on ``branch`` (``core`` or a plugin's) from its own models."""
    cfg = alembic_config(pm)
    source, tables = _branch_tables(pm, branch)
    cfg.attributes["tables"] = tables
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:

            def _revision(sync_conn: Connection) -> None:
                cfg.attributes["connection"] = sync_conn
                script = ScriptDirectory.from_config(cfg)
                first = branch not in {label for rev in script.walk_revisions()
                                       for label in rev.branch_labels}  # fmt: skip
                command.revision(
                    cfg,
                    message=message,
                    autogenerate=True,
                    head="base" if first else f"{branch}@head",
                    branch_label=branch if first else None,
                    version_path=str(source.path) if first else None,
                )

            await conn.run_sync(_revision)
    finally:
        await engine.dispose()
