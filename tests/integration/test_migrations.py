"""Migrations: applied from nothing on both databases, and in step with the models."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection

from core.db.base import Base, tenant_owned_tables
from core.db.engine import make_engine, owner_url
from core.db.migrate import upgrade
from core.plugins import load_plugins
from core.settings import Settings


def _diff(conn: Connection) -> list[object]:
    context = MigrationContext.configure(conn, opts={"compare_type": True})
    return list(compare_metadata(context, Base.metadata))


async def test_models_and_migrations_agree(settings: Settings, migrated: None) -> None:
    load_plugins().hook.register_models()
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.connect() as conn:
            diff = await conn.run_sync(_diff)
            tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
    finally:
        await engine.dispose()
    assert diff == [], f"models differ from migrations: {diff}"
    assert set(tenant_owned_tables()) <= tables
    assert "rca_plates" in tables  # a plugin's version folder was applied too


async def test_upgrade_is_idempotent(settings: Settings, migrated: None) -> None:
    async def versions() -> set[str]:
        engine = make_engine(owner_url(settings), settings)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(text("SELECT version_num FROM alembic_version"))
                return {row[0] for row in rows}
        finally:
            await engine.dispose()

    before = await versions()
    await upgrade(settings, load_plugins())
    assert await versions() == before == {"core_0009", "rca_0001", "noleggio_auto_0001"}
