"""Change events: collected at flush, handed out only after the transaction commits.

A rolled-back write publishes nothing: a transaction rolled back forgets its changes, a
savepoint rolled back forgets those made within it. :class:`core.db.engine.Database` calls the
``on_commit`` hooks with what each committed session changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import event
from sqlalchemy.orm import Session, SessionTransaction

from core.db.base import TenantOwned
from core.db.scope import previous_scope
from core.db.tenancy import TenantSession

INSERT, UPDATE, DELETE = "insert", "update", "delete"
_KEY = "sportello.changes"


@dataclass(frozen=True, slots=True)
class Change:
    operation: str
    tenant_id: str
    obj: Any
    previous_scope: dict[str, Any] | None = None
    """For an update that moved the record out of some users' view: its scope before."""


def within(where: SessionTransaction | None, outer: SessionTransaction) -> bool:
    """Whether ``where`` is ``outer`` or a savepoint nested in it."""
    while where is not None:
        if where is outer:
            return True
        where = where.parent
    return False


@event.listens_for(TenantSession, "after_flush")
def _collect(session: Session, _ctx: Any) -> None:
    pending: list[tuple[SessionTransaction | None, Change]] = session.info.setdefault(_KEY, [])
    where = session.get_nested_transaction() or session.get_transaction()
    for operation, objects in (
        (INSERT, session.new),
        (UPDATE, session.dirty),
        (DELETE, session.deleted),
    ):
        for obj in objects:
            if not isinstance(obj, TenantOwned):
                continue
            if operation != UPDATE:
                pending.append((where, Change(operation, obj.tenant_id, obj)))
            elif session.is_modified(obj, include_collections=False):
                change = Change(operation, obj.tenant_id, obj, previous_scope(obj))
                pending.append((where, change))


@event.listens_for(TenantSession, "after_soft_rollback")
def _forget(session: Session, rolled_back: SessionTransaction) -> None:
    pending = session.info.get(_KEY)
    if pending:
        session.info[_KEY] = [(w, c) for w, c in pending if not within(w, rolled_back)]


def take_changes(session: Session) -> list[Change]:
    """What the session changed since the last call, with repeats of one row folded."""
    latest: dict[int, Change] = {}
    for _where, change in session.info.pop(_KEY, []):
        previous = latest.get(id(change.obj))
        if previous is not None and previous.operation == INSERT and change.operation == UPDATE:
            continue  # still an insert for whoever hears about it
        if previous is not None and change.previous_scope is None and previous.previous_scope:
            change = Change(change.operation, change.tenant_id, change.obj, previous.previous_scope)
        latest[id(change.obj)] = change
    return list(latest.values())
