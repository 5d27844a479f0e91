"""Helpers shared by the account tests: logging in, reading users, minting tokens."""

from __future__ import annotations

from typing import Any

import httpx
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import func, select

from core.auth.service import mint_access
from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime

DEMO_PASSWORD = "demo1234"
ADMIN = "admin@demo.it"
AGENT = "agente@demo.it"


async def login(
    client: AsyncTestClient[Litestar], email: str, password: str = DEMO_PASSWORD, **extra: Any
) -> httpx.Response:
    return await client.post(
        "/api/auth/login", json={"email": email, "password": password, **extra}
    )


async def get_user(runtime: Runtime, tenant_id: str, email: str) -> m.User:
    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            stmt = select(m.User).where(m.User.email == email)
            return (await session.execute(stmt)).scalar_one()


async def token_for(runtime: Runtime, tenant_id: str, email: str) -> str:
    """A login token as the login route would mint it, without paying for argon2."""
    return mint_access(runtime.settings, await get_user(runtime, tenant_id, email))


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


async def count_rows(runtime: Runtime, tenant_id: str, model: type[Any]) -> int:
    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            return int(
                (await session.execute(select(func.count()).select_from(model))).scalar_one()
            )


def error_message(response: httpx.Response) -> str:
    body = response.json()
    message: str = body["error"]["message"]
    return message
