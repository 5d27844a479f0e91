"""Fresh plain quotes and policies for the policy tests, written straight to the database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from tests.integration.quotes.helpers import load
from tests.realtime.records import user_ids

CUSTOMER: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text", "value": "Marta Colombo"},
    {"_id": "cf", "name": "Codice fiscale", "type": "cf", "value": "CLMMRT80A41F205X"},
    {"_id": "targa", "name": "Targa", "type": "targa", "value": {"value": "ZZ999ZZ"}},
]


async def new_quote(runtime: Runtime, tenant: str, owner: str = "agente") -> str:
    """A new plain RC Auto quote of demo account ``owner``, 'In attesa di quotazione'."""
    ids = await user_ids(runtime, tenant)
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            product = (
                await session.execute(select(m.Product).where(m.Product.name == "RC Auto"))
            ).scalar_one()
            agent = await session.get(m.User, ids[owner])
            assert agent is not None
            agent_role = agent.role.get("a")
            parent = agent_role.get("aId") if isinstance(agent_role, dict) else None
            quote = m.Quote(
                product_id=product.id, agent_id=agent.id, parent_agent_id=parent,
                status="In attesa di quotazione", usr_data=[dict(e) for e in CUSTOMER],
            )  # fmt: skip
            session.add(quote)
            await session.flush()
            return quote.id


async def load_policy(runtime: Runtime, tenant: str, policy_id: str) -> m.Policy:
    return await load(runtime, tenant, m.Policy, policy_id)
