"""Shared by the people tests: demo ids, authenticated calls, stored rows."""

from __future__ import annotations

from typing import Any

import httpx
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for

TENANT = "assicurapp"


async def demo_ids(runtime: Runtime, tenant: str = TENANT) -> dict[str, str]:
    """Demo account (``agente``…) → its user id."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = (await session.execute(select(m.User))).scalars()
            return {u.email.split("@")[0]: u.id for u in users}


async def stored_user(runtime: Runtime, user_id: str, tenant: str = TENANT) -> m.User | None:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            return await session.get(m.User, user_id)


async def call(
    clients: ClientFactory,
    runtime: Runtime,
    who: str,
    method: str,
    path: str,
    body: Any = None,
    tenant: str = TENANT,
) -> httpx.Response:
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.request(method, path, json=body, headers=headers)


def message(response: httpx.Response) -> str:
    error = response.json()["error"]
    details = " ".join(str(d.get("problema", "")) for d in error.get("dettagli") or [])
    return f"{error['message']} {details}".strip()
