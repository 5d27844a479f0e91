"""Helpers shared by the account tests: logging in, reading users, minting tokens."""

from __future__ import annotations

from typing import Any

import httpx
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import func, select

from core.context import tenant_scope
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
