"""Reading rows in order to change them, so two requests never both read one value and each
write back their own (a lost update: a list that loses an entry, a limit passed twice).

On PostgreSQL a row read with :func:`for_update` is locked until the transaction ends: a
second request reading it waits for the first one's commit, then reads what it wrote. What has
no row of its own to lock (a tenant's storage used) is taken with :func:`serialize`, an
advisory lock held to the end of the transaction. On SQLite every writing transaction begins
``IMMEDIATE`` (:func:`core.db.engine._begin_immediate`): writers already run one at a time, so
both are no-ops there.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import Select, Text, bindparam, func, select
from sqlalchemy.dialects.postgresql import ARRAY
from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm import Session

T = TypeVar("T")
M = TypeVar("M")


def for_update(stmt: Select[T], *of: Any) -> Select[T]:
    """``stmt`` locking the rows it reads (of ``of``, else every table it selects from) until
    the transaction ends, and reading them afresh over what the session already holds."""
    locked = stmt.with_for_update(of=list(of) if of else None)
    return locked.execution_options(populate_existing=True)


async def get_for_update(session: AsyncSession, model: type[M], record_id: str) -> M | None:
    """``session.get`` with the row locked (see :func:`for_update`)."""
    return await session.get(model, record_id, with_for_update=True, populate_existing=True)


def _advisory(key: str) -> Select[Any]:
    return select(func.pg_advisory_xact_lock(func.hashtextextended(key, 0)))


async def serialize(session: AsyncSession, key: str) -> None:
    """Wait until no other transaction holds ``key``, then hold it until this one ends."""
    if session.get_bind().dialect.name == "postgresql":
        await session.execute(_advisory(key))


def serialize_in_flush(session: Session, key: str) -> None:
    """:func:`serialize` from a flush hook (the session's synchronous side)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(_advisory(key))


def serialize_all_in_flush(session: Session, keys: Sequence[str]) -> None:
    """:func:`serialize_in_flush` for many keys in one statement, taken in sorted order (two
    transactions taking overlapping keys never wait for each other in a circle)."""
    if keys and session.get_bind().dialect.name == "postgresql":
        ordered = sorted(set(keys))
        found = func.unnest(bindparam("keys", ordered, type_=ARRAY(Text)))
        key = found.table_valued("k").render_derived().c.k
        lock = func.pg_advisory_xact_lock(func.hashtextextended(key, 0))
        session.execute(select(lock).order_by(key))
