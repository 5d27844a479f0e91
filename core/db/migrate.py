"""Apply Alembic migrations: core's version folder plus one per plugin."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pluggy
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection

from core.db.engine import make_engine, owner_url
from core.db.revision_rules import shape_revision
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


UNKNOWN_BRANCH = "nessuna migrazione registrata per {branch!r}: i rami sono {known}"


def branch_of(pm: pluggy.PluginManager, name: str) -> str:
    """The migration branch ``name`` designates: a branch itself, or a product line's id
    (``noleggio-auto`` is the branch ``noleggio_auto``); :class:`ValueError` naming the
    known branches otherwise."""
    known = sorted(source.branch for source in migration_sources(pm))
    for candidate in (name, name.replace("-", "_")):
        if candidate in known:
            return candidate
    raise ValueError(UNKNOWN_BRANCH.format(branch=name, known=", ".join(known)))


def _branch_tables(pm: pluggy.PluginManager, branch: str) -> tuple[MigrationSource, set[str]]:
    """The version folder of ``branch`` and the tables its plugin's models own (for
    ``core``: the models of every core area, each registered by its own plugin)."""
    branch = branch_of(pm, branch)
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
    raise LookupError(f"nessun plugin registra il ramo {branch!r}")  # branch_of found its source


def _lint_hooks(cfg: Config) -> None:
    """Run ruff over the written revision (fix, then format), so it passes the project's
    lint as generated; skipped where ruff is not installed beside this Python."""
    ruff = Path(sys.executable).with_name("ruff")
    if not ruff.is_file():
        return
    cfg.set_section_option("post_write_hooks", "hooks", "ruff_fix, ruff_format")
    for name, options in (
        ("ruff_fix", "check --fix --quiet REVISION_SCRIPT_FILENAME"),
        ("ruff_format", "format --quiet REVISION_SCRIPT_FILENAME"),
    ):
        cfg.set_section_option("post_write_hooks", f"{name}.type", "exec")
        cfg.set_section_option("post_write_hooks", f"{name}.executable", str(ruff))
        cfg.set_section_option("post_write_hooks", f"{name}.options", options)


async def revision(
    settings: Settings, pm: pluggy.PluginManager, message: str, branch: str
) -> Path | None:
    """Autogenerate a revision on ``branch`` (``core``, a plugin's branch or its line's id)
    from its own models; the written file's path, None when the models did not change."""
    cfg = alembic_config(pm)
    source, tables = _branch_tables(pm, branch)
    branch = source.branch
    cfg.attributes["tables"] = tables
    _lint_hooks(cfg)
    written: list[Path] = []
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:

            def _revision(sync_conn: Connection) -> None:
                cfg.attributes["connection"] = sync_conn
                script = ScriptDirectory.from_config(cfg)
                first = branch not in {label for rev in script.walk_revisions()
                                       for label in rev.branch_labels}  # fmt: skip
                cfg.attributes["process_revision_directives"] = (
                    lambda _context, _revision, directives: shape_revision(
                        script, directives, branch=branch, first=first, own_tables=tables
                    )
                )
                made = command.revision(
                    cfg,
                    message=message,
                    autogenerate=True,
                    head="base" if first else f"{branch}@head",
                    branch_label=branch if first else None,
                    version_path=str(source.path) if first else None,
                )
                for script_ in made if isinstance(made, list) else [made]:
                    if script_ is not None:
                        written.append(Path(script_.path))

            await conn.run_sync(_revision)
    finally:
        await engine.dispose()
    return written[0] if written else None
