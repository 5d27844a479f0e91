"""The activity log in words: each audit entry as a broker reads it.

``Mario Rossi (Amministratore) · ha cambiato lo stato del preventivo · Luca Bianchi`` with
``Stato: Preventivato → In lavorazione compagnia``: who (name and role in the tenant's words),
what (the kind's phrase), which record (named as the screens name it, not by id) and the
changed fields with their labels and values. Only the fields a kind lists are shown, each
value cut to :data:`~core.db.audit_kinds.MAX_VALUE` characters and at most
:data:`MAX_FIELDS` lines an entry. Every read goes through the tenant-scoped session.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from sqlalchemy import inspect, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.audit_kinds import NOTHING, AuditField, Names, RecordKind, changed_only, cut, text
from core.db.base import Base, HasId

MAX_FIELDS = 12
"""Lines of changed fields an entry shows; the rest are counted ('e altri 3 campi')."""
SYSTEM = "Sistema"
_EMPTY: tuple[Any, ...] = (None, "", [], {})


def role_label(role: Any, wording: Mapping[str, str]) -> str:
    """The user's highest role in the tenant's words (as the top bar shows it)."""
    role = role if isinstance(role, Mapping) else {}
    if role.get("admin"):
        return "Amministratore"
    if role.get("responsabile"):
        return "Responsabile"
    agent = role.get("a")
    if agent:
        sub = isinstance(agent, Mapping) and agent.get("aId")
        return wording.get("subagent" if sub else "agent") or ("Subagente" if sub else "Agente")
    if role.get("e"):
        return "Dipendente"
    if role.get("segnalatore"):
        return "Segnalatore"
    return ""


def _classes() -> dict[str, type[HasId]]:
    """Audited table name → its mapped class."""
    found: dict[str, type[HasId]] = {}
    for mapper in Base.registry.mappers:
        cls = mapper.class_
        if getattr(cls, "__audited__", False) and issubclass(cls, HasId):
            found[cls.__tablename__] = cls  # type: ignore[attr-defined]
    return found


def _values(obj: Any) -> dict[str, Any]:
    """The loaded column values (a deferred column, such as a stored payload, is left out)."""
    state = inspect(obj)
    unloaded = state.unloaded
    return {a.key: getattr(obj, a.key) for a in state.mapper.column_attrs if a.key not in unloaded}


async def _load(
    session: AsyncSession,
    wanted: Mapping[str, set[str]],
    rows: dict[tuple[str, str], dict[str, Any]],
) -> None:
    classes = _classes()
    for table, ids in wanted.items():
        cls = classes.get(table)
        if cls is None or not ids:
            continue
        found = await session.execute(select(cls).where(cls.id.in_(ids)))
        for obj in found.scalars():
            rows[(table, obj.id)] = _values(obj)


async def _rows(
    session: AsyncSession, entries: Sequence[m.AuditEntry], kinds: Mapping[str, RecordKind]
) -> dict[tuple[str, str], dict[str, Any]]:
    """The present column values of every record the entries name, and of the records those
    belong to (one query per table)."""
    wanted: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        wanted[entry.entity].add(entry.entity_id)
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    await _load(session, wanted, rows)
    parents: dict[str, set[str]] = defaultdict(set)
    for entry in entries:
        kind = kinds.get(entry.entity)
        if kind is not None and kind.parent is not None:
            column, table = kind.parent
            parent_id = _record_values(entry, rows).get(column)
            if parent_id and (table, str(parent_id)) not in rows:
                parents[table].add(str(parent_id))
    await _load(session, parents, rows)
    return rows


def _record_name(
    kind: RecordKind,
    values: Mapping[str, Any],
    kinds: Mapping[str, RecordKind],
    names: Names,
    rows: Mapping[tuple[str, str], dict[str, Any]],
) -> str:
    """The record's name, followed by its parent's ('rata 2 della polizza AZ-876B20')."""
    name = kind.name(values, names)
    if kind.parent is None:
        return name
    column, table = kind.parent
    parent_kind, parent = kinds.get(table), rows.get((table, str(values.get(column))))
    if parent_kind is None or parent is None:
        return name
    return f"{name} {parent_kind.of_noun} {parent_kind.name(parent, names)}".strip()


async def load_names(
    session: AsyncSession, wording: Mapping[str, str]
) -> tuple[Names, dict[str, str]]:
    """The tenant's user and product names, and each user's role label."""
    users = (await session.execute(select(m.User.id, m.User.name, m.User.email, m.User.role))).all()
    products = (await session.execute(select(m.Product.id, m.Product.name))).all()
    names = Names(
        users={u.id: u.name or u.email for u in users},
        products={p.id: p.name for p in products},
        wording=dict(wording),
    )
    return names, {u.id: role_label(u.role, wording) for u in users}


def _shown(field: AuditField, value: Any, names: Names) -> str:
    if value in _EMPTY:
        return NOTHING
    return cut((field.show or text)(value, names))


def _lines(
    kind: RecordKind | None, action: str, changes: Mapping[str, Any], names: Names
) -> list[dict[str, Any]]:
    """The changed fields as ``{label, old, new}`` (``old`` is None for an insert, ``new``
    for a delete), in the kind's order of fields."""
    if kind is None:
        return []
    lines: list[dict[str, Any]] = []
    for column, field in kind.fields.items():
        if column not in changes:
            continue
        change = changes[column]
        old, new = (change if action == "update" and isinstance(change, list) and len(change) == 2
                    else (None, change) if action == "insert" else (change, None))  # fmt: skip
        if action != "update" and change in _EMPTY:
            continue
        if field.expand is not None:
            parts = field.expand(old, new, names)
        else:
            parts = [
                (names.words(field.label), _shown(field, old, names), _shown(field, new, names))
            ]
        for label, before, after in parts:
            if action != "update" and (before if action == "delete" else after) == NOTHING:
                continue  # a record created or removed: its empty fields say nothing
            hidden = field.show is changed_only  # 'Provvigioni: modificato', no value either side
            lines.append({
                "label": cut(label, 60),
                "old": None if action == "insert" or hidden else cut(before),
                "new": None if action == "delete" else cut(after),
            })  # fmt: skip
    return lines


def _what(kind: RecordKind | None, action: str, changes: Mapping[str, Any]) -> str:
    if kind is None:
        return {"insert": "ha creato un record", "delete": "ha eliminato un record"}.get(
            action, "ha modificato un record"
        )
    if action == "insert":
        return kind.created
    if action == "delete":
        return kind.deleted_text()
    for phrase in kind.phrases:
        change = changes.get(phrase.column)
        if not isinstance(change, list) or len(change) != 2:
            continue
        new_empty = change[1] in (*_EMPTY, False)
        if phrase.when == "any" or (phrase.when == "set") != new_empty:
            return phrase.text
    return kind.updated_text()


def _record_values(
    entry: m.AuditEntry, rows: Mapping[tuple[str, str], dict[str, Any]]
) -> dict[str, Any]:
    present = rows.get((entry.entity, entry.entity_id))
    if present is not None:
        return present
    changes = entry.changes or {}
    if entry.action == "update":
        return {k: v[1] for k, v in changes.items() if isinstance(v, list) and len(v) == 2}
    return dict(changes)


def describe_entries(
    entries: Iterable[m.AuditEntry],
    kinds: Mapping[str, RecordKind],
    names: Names,
    roles: Mapping[str, str],
    rows: Mapping[tuple[str, str], dict[str, Any]],
) -> list[dict[str, Any]]:
    """Each entry in words (see the module docstring), newest first as given."""
    described = []
    for entry in entries:
        kind = kinds.get(entry.entity)
        changes = entry.changes or {}
        lines = _lines(kind, entry.action, changes, names)
        try:
            values = _record_values(entry, rows)
            record = _record_name(kind, values, kinds, names, rows) if kind else ""
        except (KeyError, TypeError, ValueError, AttributeError):
            record = ""
        actor = entry.actor_id
        described.append({
            "_id": entry.id,
            "at": entry.at.isoformat(),
            "entity": entry.entity,
            "entityId": entry.entity_id,
            "action": entry.action,
            "actor": actor,
            "who": cut(names.users.get(actor, "utente eliminato"), 60) if actor else SYSTEM,
            "role": roles.get(actor, "") if actor else "",
            "what": _what(kind, entry.action, changes),
            "kind": kind.label if kind else entry.entity,
            "record": cut(record) if record else "",
            "changes": lines[:MAX_FIELDS],
            "more": max(0, len(lines) - MAX_FIELDS),
        })  # fmt: skip
    return described


async def describe(
    session: AsyncSession,
    entries: Sequence[m.AuditEntry],
    kinds: Mapping[str, RecordKind],
    wording: Mapping[str, str],
) -> list[dict[str, Any]]:
    """Load what naming the entries needs, then :func:`describe_entries`."""
    names, roles = await load_names(session, wording)
    rows = await _rows(session, entries, kinds)
    return describe_entries(entries, kinds, names, roles, rows)
