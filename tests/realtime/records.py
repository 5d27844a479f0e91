"""Demo records the realtime tests act on, read straight from the database."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from tests.realtime.client import ScClient

STREAMS: dict[str, list[str]] = {"preventivi": [], "polizze": [], "usr": []}


async def sync(client: ScClient, **extra: Any) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``getDbData`` and the batches it sends: (answer, {collection: {id: item or None}})."""
    if "dbData" not in client.subscribed:
        await client.subscribe("dbData")
    answer = await client.invoke("getDbData", {**STREAMS, **extra})
    collections: dict[str, dict[str, Any]] = {}
    while len(collections) < answer["tot"]:
        batch = await client.published("dbData")
        for name, items in batch.items():
            collections.setdefault(name, {}).update(items)
    return answer, collections


async def user_ids(runtime: Runtime, tenant: str) -> dict[str, str]:
    """Demo account key (``agente``…) → user id."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            users = (await session.execute(select(m.User))).scalars().all()
    return {u.email.split("@")[0]: u.id for u in users}


async def quotes_of(runtime: Runtime, tenant: str, agent_id: str) -> list[m.Quote]:
    """The plain quotes (no product line) whose ``aId`` is ``agent_id``."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.Quote).where(m.Quote.agent_id == agent_id, m.Quote.type.is_(None))
            return list((await session.execute(stmt)).scalars().all())
