"""Migrations: applied from nothing on both databases, and in step with the models."""

from __future__ import annotations

import json
import secrets
from decimal import Decimal
from pathlib import Path
from typing import Any

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
    assert await versions() == before == {"core_0012", "rca_0001", "noleggio_auto_0001"}


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


def _fresh_database(tmp_path: Path, is_postgres: bool) -> tuple[Settings, str | None]:
    """A database of its own: a new SQLite file, or a new PostgreSQL schema (returned, to drop)."""
    if not is_postgres:
        return Settings(db={"url": f"sqlite+aiosqlite:///{tmp_path / 'old.db'}"}), None
    import psycopg

    base = Settings().database_url.split("?")[0]
    schema = f"sportello_mig_{secrets.token_hex(4)}"
    with psycopg.connect(base.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    return Settings(db={"url": f"{base}?options=-csearch_path%3D{schema}"}), schema


def _drop_schema(schema: str | None) -> None:
    if schema is None:
        return
    import psycopg

    base = Settings().database_url.split("?")[0]
    with psycopg.connect(base.replace("+psycopg", ""), autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


async def test_existing_policies_keep_their_gross_and_get_a_derived_split(
    tmp_path: Path, is_postgres: bool
) -> None:
    """core_0012, on SQLite and PostgreSQL: a policy's gross and commission stay; its ramo
    being unknown, the derived split has no tax (net = gross) and is flagged as derived; its
    instalments' net is their total."""
    settings, schema = _fresh_database(tmp_path, is_postgres)
    try:
        await upgrade(settings, load_plugins(), target="core_0011")
        engine = make_engine(owner_url(settings), settings)
        stamp = "'2026-01-01', '2026-01-01'"
        try:
            async with engine.begin() as conn:
                await conn.exec_driver_sql(
                    "INSERT INTO policies (id, tenant_id, premium, agent_total, commission,"
                    " parent_total, referrer_total, rates, frequency, prepaid, paid, pr, quote,"
                    " allegati, purchase, created_at, updated_at) VALUES ('p1', 't', 1222.50, 8,"
                    " 97.80, 0, 0, '{}', 'SEM', FALSE, FALSE, '{}', '{}', '{}', '{}',"
                    f" {stamp})"
                )
                for number in (1, 2):
                    await conn.exec_driver_sql(
                        "INSERT INTO policy_instalments (id, tenant_id, policy_id, number, total,"
                        " agent_total, commission, parent_total, referrer_total, paid, info,"
                        f" created_at, updated_at) VALUES ('i{number}', 't', 'p1', {number},"
                        f" 611.25, 4, 48.90, 0, 0, FALSE, '{{}}', {stamp})"
                    )
            await upgrade(settings, load_plugins())
            async with engine.connect() as conn:
                found = await conn.exec_driver_sql(
                    "SELECT premium, net_premium, tax_total, taxes, tax_derived, ramo, commission"
                    " FROM policies"
                )
                policy: tuple[Any, ...] = tuple(found.one())
                rows = (
                    await conn.exec_driver_sql(
                        "SELECT total, net, tax FROM policy_instalments ORDER BY number"
                    )
                ).all()
        finally:
            await engine.dispose()
    finally:
        _drop_schema(schema)
    premium, net, tax, taxes, derived, ramo, commission = policy
    assert [Decimal(str(v)) for v in (premium, net, tax)] == [
        Decimal("1222.50"), Decimal("1222.50"), Decimal(0),
    ]  # fmt: skip
    assert (json.loads(taxes) if isinstance(taxes, str) else taxes) == []
    assert (bool(derived), ramo, Decimal(str(commission))) == (True, None, Decimal("97.80"))
    assert [tuple(Decimal(str(v)) for v in row) for row in rows] == [
        (Decimal("611.25"), Decimal("611.25"), Decimal(0))
    ] * 2
