"""The demo's clients and policies as the search tests pick them: by whose tree they are in."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for


@dataclass(frozen=True)
class DemoClient:
    id: str
    name: str
    fiscal_code: str
    agents: frozenset[str]
    """The demo accounts (``agente``…) owning its quotes and policies."""


async def demo_clients(runtime: Runtime, tenant: str) -> list[DemoClient]:
    """The tenant's clients with a fiscal code, each with the accounts owning its records."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = {
                u.id: u.email.split("@")[0]
                for u in (await session.execute(select(m.User))).scalars()
            }
            owners: dict[str, set[str]] = {}
            for model in (m.Quote, m.Policy):
                rows = await session.execute(select(model.client_id, model.agent_id))
                for client_id, agent_id in rows:
                    owners.setdefault(str(client_id), set()).add(users.get(str(agent_id), ""))
            found = (await session.execute(select(m.Client).order_by(m.Client.id))).scalars()
            return [
                DemoClient(c.id, c.name, c.fiscal_code, frozenset(owners.get(c.id, ())))
                for c in found
                if c.fiscal_code
            ]


async def search_as(
    clients: ClientFactory, runtime: Runtime, who: str, q: str, tenant: str = "assicurapp",
    **params: Any,
) -> Any:  # fmt: skip
    """The answer to ``GET /api/cerca?q=…`` for the demo account ``who``."""
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.get("/api/cerca", params={"q": q, **params}, headers=headers)


def ids_of(answer: dict[str, Any], kind: str) -> set[str]:
    """The ids of one group's results; a missing group is none."""
    for group in answer["groups"]:
        if group["kind"] == kind:
            return {hit["id"] for hit in group["results"]}
    return set()


def kinds(answer: dict[str, Any]) -> list[str]:
    return [group["kind"] for group in answer["groups"]]
