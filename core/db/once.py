"""Inserting a row that a unique key makes happen once."""

from __future__ import annotations

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from core.db.base import Base


async def insert_once(session: AsyncSession, row: Base) -> bool:
    """Insert ``row`` in a savepoint; ``False`` (the rest of the transaction untouched) when a
    unique key says another request inserted it first."""
    try:
        async with session.begin_nested():
            session.add(row)
            await session.flush()
    except IntegrityError:
        return False
    return True
