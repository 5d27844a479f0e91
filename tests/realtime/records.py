"""Demo records the realtime tests act on, read straight from the database."""

from __future__ import annotations

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime


async def quotes_of(runtime: Runtime, tenant: str, agent_id: str) -> list[m.Quote]:
    """The plain quotes (no product line) whose ``aId`` is ``agent_id``."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.Quote).where(m.Quote.agent_id == agent_id, m.Quote.type.is_(None))
            return list((await session.execute(stmt)).scalars().all())
