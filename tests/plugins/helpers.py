"""Shared by the plugin suites: logging in as a demo account and reading the menu."""

from __future__ import annotations

from typing import Any

from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import select

from core.auth.passwords import hash_password
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime

DEMO_PASSWORD = "demo1234"
DEMO_ROLES = ("admin", "responsabile", "agente", "subagente", "dipendente", "segnalatore")

Client = AsyncTestClient[Litestar]


def demo_email(role: str) -> str:
    return f"{role}@demo.it"


async def login(
    client: Client, role: str = "admin", password: str = DEMO_PASSWORD
) -> dict[str, str]:
    """Log in as a demo account; the headers that carry its token (Authorization: Bearer)."""
    response = await client.post(
        "/api/auth/login", json={"email": demo_email(role), "password": password, "keep": True}
    )
    assert response.status_code == 200, response.text
    token = response.json()["token"]
    assert isinstance(token, str)
    assert token
    return {"Authorization": f"Bearer {token}"}


async def me(client: Client, headers: dict[str, str]) -> dict[str, Any]:
    response = await client.get("/api/auth/me", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def menu_keys(client: Client, headers: dict[str, str]) -> list[str]:
    return [entry["key"] for entry in (await me(client, headers))["menu"]]


async def add_user(
    runtime: Runtime,
    tenant: str,
    key: str,
    role: dict[str, Any],
    extra_products: list[str] | None = None,
) -> str:
    """A user ``{key}@demo.it`` (password demo1234) created through the ORM in ``tenant``."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            user = m.User(
                email=demo_email(key),
                name=key.capitalize(),
                role=role,
                password_hash=hash_password(DEMO_PASSWORD),
                extra_products=list(extra_products or ()),
            )
            session.add(user)
            await session.flush()
            user_id: str = user.id
    return user_id


async def user_id(runtime: Runtime, tenant: str, key: str) -> str:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.User.id).where(m.User.email == demo_email(key)))
            return str(found.scalar_one())


async def add_quote(
    runtime: Runtime,
    tenant: str,
    line: str | None,
    agent: str,
    parent: str | None = None,
    **fields: Any,
) -> str:
    """A quote of product line ``line`` owned by ``agent`` (sub-agent of ``parent``)."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = m.Quote(type=line, agent_id=agent, parent_agent_id=parent, **fields)
            session.add(quote)
            await session.flush()
            quote_id: str = quote.id
    return quote_id


async def listed_ids(client: Client, route: str, role: str) -> set[str]:
    """The ``_id``s ``route`` lists for the demo account ``role``."""
    response = await client.get(route, headers=await login(client, role))
    assert response.status_code == 200, f"{route} as {role}: {response.text}"
    return {str(row["_id"]) for row in response.json()}
