"""Migrations: applied from nothing on both databases, and in step with the models."""

from __future__ import annotations

from pathlib import Path

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
    assert await versions() == before == {"core_0014", "rca_0001", "noleggio_auto_0001"}


async def test_a_table_copy_keeps_the_rows_that_refer_to_it(tmp_path: Path) -> None:
    """On SQLite a batch migration copies ``chats`` and drops the original: its messages,
    which cascade from it, are still there after the upgrade."""
    settings = Settings(db={"url": f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"})
    await upgrade(settings, load_plugins(), target="core_0009")
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.begin() as conn:
            await conn.exec_driver_sql(
                "INSERT INTO chats (id, tenant_id, room, created_at, updated_at) "
                "VALUES ('c1', 't', '/support/u', '2026-01-01', '2026-01-01')"
            )
            await conn.exec_driver_sql(
                "INSERT INTO chat_messages (id, tenant_id, chat_id, at, text, attachments) "
                "VALUES ('m1', 't', 'c1', '2026-01-02', 'Ciao', '[]')"
            )
        await upgrade(settings, load_plugins())
        async with engine.connect() as conn:
            text_ = (await conn.exec_driver_sql("SELECT text FROM chat_messages")).scalars().all()
            last = (await conn.exec_driver_sql("SELECT last_text FROM chats")).scalar_one()
            keys = (await conn.exec_driver_sql("PRAGMA foreign_keys")).scalar_one()
    finally:
        await engine.dispose()
    assert text_ == ["Ciao"]
    assert last == "Ciao"
    assert keys == 1  # a new connection has its foreign keys on again
