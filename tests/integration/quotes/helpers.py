"""Demo quotes and users for the quote HTTP tests."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from tests.integration.auth.helpers import bearer, token_for


async def agent_quote(
    runtime: Runtime,
    tenant: str,
    email: str = "agente@demo.it",
    test: Callable[[m.Quote], bool] = lambda q: not q.archived,
) -> m.Quote:
    """A plain demo quote whose agent is ``email`` and that passes ``test``."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == email))
            ).scalar_one()
            stmt = (
                select(m.Quote)
                .where(m.Quote.agent_id == agent.id, m.Quote.type.is_(None))
                .order_by(m.Quote.at.desc())
            )
            quotes = (await session.execute(stmt)).scalars().all()
    found = next(q for q in quotes if test(q))
    return found


async def headers_for(runtime: Runtime, tenant: str, who: str) -> dict[str, str]:
    return bearer(await token_for(runtime, tenant, f"{who}@demo.it"))


async def load(runtime: Runtime, tenant: str, model: type[m.Quote], row_id: str) -> m.Quote:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            row = await session.get(model, row_id)
    assert row is not None
    return row
