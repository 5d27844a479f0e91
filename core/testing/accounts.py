"""The demo accounts: logged in over HTTP (by password, or with a token minted without
argon2's cost), added, looked up, and the tenants offering a line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import select

from core.auth.passwords import hash_password
from core.auth.service import mint_access
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime

DEMO_PASSWORD = "demo1234"
DEMO_ROLES = ("admin", "responsabile", "agente", "subagente", "dipendente", "segnalatore")

Client = AsyncTestClient[Litestar]
ClientFactory = Callable[[str], Client]
"""The ``clients`` fixture: tenant id → an HTTP client carrying that tenant's Host."""


def demo_email(role: str) -> str:
    """The e-mail of the demo account ``role`` (``agente`` → ``agente@demo.it``)."""

    return f"{role}@demo.it"


async def login(
    client: httpx.AsyncClient, role: str = "admin", password: str = DEMO_PASSWORD
) -> dict[str, str]:
    """Log in as a demo account; the headers that carry its token (Authorization: Bearer).
    ``client`` is the app's test client, or any HTTP client of a live server's tenant."""
    response = await client.post(
        "/api/auth/login", json={"email": demo_email(role), "password": password, "keep": True}
    )
    assert response.status_code == 200, response.text
    token = response.json()["token"]
    assert isinstance(token, str)
    assert token
    return {"Authorization": f"Bearer {token}"}


async def me(client: httpx.AsyncClient, headers: dict[str, str]) -> dict[str, Any]:
    """``/api/auth/me`` for the logged-in user: profile, menu, lines."""

    response = await client.get("/api/auth/me", headers=headers)
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    return data


async def menu_keys(client: httpx.AsyncClient, headers: dict[str, str]) -> list[str]:
    """The keys of the user's side-menu entries, in order."""

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
    """The id of the demo account ``key`` (``agente``…) in ``tenant``."""

    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(select(m.User.id).where(m.User.email == demo_email(key)))
            return str(found.scalar_one())


async def listed_ids(client: httpx.AsyncClient, route: str, role: str) -> set[str]:
    """The ``_id``s ``route`` lists for the demo account ``role``."""
    response = await client.get(route, headers=await login(client, role))
    assert response.status_code == 200, f"{route} as {role}: {response.text}"
    return {str(row["_id"]) for row in response.json()}


async def get_user(runtime: Runtime, tenant_id: str, email: str) -> m.User:
    """The user of ``tenant_id`` with ``email``."""

    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            stmt = select(m.User).where(m.User.email == email)
            return (await session.execute(stmt)).scalar_one()


async def token_for(runtime: Runtime, tenant_id: str, email: str) -> str:
    """A login token as the login route would mint it, without paying for argon2."""
    return mint_access(runtime.settings, await get_user(runtime, tenant_id, email))


def bearer(token: str) -> dict[str, str]:
    """The headers that carry ``token``."""

    return {"Authorization": f"Bearer {token}"}


async def headers_for(runtime: Runtime, tenant: str, who: str) -> dict[str, str]:
    """The headers of demo account ``who`` (``admin``, ``agente``…) logged in to ``tenant``."""
    return bearer(await token_for(runtime, tenant, demo_email(who)))


async def user_ids(runtime: Runtime, tenant: str) -> dict[str, str]:
    """Demo account key (``agente``…) → user id."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = (await session.execute(select(m.User))).scalars().all()
    return {u.email.split("@")[0]: u.id for u in users}


def tenants_offering(runtime: Runtime, line: str) -> list[str]:
    """The ids of the tenants whose tenants file offers product line ``line``."""
    return [tenant.id for tenant in runtime.tenants if line in tenant.products]
