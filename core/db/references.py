"""References stay inside the tenant: a row may point only at rows of its own tenant.

Foreign keys cannot say so (PostgreSQL checks them past row-level security), so before each
flush the ids that new or changed rows reference are looked up through the tenant-scoped
session: one query per referenced model, and any id not found refuses the flush.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from sqlalchemy import Table, event, inspect, select
from sqlalchemy.orm import Session

from core.context import current_tenant_id, in_system_scope
from core.db.base import Base, TenantOwned
from core.db.tenancy import CrossTenantWriteError, TenantSession

DANGLING = "riferimento a una riga inesistente o di un altro tenant"


_cache: dict[type, tuple[tuple[str, type], ...]] = {}


def _references(model: type) -> tuple[tuple[str, type], ...]:
    """``(attribute, referenced model)`` for each foreign key to a tenant-owned model."""
    if model not in _cache:
        by_table = {
            mapper.local_table.name: mapper.class_  # type: ignore[attr-defined]
            for mapper in Base.registry.mappers
        }
        found: list[tuple[str, type]] = []
        table: Table = inspect(model).local_table
        for column in table.columns:
            for key in column.foreign_keys:
                target = by_table.get(key.column.table.name)
                if target is not None and issubclass(target, TenantOwned):
                    found.append((column.key, target))
        _cache[model] = tuple(found)
    return _cache[model]


@event.listens_for(TenantSession, "before_flush")
def _check_references(session: Session, _ctx: Any, _instances: Any) -> None:
    if in_system_scope() or current_tenant_id() is None:
        return
    wanted: dict[type, set[str]] = defaultdict(set)
    new = session.new  # built anew at each reading: read once, or a large flush is quadratic
    for obj in (*new, *session.dirty):
        if not isinstance(obj, TenantOwned):
            continue
        state = inspect(obj)
        for attribute, target in _references(type(obj)):
            value = getattr(obj, attribute)
            if value is not None and (obj in new or state.attrs[attribute].history.added):
                wanted[target].add(value)
    pending = {(type(obj), getattr(obj, "id", None)) for obj in new}
    for target, ids in wanted.items():
        ids -= {id_ for model, id_ in pending if model is target}
        if not ids:
            continue
        with session.no_autoflush:
            found = set(session.execute(select(target.id).where(target.id.in_(ids))).scalars())  # type: ignore[attr-defined]
        if ids - found:
            raise CrossTenantWriteError(DANGLING)
