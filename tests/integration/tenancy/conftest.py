from __future__ import annotations

from dataclasses import dataclass

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime


@dataclass(frozen=True)
class TwoTenants:
    """One user and one quote in each of two tenants."""

    user_a: str
    user_b: str
    quote_a: str
    quote_b: str


A, B = "rcadealer", "assicurapp"


@pytest.fixture
async def two_tenants(runtime: Runtime) -> TwoTenants:
    ids: dict[str, str] = {}
    for tenant in (A, B):
        with tenant_scope(tenant):
            async with runtime.db.session() as session:
                user = m.User(email=f"agente@{tenant}.it", name=f"Agente {tenant}", role={"a": {}})
                session.add(user)
                await session.flush()
                quote = m.Quote(agent_id=user.id, status="Preventivato")
                session.add(quote)
                await session.flush()
                ids[f"user_{tenant}"], ids[f"quote_{tenant}"] = user.id, quote.id
    return TwoTenants(ids[f"user_{A}"], ids[f"user_{B}"], ids[f"quote_{A}"], ids[f"quote_{B}"])
