"""Demo quotes picked by what a quote test needs, read and changed straight in the database."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import user_ids


async def pick_quote(
    runtime: Runtime, tenant: str, owner: str, test: Callable[[m.Quote], bool] = lambda q: True
) -> m.Quote:
    """The first plain demo quote of account ``owner`` (``agente``…) that passes ``test``."""
    owner_id = (await user_ids(runtime, tenant))[owner]
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = (
                select(m.Quote)
                .where(m.Quote.agent_id == owner_id, m.Quote.type.is_(None))
                .order_by(m.Quote.at.desc())
            )
            quotes = (await session.execute(stmt)).scalars().all()
    found = next((q for q in quotes if test(q)), None)
    assert found is not None, f"no demo quote of {owner} fits"
    return found


def open_quote(status: str) -> Callable[[m.Quote], bool]:
    """Not archived, no emission requested, with ``status``."""
    return lambda q: not q.archived and q.emission_requested_at is None and q.status == status
