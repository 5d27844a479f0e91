"""Fresh plain quotes and policies for the policy tests, written straight to the database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import user_ids
from tests.integration.quotes.helpers import load

CUSTOMER: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text", "value": "Marta Colombo"},
    {"_id": "cf", "name": "Codice fiscale", "type": "cf", "value": "CLMMRT80A41F205X"},
    {"_id": "targa", "name": "Targa", "type": "targa", "value": {"value": "ZZ999ZZ"}},
]


async def new_quote(
    runtime: Runtime, tenant: str, owner: str = "agente", *, documents: bool = True
) -> str:
    """A new plain RC Auto quote of demo account ``owner``, 'In attesa di quotazione', with
    one document uploaded (its row; the file itself is not needed) unless ``documents`` is
    false."""
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
            if documents:
                document = m.Document(
                    owner_kind="preventivo", owner_id=quote.id, doc_type="libretto",
                    name="libretto.pdf", uri=f"/upload/{tenant}/{quote.id}/libretto.pdf",
                    storage_key=f"{quote.id}/libretto.pdf", size=10, uploaded_by=agent.id,
                )  # fmt: skip
                session.add(document)
                await session.flush()
                quote.allegati = {"libretto": {"name": "Libretto", "files": [document.id]}}
            return quote.id


async def load_policy(runtime: Runtime, tenant: str, policy_id: str) -> m.Policy:
    return await load(runtime, tenant, m.Policy, policy_id)
