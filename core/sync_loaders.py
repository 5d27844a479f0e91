"""Ready-made sync loaders for a :class:`~core.extensions.Publication` of a model's rows.

A stream whose rows carry ``updated_at`` syncs with :func:`rows_loader`: the rows the user's
rule admits, changed since the watermark. A sync is the largest read the app makes (a whole
portfolio at login), so it reads plain rows, not ORM objects, and JSON columns as the text
the database stores, passed through to the wire undecoded (:class:`RawJSON`); rows are
serialised in chunks that yield to the event loop, so one large sync never starves others.

A model that stores its payload (:mod:`core.db.stored_payload`) is read as that text: only
its id and payload, the payload only where it is fresh (:func:`fresh_payload`); the others
are built from their columns as above.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from sqlalchemy import JSON, ColumnElement, Dialect, Select, Text, case, cast, inspect, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.sql.expression import type_coerce
from sqlalchemy.types import TypeDecorator

from core.auth.principal import Principal
from core.db.stored_payload import PAYLOAD_COLUMNS, is_fresh, keep_payload
from core.extensions import StoredRecord, SyncLoader, SyncRequest

CHUNK = 250
"""Rows serialised between two yields to the event loop."""

Scope = Callable[[Principal], ColumnElement[bool]]
"""The SQL rule a user's rows must match (the same one HTTP reads use)."""


class RawJSON(TypeDecorator[msgspec.Raw]):
    """A JSON column read as its stored text: the wire encoder copies it as it is. SQL
    ``NULL`` and JSON ``null`` read as ``None``, so a serialiser's ``value or {}`` holds."""

    impl = Text
    cache_ok = True

    def process_result_value(self, value: Any, dialect: Dialect) -> msgspec.Raw | None:
        if value is None or value == "null":
            return None
        return msgspec.Raw(value)


BOOKKEEPING = ("tenant_id", "updated_at")
"""Columns no payload carries (the tenant is the socket's; the watermark is the sync's)."""


def wire_columns(model: Any, skip: Sequence[str] = BOOKKEEPING) -> list[ColumnElement[Any]]:
    """The columns of ``model`` but ``skip``, under their attribute names, JSON ones as
    :class:`RawJSON`.

    The columns are the mapped attributes, so the statement stays an ORM one and the
    tenancy guard scopes it like any other read."""
    columns: list[ColumnElement[Any]] = []
    for attribute in inspect(model).column_attrs:
        if attribute.key in skip or attribute.key in PAYLOAD_COLUMNS:
            continue
        column = getattr(model, attribute.key)
        if isinstance(attribute.columns[0].type, JSON):
            columns.append(type_coerce(cast(column, Text), RawJSON()).label(attribute.key))
        else:
            columns.append(column.label(attribute.key))
    return columns


async def serialized(
    rows: Sequence[Any], serialize: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """``serialize`` each row, ``CHUNK`` at a time, yielding to the event loop between."""
    found: list[dict[str, Any]] = []
    for start in range(0, len(rows), CHUNK):
        found.extend(serialize(row) for row in rows[start : start + CHUNK])
        await asyncio.sleep(0)  # let other sockets and requests run between chunks
    return found


async def stream_rows(
    session: AsyncSession, stmt: Select[Any], serialize: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """Run ``stmt`` (plain rows) and serialise them, ``CHUNK`` at a time."""
    return await serialized((await session.execute(stmt)).all(), serialize)


def fresh_payload(model: Any) -> ColumnElement[str | None]:
    """SQL: the row's stored payload where it is fresh, else ``NULL``."""
    return case((is_fresh(model), model.wire), else_=None).label("wire")


def rows_loader(
    model: Any,
    serialize: Callable[[Any], dict[str, Any]],
    scope: Scope,
    skip: Sequence[str] = BOOKKEEPING,
    *,
    stored_version: int | None = None,
) -> SyncLoader:
    """A loader for ``model``'s rows within ``scope(user)``, changed since the watermark.

    ``serialize`` gets a row with the model's column attributes but ``skip`` (JSON ones as
    :class:`RawJSON` text, to be passed on as they are), the same names an instance has.
    With ``stored_version``, ``model`` stores ``serialize(record)`` at every write (see
    :func:`~core.db.stored_payload.keep_payload`), and the loader sends that text."""
    columns = wire_columns(model, skip)
    if stored_version is not None:
        keep_payload(model, serialize, stored_version)

    async def load(request: SyncRequest) -> Sequence[dict[str, Any] | StoredRecord]:
        where = [scope(request.principal)]
        if request.since is not None:
            where.append(model.updated_at > request.since)
        if stored_version is None:
            return await stream_rows(request.session, select(*columns).where(*where), serialize)
        stmt = select(model.id, fresh_payload(model)).where(*where)
        found: list[dict[str, Any] | StoredRecord] = []
        stale: list[str] = []
        for row_id, text in await request.session.execute(stmt):
            if text is None:
                stale.append(row_id)
            else:
                found.append(StoredRecord(row_id, msgspec.Raw(text)))
        for start in range(0, len(stale), CHUNK):
            ids = stale[start : start + CHUNK]
            built = select(*columns).where(model.id.in_(ids))
            found.extend(await stream_rows(request.session, built, serialize))
        return found

    return load
