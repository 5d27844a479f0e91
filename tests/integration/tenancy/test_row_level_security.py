"""The PostgreSQL wall: with the ORM scoping lifted, row-level security still isolates tenants."""

from __future__ import annotations

import pytest
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from core.context import system_scope
from core.db.engine import make_engine, owner_url
from core.db.rls import UnsafeDatabaseRole, check_app_role
from core.runtime import Runtime
from core.settings import Settings
from tests.integration.tenancy.conftest import A, B, TwoTenants


@pytest.fixture(autouse=True)
def _postgres_only(is_postgres: bool) -> None:
    if not is_postgres:
        pytest.skip("row-level security is a PostgreSQL feature")


async def _as_tenant(runtime: Runtime, tenant: str, sql: str, **params: object) -> list[tuple]:  # type: ignore[type-arg]
    """Run raw SQL through the app's role with the transaction's tenant set, ORM scoping off."""
    with system_scope():
        async with runtime.db.engine.begin() as conn:
            await conn.execute(
                text("select set_config('sportello.tenant_id', :t, true)"), {"t": tenant}
            )
            result = await conn.execute(text(sql), params)
            return list(result.fetchall()) if result.returns_rows else [(result.rowcount,)]


async def test_raw_reads_see_only_the_transaction_tenant(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    rows = await _as_tenant(runtime, A, "SELECT id FROM users")
    assert [r[0] for r in rows] == [two_tenants.user_a]
    assert await _as_tenant(runtime, "", "SELECT id FROM quotes") == []


async def test_raw_writes_cannot_reach_another_tenant(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    updated = await _as_tenant(
        runtime, A, "UPDATE quotes SET status = 'Hacked' WHERE id = :id", id=two_tenants.quote_b
    )
    deleted = await _as_tenant(
        runtime, A, "DELETE FROM users WHERE id = :id", id=two_tenants.user_b
    )
    assert updated == [(0,)]
    assert deleted == [(0,)]
    rows = await _as_tenant(runtime, B, "SELECT status FROM quotes")
    assert rows == [("Preventivato",)]
    with pytest.raises(DBAPIError, match="row-level security"):
        await _as_tenant(
            runtime, A,
            "INSERT INTO clients (id, tenant_id, name, data, created_at, updated_at) "
            "VALUES ('x', :b, 'Intruso', '{}', now(), now())",
            b=B,
        )  # fmt: skip


async def test_the_app_role_cannot_bypass_rls(runtime: Runtime, settings: Settings) -> None:
    async with runtime.db.engine.connect() as conn:
        await conn.run_sync(check_app_role)
        user = (await conn.execute(text("SELECT current_user"))).scalar()
    assert user == settings.db.app_role
    owner = make_engine(owner_url(settings), settings)
    try:
        async with owner.connect() as conn:
            with pytest.raises(UnsafeDatabaseRole):
                await conn.run_sync(check_app_role)
    finally:
        await owner.dispose()
