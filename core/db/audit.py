"""Every change to an audited model is written to the audit log in the same flush."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from sqlalchemy import event, inspect
from sqlalchemy.orm import Session

from core.context import current_actor_id
from core.db.base import TenantOwned
from core.db.models.audit import AuditEntry
from core.db.stored_payload import PAYLOAD_COLUMNS
from core.db.tenancy import TenantSession
from core.db.types import new_id

SKIPPED_FIELDS = frozenset(
    {"password_hash", "updated_at", "created_at", "vapid_private_key", *PAYLOAD_COLUMNS}
)


def _plain(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _changes(obj: TenantOwned, *, new: bool) -> dict[str, Any]:
    state = inspect(obj)
    changes: dict[str, Any] = {}
    for attr in state.mapper.column_attrs:
        if attr.key in SKIPPED_FIELDS or attr.key == "tenant_id":
            continue
        history = state.attrs[attr.key].history
        if new:
            value = getattr(obj, attr.key)
            if value is not None:
                changes[attr.key] = _plain(value)
        elif history.has_changes():
            old = history.deleted[0] if history.deleted else None
            current = history.added[0] if history.added else None
            if old != current:
                changes[attr.key] = [_plain(old), _plain(current)]
    return changes


def _entry(obj: TenantOwned, action: str, changes: dict[str, Any]) -> AuditEntry:
    return AuditEntry(
        tenant_id=obj.tenant_id,
        actor_id=current_actor_id(),
        entity=type(obj).__tablename__,  # type: ignore[attr-defined]
        entity_id=str(obj.id),  # type: ignore[attr-defined]
        action=action,
        changes=changes,
    )


@event.listens_for(TenantSession, "before_flush")
def _record(session: Session, _ctx: Any, _instances: Any) -> None:
    entries: list[AuditEntry] = []
    for obj in session.new:
        if isinstance(obj, TenantOwned) and obj.__audited__:
            if getattr(obj, "id", None) is None:
                obj.id = new_id()  # type: ignore[attr-defined]
            entries.append(_entry(obj, "insert", _changes(obj, new=True)))
    for obj in session.dirty:
        if isinstance(obj, TenantOwned) and obj.__audited__ and session.is_modified(obj):
            changes = _changes(obj, new=False)
            if changes:
                entries.append(_entry(obj, "update", changes))
    for obj in session.deleted:
        if isinstance(obj, TenantOwned) and obj.__audited__:
            entries.append(_entry(obj, "delete", _changes(obj, new=True)))  # what was removed
    session.add_all(entries)
