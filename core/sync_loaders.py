"""Ready-made sync loaders for a :class:`~core.extensions.Publication` of a model's rows.

A stream whose rows carry ``updated_at`` syncs with :func:`rows_loader`: the rows the user's
rule admits, changed since the watermark, read and serialised in chunks that yield to the
event loop, so one large sync never starves other sockets.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from sqlalchemy import ColumnElement, Select, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.extensions import SyncLoader, SyncRequest

CHUNK = 250
"""Rows read and serialised between two yields to the event loop."""

Scope = Callable[[Principal], ColumnElement[bool]]
"""The SQL rule a user's rows must match (the same one HTTP reads use)."""


async def stream_rows(
    session: AsyncSession, stmt: Select[Any], serialize: Callable[[Any], dict[str, Any]]
) -> list[dict[str, Any]]:
    """Run ``stmt`` and serialise its rows, ``CHUNK`` at a time."""
    found: list[dict[str, Any]] = []
    rows = await session.stream_scalars(stmt.execution_options(yield_per=CHUNK))
    async for chunk in rows.partitions(CHUNK):
        found.extend(serialize(row) for row in chunk)
        await asyncio.sleep(0)  # let other sockets and requests run between chunks
    return found


def rows_loader(model: Any, serialize: Callable[[Any], dict[str, Any]], scope: Scope) -> SyncLoader:
    """A loader for ``model``'s rows within ``scope(user)``, changed since the watermark."""

    async def load(request: SyncRequest) -> list[dict[str, Any]]:
        stmt = select(model).where(scope(request.principal))
        if request.since is not None:
            stmt = stmt.where(model.updated_at > request.since)
        return await stream_rows(request.session, stmt, serialize)

    return load
