"""DESIGN §3: every tenant-owned row carries ``tenant_id``; on PostgreSQL RLS guards each table."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
from sqlalchemy import Table, text
from sqlalchemy.ext.asyncio import AsyncConnection

from core.db.base import Base, TenantOwned, tenant_owned_tables
from core.db.engine import make_engine, owner_url
from core.db.rls import POLICY
from core.plugins import load_plugins
from core.settings import Settings

GLOBAL_TABLES: frozenset[str] = frozenset()
"""Tables deliberately shared by every tenant. Keep this list short and justify each entry."""


def _mapped() -> dict[str, tuple[type, Table]]:
    """Table name → (model, table) for every model core and the plugins register."""
    load_plugins().hook.register_models()
    mapped: dict[str, tuple[type, Table]] = {}
    for mapper in Base.registry.mappers:
        table = mapper.local_table
        assert isinstance(table, Table), mapper
        mapped[table.name] = (mapper.class_, table)
    return mapped


def test_registered_models_include_core_and_plugins() -> None:
    names = set(_mapped())
    assert {"users", "quotes", "policies", "tenant_settings", "rca_plates"} <= names


def test_allow_list_names_real_tables() -> None:
    assert set(_mapped()) >= GLOBAL_TABLES


def test_every_model_is_tenant_owned() -> None:
    problems: list[str] = []
    for name, (model, table) in sorted(_mapped().items()):
        if name in GLOBAL_TABLES:
            continue
        label = f"{model.__module__}.{model.__qualname__} (table {name!r})"
        if not issubclass(model, TenantOwned):
            problems.append(
                f"{label} does not subclass core.db.base.TenantOwned; add the mixin "
                "or, for a deliberately global table, add it to GLOBAL_TABLES"
            )
            continue
        column = table.columns.get("tenant_id")
        if column is None:
            problems.append(f"{label} has no tenant_id column")
            continue
        if column.nullable:
            problems.append(f"{label}: tenant_id is nullable")
        indexed = bool(column.index) or any(
            index.columns.keys()[:1] == ["tenant_id"] for index in table.indexes
        )
        if not indexed:
            problems.append(f"{label}: tenant_id is not indexed")
    assert not problems, "\n".join(problems)


def test_tenant_owned_tables_helper_agrees() -> None:
    """``tenant_owned_tables()`` is what migrations enable RLS on: it must list every model."""
    expected = sorted(name for name in _mapped() if name not in GLOBAL_TABLES)
    assert tenant_owned_tables() == expected


@pytest.fixture
async def owner_conn(
    settings: Settings, migrated: None, is_postgres: bool
) -> AsyncIterator[AsyncConnection]:
    if not is_postgres:
        pytest.skip("row-level security is a PostgreSQL feature")
    engine = make_engine(owner_url(settings), settings)
    try:
        async with engine.connect() as conn:
            yield conn
    finally:
        await engine.dispose()


async def test_every_tenant_table_has_row_level_security(owner_conn: AsyncConnection) -> None:
    rows = await owner_conn.execute(
        text(
            "SELECT c.relname, c.relrowsecurity, "
            "  (SELECT count(*) FROM pg_policies p "
            "   WHERE p.schemaname = n.nspname AND p.tablename = c.relname "
            "   AND p.policyname = :policy) AS named "
            "FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace "
            "JOIN information_schema.columns col "
            "  ON col.table_schema = n.nspname AND col.table_name = c.relname "
            "WHERE n.nspname = current_schema() AND c.relkind = 'r' "
            "AND col.column_name = 'tenant_id' ORDER BY c.relname"
        ),
        {"policy": POLICY},
    )
    found = {row.relname: row for row in rows}
    expected = set(_mapped()) - GLOBAL_TABLES
    assert expected <= set(found), f"tables missing in the database: {expected - set(found)}"
    problems = [
        f"{name}: row-level security is off"
        for name, row in found.items()
        if not row.relrowsecurity
    ] + [f"{name}: no policy (expected {POLICY!r})" for name, row in found.items() if not row.named]
    assert not problems, "\n".join(problems)
