"""Tombstones: what a watermark resync needs to remove records from a client.

A record leaves a client's view in two ways: it is deleted, or it moves out of the user's
scope (a quote reassigned to another agent). Both leave a :class:`Tombstone` in the same
transaction, carrying only the scope (:mod:`core.db.scope`), so the resync can tell
which users had the record without keeping its data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import Select, event, inspect, select
from sqlalchemy.orm import Mapper, Session

from core.db.base import TenantOwned
from core.db.models.sync import Tombstone
from core.db.scope import current_scope, previous_scope
from core.db.tenancy import TenantSession

SYNCED_KEY = "sportello.synced"
"""``session.info`` key: the model → collection (channel) map of the synced collections."""


@event.listens_for(TenantSession, "before_flush")
def _bury(session: Session, _ctx: Any, _instances: Any) -> None:
    synced: Mapping[type, str] = session.info.get(SYNCED_KEY) or {}
    if not synced:
        return
    for obj in list(session.deleted):
        collection = synced.get(type(obj))
        if collection is not None and isinstance(obj, TenantOwned):
            _add(session, obj, collection, current_scope(obj))
        _detach_synced_references(session, obj, synced)
    for obj in list(session.dirty):
        collection = synced.get(type(obj))
        if collection is not None and isinstance(obj, TenantOwned):
            before = previous_scope(obj)
            if before is not None:
                _add(session, obj, collection, before)


def _detach_synced_references(session: Session, obj: Any, synced: Mapping[type, str]) -> None:
    """Null the synced rows' ``ON DELETE SET NULL`` references to ``obj`` through the ORM.

    Left to the database, the change would skip ``updated_at`` and the change events, and
    clients would keep pointing at the deleted row.
    """
    table = getattr(obj, "__table__", None)
    for model in synced:
        for fk in model.__table__.foreign_keys:  # type: ignore[attr-defined]
            if fk.column.table is not table or fk.ondelete != "SET NULL":
                continue
            column = fk.parent
            stmt: Select[Any] = select(model).where(column == getattr(obj, fk.column.key))
            for row in session.execute(stmt).scalars():
                if row not in session.deleted:
                    setattr(row, _attribute(model, column.key), None)


def _attribute(model: type, column_key: str) -> str:
    mapper: Mapper[Any] = inspect(model)
    return next(str(p.key) for p in mapper.column_attrs if p.columns[0].key == column_key)


def _add(session: Session, obj: Any, collection: str, scope: dict[str, Any]) -> None:
    tombstone = Tombstone(collection=collection, item_id=obj.id, scope=scope)
    tombstone.tenant_id = obj.tenant_id
    session.add(tombstone)
