"""The scope of a synced record: the fields its visibility rules read.

Realtime uses it to tell who had a record that was deleted or moved out of someone's view
(a quote reassigned to another agent), without keeping the record's data.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import inspect

SCOPE_COLUMNS: Mapping[str, str] = {
    "agent_id": "aId",
    "parent_agent_id": "agId",
    "role": "role",
    "active": "active",  # products: an inactive one is for managers only
}
"""Columns the visibility rules read, by the item key they are published under."""


def current_scope(obj: Any) -> dict[str, Any]:
    """``_id`` and the scope fields of ``obj`` as they are now."""
    scope = {key: getattr(obj, col) for col, key in SCOPE_COLUMNS.items() if hasattr(obj, col)}
    return {"_id": obj.id, **scope}


def previous_scope(obj: Any) -> dict[str, Any] | None:
    """The scope before the pending changes, or ``None`` when no scope field changed."""
    state = inspect(obj)
    before = current_scope(obj)
    changed = False
    for column, key in SCOPE_COLUMNS.items():
        if column not in state.attrs:
            continue
        history = state.attrs[column].history
        if history.deleted and history.deleted[0] != before[key]:
            before[key] = history.deleted[0]
            changed = True
    return before if changed else None
