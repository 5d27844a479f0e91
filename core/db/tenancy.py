"""Tenant isolation in one place.

* Reads: every ORM statement touching a tenant-owned model gets ``tenant_id = <current>``
  (``do_orm_execute`` + ``with_loader_criteria``), including ORM UPDATE and DELETE.
* Writes: ``before_flush`` stamps new rows with the current tenant and refuses rows of another.
* No tenant in context fails closed with :class:`NoTenantError`.
* On PostgreSQL every transaction carries ``sportello.tenant_id`` for row-level security,
  the second wall (see :mod:`core.db.rls`).

:func:`core.context.system_scope` lifts the ORM scoping for maintenance work; the database
role of the app still cannot bypass row-level security.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import event, text
from sqlalchemy.engine import Connection
from sqlalchemy.orm import ORMExecuteState, Session, SessionTransaction, with_loader_criteria
from sqlalchemy.sql.elements import BindParameter, TextClause
from sqlalchemy.sql.util import find_tables

from core.context import NoTenantError, current_tenant_id, in_system_scope
from core.db.base import TenantOwned, tenant_owned_table_names


class CrossTenantWriteError(PermissionError):
    """A write tried to touch a row of another tenant."""


class TenantSession(Session):
    """The sync session class behind every ``AsyncSession`` of the app."""


def _touches_tenant_data(state: ORMExecuteState) -> bool:
    """Whether the statement reads or writes any tenant-owned table, however it names it.

    ``find_tables`` walks into aliases, joins, sub-selects and the target of an INSERT,
    UPDATE or DELETE, and lists every table it meets there. Every statement a session
    executes is a clause element (``Executable`` is only the mixin it is typed by)."""
    if any(issubclass(mapper.class_, TenantOwned) for mapper in state.all_mappers):
        return True
    statement: Any = state.statement
    owned = tenant_owned_table_names()
    return any(table.name in owned for table in find_tables(statement))


UNSCOPED_OPTION = "tenant_unscoped"
"""``execution_options(tenant_unscoped=True)``: the caller scopes a raw statement itself."""


class UnscopedStatementError(CrossTenantWriteError):
    """A statement the tenancy guard cannot scope (Core table or raw SQL) on tenant data."""


@event.listens_for(TenantSession, "do_orm_execute")
def _scope_statement(state: ORMExecuteState) -> None:
    if in_system_scope():
        return
    statement = state.statement
    raw_sql = isinstance(statement, TextClause)
    tenant_id = current_tenant_id()
    if tenant_id is None:
        if raw_sql or _touches_tenant_data(state):
            raise NoTenantError("nessun tenant nel contesto: accesso ai dati negato")
        return
    if raw_sql or (not state.is_orm_statement and _touches_tenant_data(state)):
        if not state.execution_options.get(UNSCOPED_OPTION):
            raise UnscopedStatementError(
                "istruzione non filtrabile per tenant: usa le entità ORM "
                f"o execution_options({UNSCOPED_OPTION}=True)"
            )
        return
    if state.is_insert:
        if _touches_tenant_data(state):
            _check_insert(state, tenant_id)
        return
    if state.is_update and _given_tenant_ids(statement):
        raise CrossTenantWriteError("il tenant di una riga non si può cambiare")
    if state.is_select or state.is_update or state.is_delete:
        state.statement = statement.options(
            with_loader_criteria(
                TenantOwned,
                lambda cls: cls.tenant_id == tenant_id,
                include_aliases=True,
            )
        )


def _given_tenant_ids(statement: Any) -> list[Any]:
    """The ``tenant_id`` values an ORM INSERT's or UPDATE's ``.values()`` sets, one row or
    many (literals as themselves). The ORM names every column there by its column object,
    whether the caller wrote a string or an attribute."""
    rows: list[Mapping[Any, Any]] = [statement._values or {}]
    rows += [dict(row) for many in statement._multi_values for row in many]
    return [
        value.value if isinstance(value, BindParameter) else value
        for row in rows
        for column, value in row.items()
        if column.key == "tenant_id"
    ]


def _check_insert(state: ORMExecuteState, tenant_id: str) -> None:
    """Stamp or check the tenant of every inserted row, from ``.values()`` or parameters."""
    given = _given_tenant_ids(state.statement)
    if any(value != tenant_id for value in given):
        raise CrossTenantWriteError("inserimento di righe di un altro tenant")
    params = state.parameters
    rows: list[Any] = params if isinstance(params, list) else [params] if params else []
    for row in rows:
        value = row.get("tenant_id")
        if value is None:
            row["tenant_id"] = tenant_id
        elif value != tenant_id:
            raise CrossTenantWriteError("inserimento di righe di un altro tenant")
    if not rows and not given:
        state.statement = state.statement.values(tenant_id=tenant_id)  # type: ignore[attr-defined]


@event.listens_for(TenantSession, "before_flush")
def _check_writes(session: Session, _ctx: Any, _instances: Any) -> None:
    system = in_system_scope()
    tenant_id = current_tenant_id()
    for obj in session.new:
        if not isinstance(obj, TenantOwned):
            continue
        if obj.tenant_id is None:
            if tenant_id is None:
                raise NoTenantError("nuova riga senza tenant nel contesto")
            obj.tenant_id = tenant_id
        elif not system and obj.tenant_id != tenant_id:
            raise CrossTenantWriteError("scrittura di una riga di un altro tenant")
    for obj in (*session.dirty, *session.deleted):
        if not isinstance(obj, TenantOwned) or system:
            continue
        if tenant_id is None:
            raise NoTenantError("modifica senza tenant nel contesto")
        if obj.tenant_id != tenant_id or _tenant_changed(obj):
            raise CrossTenantWriteError("modifica di una riga di un altro tenant")


def _tenant_changed(obj: TenantOwned) -> bool:
    """Whether the row's tenant differs from the one it was loaded with: a row of another
    tenant re-stamped as this one's must not be flushed (it would move that tenant's data)."""
    from sqlalchemy import inspect

    return bool(inspect(obj).attrs.tenant_id.history.deleted)


@event.listens_for(TenantSession, "after_begin")
def _set_rls_tenant(session: Session, _tx: SessionTransaction, connection: Connection) -> None:
    if connection.dialect.name != "postgresql":
        return
    tenant_id = current_tenant_id() or ""
    connection.execute(
        text("select set_config('sportello.tenant_id', :tenant, true)"), {"tenant": tenant_id}
    )


__all__ = ["CrossTenantWriteError", "NoTenantError", "TenantSession"]
