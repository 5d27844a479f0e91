"""The ORM wall: reads scoped, writes checked, no tenant fails closed (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest
from sqlalchemy import Executable, delete, func, insert, literal_column, select, text, update
from sqlalchemy.ext.asyncio import async_sessionmaker
from sqlalchemy.orm import selectinload

from core.context import NoTenantError, tenant_scope
from core.db import models as m
from core.db.base import Base
from core.db.engine import make_engine, owner_url
from core.db.tenancy import (
    UNSCOPED_OPTION,
    CrossTenantWriteError,
    TenantSession,
    UnscopedStatementError,
)
from core.runtime import Runtime
from core.settings import Settings
from tests.integration.tenancy.conftest import A, B, TwoTenants

FOREIGN_INSERT = "^inserimento di righe di un altro tenant$"


async def test_reads_see_only_the_current_tenant(runtime: Runtime, two_tenants: TwoTenants) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            users = (await session.execute(select(m.User))).scalars().all()
            count = (await session.execute(select(func.count()).select_from(m.Quote))).scalar()
    assert [u.id for u in users] == [two_tenants.user_a]
    assert count == 1


async def test_another_tenants_row_by_id_is_not_found(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            assert await session.get(m.User, two_tenants.user_b) is None
            assert await session.get(m.Quote, two_tenants.quote_b) is None
            joined = await session.execute(
                select(m.Quote).join(m.User, m.Quote.agent_id == m.User.id)
            )
            assert [q.id for q in joined.scalars()] == [two_tenants.quote_a]


async def test_update_and_delete_of_another_tenants_row_touch_nothing(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            updated = await session.execute(
                update(m.Quote).where(m.Quote.id == two_tenants.quote_b).values(status="Hacked")
            )
            deleted = await session.execute(delete(m.User).where(m.User.id == two_tenants.user_b))
            assert updated.rowcount == 0  # type: ignore[attr-defined]
            assert deleted.rowcount == 0  # type: ignore[attr-defined]
    with tenant_scope(B):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, two_tenants.quote_b)
            assert quote is not None
            assert quote.status == "Preventivato"
            assert await session.get(m.User, two_tenants.user_b) is not None


async def test_flushing_a_row_of_another_tenant_is_refused(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(B):  # a row loaded in another request, for another tenant
        async with runtime.db.sessionmaker() as session:
            foreign = await session.get(m.Quote, two_tenants.quote_b)
    assert foreign is not None
    with tenant_scope(A):
        async with runtime.db.sessionmaker() as session:
            merged = await session.merge(foreign, load=False)
            merged.status = "Hacked"
            with pytest.raises(CrossTenantWriteError):
                await session.flush()
            await session.rollback()
            session.add(m.Quote(tenant_id=B, status="Intruso"))
            with pytest.raises(CrossTenantWriteError):
                await session.flush()


async def test_moving_a_row_to_another_tenant_is_refused(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(A):
        async with runtime.db.sessionmaker() as session:
            quote = await session.get(m.Quote, two_tenants.quote_a)
            assert quote is not None
            quote.tenant_id = B
            with pytest.raises(CrossTenantWriteError):
                await session.flush()


async def test_a_row_set_back_to_its_own_tenant_is_no_move(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    """Only the tenant a row was loaded with and the one it is flushed with count: a row of A
    set to B and back to A before the flush is A's row still, and its other change is kept."""
    with tenant_scope(A):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, two_tenants.quote_a)
            assert quote is not None
            quote.tenant_id = B
            quote.tenant_id = A
            quote.status = "Rivisto"
        async with runtime.db.session() as session:
            kept = await session.get(m.Quote, two_tenants.quote_a)
    assert kept is not None
    assert (kept.tenant_id, kept.status) == (A, "Rivisto")


async def test_deleting_a_loaded_foreign_row_is_refused(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(B):  # a row loaded in another request, for another tenant
        async with runtime.db.sessionmaker() as session:
            foreign = await session.get(m.Quote, two_tenants.quote_b)
    with tenant_scope(A):
        async with runtime.db.sessionmaker() as session:
            merged = await session.merge(foreign, load=False)
            await session.delete(merged)
            with pytest.raises(CrossTenantWriteError):
                await session.flush()


async def test_new_rows_are_stamped_with_the_current_tenant(runtime: Runtime) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            client = m.Client(name="Mario Rossi")
            session.add(client)
            await session.flush()
            assert client.tenant_id == A


async def test_bulk_insert_is_stamped_and_checked(runtime: Runtime) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            await session.execute(insert(m.Client), [{"id": "c1" * 12, "name": "Uno"}])
            row = await session.get(m.Client, "c1" * 12)
            assert row is not None
            assert row.tenant_id == A
        async with runtime.db.sessionmaker() as session:
            with pytest.raises(CrossTenantWriteError):
                await session.execute(
                    insert(m.Client), [{"id": "c2" * 12, "name": "Due", "tenant_id": B}]
                )


async def test_no_tenant_in_context_fails_closed(runtime: Runtime, two_tenants: TwoTenants) -> None:
    async with runtime.db.sessionmaker() as session:
        with pytest.raises(NoTenantError):
            await session.execute(select(m.User))
        with pytest.raises(NoTenantError):
            await session.get(m.Quote, two_tenants.quote_a)
        with pytest.raises(NoTenantError):
            await session.execute(update(m.Quote).values(status="x"))
        session.add(m.Client(name="Orfano"))
        with pytest.raises(NoTenantError):
            await session.flush()


async def test_relationship_loads_stay_in_the_tenant(runtime: Runtime) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            policy = m.Policy(company="Allianz")
            policy.instalments.append(m.Instalment(number=1))
            session.add(policy)
            await session.flush()
            policy_id = policy.id
    with tenant_scope(B):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(m.Policy).options(selectinload(m.Policy.instalments))
            )
            assert found.scalars().all() == []
            assert await session.get(m.Policy, policy_id) is None


async def test_core_table_and_raw_sql_statements_are_refused(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    table = Base.metadata.tables["quotes"]
    users = Base.metadata.tables["users"]
    statements: list[Executable] = [
        select(table),
        update(table).values(status="Hacked"),
        delete(table),
        text("SELECT tenant_id FROM quotes"),
        select(table.alias("q").c.id),  # a tenant table only through an alias
        select(literal_column("1")).select_from(  # only through a join
            Base.metadata.tables["products"].join(users, literal_column("1") == 1)
        ),
        select(literal_column("1")).where(  # only inside a sub-select
            literal_column("1").in_(select(users.c.id).scalar_subquery())
        ),
    ]
    with tenant_scope(A):
        for statement in statements:
            async with runtime.db.sessionmaker() as session:
                with pytest.raises(UnscopedStatementError):
                    await session.execute(statement)
    async with runtime.db.sessionmaker() as session:
        with pytest.raises(NoTenantError):
            await session.execute(text("SELECT id FROM users"))


async def test_raw_sql_runs_when_the_caller_opts_in(runtime: Runtime) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            result = await session.execute(
                text("SELECT 1"), execution_options={UNSCOPED_OPTION: True}
            )
            assert result.scalar() == 1


async def test_an_update_can_never_move_rows_to_another_tenant(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(A):
        async with runtime.db.sessionmaker() as session:
            with pytest.raises(CrossTenantWriteError):
                await session.execute(update(m.Quote).values(tenant_id=B))
    with tenant_scope(A):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, two_tenants.quote_a)
            assert quote is not None


async def test_insert_values_are_stamped_or_refused(runtime: Runtime) -> None:
    with tenant_scope(A):
        async with runtime.db.session() as session:
            await session.execute(insert(m.Client).values(id="v1" * 12, name="Valori"))
            await session.execute(
                insert(m.Client).values(id="v2" * 12, name="Esplicito", tenant_id=A)
            )
            stamped = await session.get(m.Client, "v1" * 12)
            assert stamped is not None
            assert stamped.tenant_id == A
        async with runtime.db.sessionmaker() as session:
            with pytest.raises(CrossTenantWriteError, match=FOREIGN_INSERT):
                await session.execute(
                    insert(m.Client).values(id="v3" * 12, name="Intruso", tenant_id=B)
                )
            with pytest.raises(CrossTenantWriteError, match=FOREIGN_INSERT):
                await session.execute(
                    insert(m.Client).values(
                        id="v4" * 12, name="Letterale", tenant_id=literal_column(f"'{B}'")
                    )
                )


async def test_a_row_cannot_point_at_another_tenants_row(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    with tenant_scope(A):
        async with runtime.db.sessionmaker() as session:
            session.add(m.Quote(agent_id=two_tenants.user_b, status="Intruso"))
            with pytest.raises(CrossTenantWriteError, match="altro tenant"):
                await session.flush()
        async with runtime.db.sessionmaker() as session:
            quote = await session.get(m.Quote, two_tenants.quote_a)
            assert quote is not None
            quote.parent_agent_id = two_tenants.user_b
            with pytest.raises(CrossTenantWriteError):
                await session.flush()
        async with runtime.db.session() as session:  # its own tenant's rows are fine
            session.add(m.Quote(agent_id=two_tenants.user_a, status="Nuovo"))


async def test_restamping_a_foreign_row_to_this_tenant_is_refused(
    runtime: Runtime, two_tenants: TwoTenants
) -> None:
    """The write guard checks the row's original tenant, not only the one it now carries:
    a row of B re-stamped as A's must not be flushed (it would move B's data to A)."""
    with tenant_scope(B):
        async with runtime.db.sessionmaker() as session:
            foreign = await session.get(m.Quote, two_tenants.quote_b)
    assert foreign is not None
    with tenant_scope(A):
        async with runtime.db.sessionmaker() as session:
            merged = await session.merge(foreign, load=False)
            merged.tenant_id = A
            merged.status = "Rubato"
            with pytest.raises(CrossTenantWriteError):
                await session.flush()
            await session.rollback()
    with tenant_scope(B):
        async with runtime.db.session() as session:
            kept = await session.get(m.Quote, two_tenants.quote_b)
    assert kept is not None
    assert (kept.tenant_id, kept.status) == (B, "Preventivato")


async def test_orm_scoping_alone_stops_unscoped_update_and_delete(
    runtime: Runtime, two_tenants: TwoTenants, settings: Settings
) -> None:
    """Through the owner connection, which row-level security does not restrain, so on
    PostgreSQL too only the ORM's own scoping stands between A and B's rows."""
    engine = make_engine(owner_url(settings), settings)
    owner_sessions = async_sessionmaker(engine, sync_session_class=TenantSession)
    try:
        with tenant_scope(A):
            async with owner_sessions() as session, session.begin():
                updated = await session.execute(
                    update(m.Quote).where(m.Quote.status == "Preventivato").values(status="X")
                )
                deleted = await session.execute(
                    delete(m.User).where(m.User.id == two_tenants.user_b)
                )
                assert updated.rowcount == 1  # type: ignore[attr-defined]  # A's quote only
                assert deleted.rowcount == 0  # type: ignore[attr-defined]
    finally:
        await engine.dispose()
    with tenant_scope(B):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, two_tenants.quote_b)
            assert quote is not None
            assert quote.status == "Preventivato"
            assert await session.get(m.User, two_tenants.user_b) is not None


async def test_insert_parameters_and_multi_values_are_stamped_or_refused(
    runtime: Runtime,
) -> None:
    """Rows given as execute() parameters (one dict, or a list) and as multi-row
    ``.values([...])`` are checked one by one: a single foreign row refuses the insert."""
    with tenant_scope(A):
        async with runtime.db.session() as session:
            await session.execute(insert(m.Client), {"id": "p1" * 12, "name": "Parametro"})
            stamped = await session.get(m.Client, "p1" * 12)
            assert stamped is not None
            assert stamped.tenant_id == A
        async with runtime.db.sessionmaker() as session:
            with pytest.raises(CrossTenantWriteError, match=FOREIGN_INSERT):
                await session.execute(
                    insert(m.Client), {"id": "p2" * 12, "name": "Intruso", "tenant_id": B}
                )
            with pytest.raises(CrossTenantWriteError, match=FOREIGN_INSERT):
                await session.execute(
                    insert(m.Client),
                    [{"id": "p3" * 12, "name": "Mio", "tenant_id": A},
                     {"id": "p4" * 12, "name": "Intruso", "tenant_id": B}],
                )  # fmt: skip
            with pytest.raises(CrossTenantWriteError, match=FOREIGN_INSERT):
                await session.execute(
                    insert(m.Client).values(
                        [{"id": "p5" * 12, "name": "Mio", "tenant_id": A},
                         {"id": "p6" * 12, "name": "Intruso", "tenant_id": B}]
                    )
                )  # fmt: skip
    with tenant_scope(B):
        async with runtime.db.session() as session:
            intruders = await session.execute(select(m.Client).where(m.Client.name == "Intruso"))
            assert intruders.scalars().all() == []
