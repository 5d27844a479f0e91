"""Demo quotes and users for the quote HTTP tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime


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


Row = TypeVar("Row", m.Quote, m.Policy)


async def owned_by_account(
    runtime: Runtime, tenant: str, model: type[Row], *where: Any
) -> dict[str, set[str]]:
    """Demo account (``agente``…) → the ids of the ``model`` rows it owns (``aId``)."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = {
                u.id: u.email.split("@")[0]
                for u in (await session.execute(select(m.User))).scalars()
            }
            owned: dict[str, set[str]] = {}
            for row in (await session.execute(select(model).where(*where))).scalars():
                owned.setdefault(users.get(str(row.agent_id), ""), set()).add(row.id)
    return owned


def tree_views(owned: dict[str, set[str]]) -> dict[str, set[str]]:
    """What each demo role sees of the owned rows, by the agent-tree rule (SPEC §6)."""
    everything = set().union(*owned.values())
    return {
        "admin": everything,
        "responsabile": everything,
        "agente": owned["agente"] | owned["subagente"],
        "subagente": owned["subagente"],
        "segnalatore": owned["agente"],
    }


async def load(runtime: Runtime, tenant: str, model: type[Row], row_id: str) -> Row:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            row = await session.get(model, row_id)
    assert row is not None
    return row
