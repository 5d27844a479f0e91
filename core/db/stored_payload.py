"""A synced record's wire payload, encoded at every write and stored beside its row.

A cold sync sends a user's whole portfolio, and building each payload from its columns was
most of its cost. A model that opts in (:class:`StoredPayload` and :func:`keep_payload`) has
its payload encoded by the ORM at every insert and update, so a sync joins stored text.

A stored payload counts only while it is *fresh*: written by the shape's current version and
stamped with the row's ``updated_at`` (:func:`is_fresh`). A write that bypasses the ORM (a
bulk ``UPDATE``, which still moves ``updated_at``) or a new shape version leaves it stale: the
sync builds such a record from its columns, as before, and :func:`refresh_payloads` (run
before serving) stores it again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import msgspec
from sqlalchemy import (
    ColumnElement,
    SmallInteger,
    Text,
    and_,
    bindparam,
    event,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Mapped, Mapper, mapped_column, object_session

from core.context import tenant_scope
from core.db.types import utcnow

Shape = Callable[[Any], dict[str, Any]]
"""A record's payload from its own columns (no relationship)."""

PAYLOAD_COLUMNS = ("wire", "wire_at", "wire_version")
"""The bookkeeping of a stored payload: no payload, audit entry or export shows them."""

REFRESH_CHUNK = 500
"""Rows stored again per statement batch by :func:`refresh_payloads`."""

_encode = msgspec.json.Encoder().encode


@dataclass(frozen=True, slots=True)
class PayloadShape:
    shape: Shape
    version: int
    """Raised whenever ``shape`` changes what it returns: older payloads become stale."""


_SHAPES: dict[type[Any], PayloadShape] = {}


class StoredPayload:
    """The columns of a stored payload: the encoded text, the ``updated_at`` it was made
    for, and its shape version."""

    wire: Mapped[str | None] = mapped_column(Text, deferred=True)
    wire_at: Mapped[datetime | None] = mapped_column()
    wire_version: Mapped[int | None] = mapped_column(SmallInteger)


def keep_payload(model: type[StoredPayload], shape: Shape, version: int) -> None:
    """Store ``shape(record)`` beside every row of ``model`` the ORM inserts or updates."""
    if model in _SHAPES:
        raise ValueError(f"{model.__name__} already keeps a payload")
    _SHAPES[model] = PayloadShape(shape, version)
    event.listen(model, "before_insert", _on_insert)
    event.listen(model, "before_update", _on_update)


def shape_of(model: type[Any]) -> PayloadShape:
    return _SHAPES[model]


def is_fresh(model: Any) -> ColumnElement[bool]:
    """SQL: the row's stored payload is this version's and made for its ``updated_at``."""
    return and_(
        model.wire_version == shape_of(model).version,
        model.wire_at == model.updated_at,
    )


def is_stale(model: Any) -> ColumnElement[bool]:
    """SQL: the row's stored payload is missing, of another version or of an older write."""
    return or_(
        model.wire_version.is_(None),
        model.wire_at.is_(None),
        model.wire_version != shape_of(model).version,
        model.wire_at != model.updated_at,
    )


def _encoded(spec: PayloadShape, record: Any) -> str:
    return _encode(spec.shape(record)).decode()


def _store(target: Any) -> None:
    spec = _SHAPES[type(target)]
    target.wire = _encoded(spec, target)
    target.wire_at = target.updated_at
    target.wire_version = spec.version


def _on_insert(mapper: Mapper[Any], _connection: Any, target: Any) -> None:
    _apply_defaults(mapper, target)
    _store(target)


def _on_update(_mapper: Mapper[Any], _connection: Any, target: Any) -> None:
    session = object_session(target)
    if session is None or not session.is_modified(target, include_collections=False):
        return  # nothing of the row changes: no UPDATE is written
    if not inspect(target).attrs.updated_at.history.has_changes():
        target.updated_at = utcnow()  # what ``onupdate`` would write, known before the write
    _store(target)


def _apply_defaults(mapper: Mapper[Any], target: Any) -> None:
    """Give unset columns their Python default now (the INSERT would, after this event), so
    the payload shows what the row will hold."""
    for prop in mapper.column_attrs:
        column = prop.columns[0]
        default = getattr(column, "default", None)
        if default is None or getattr(target, prop.key) is not None:
            continue
        if default.is_callable:
            setattr(target, prop.key, default.arg(None))
        elif default.is_scalar:
            setattr(target, prop.key, default.arg)


async def refresh_payloads(session: AsyncSession, model: type[Any]) -> int:
    """Store again every stale payload of ``model`` in the session's tenant, ``REFRESH_CHUNK``
    rows at a time; a row written meanwhile is left to its own write. Returns how many were
    stale."""
    spec = shape_of(model)
    table = model.__table__
    store = (
        update(table)
        .where(table.c.id == bindparam("row_id"), table.c.updated_at == bindparam("stamp"))
        .values(wire=bindparam("text"), wire_at=bindparam("stamp"), wire_version=spec.version,
                updated_at=bindparam("stamp"))  # not a change: the watermark stays
    )  # fmt: skip
    found = 0
    after = ""
    while True:
        stmt = select(model).where(is_stale(model), model.id > after).order_by(model.id)
        rows = (await session.execute(stmt.limit(REFRESH_CHUNK))).scalars().all()
        if not rows:
            return found
        params = [
            {"row_id": row.id, "stamp": row.updated_at, "text": _encoded(spec, row)} for row in rows
        ]
        await (await session.connection()).execute(store, params)  # by id, in this tenant's rows
        found += len(rows)
        after = rows[-1].id
        session.expunge_all()


async def refresh_stored_payloads(
    sessions: Callable[[], AbstractAsyncContextManager[AsyncSession]], tenant_ids: Iterable[str]
) -> int:
    """Store again every stale payload of every tenant, each model in a committed session of
    its own (before serving: after a bulk write or a new shape version). Returns how many
    were stale."""
    found = 0
    for tenant_id in tenant_ids:
        with tenant_scope(tenant_id):
            for model in list(_SHAPES):
                async with sessions() as session:
                    found += await refresh_payloads(session, model)
    return found
