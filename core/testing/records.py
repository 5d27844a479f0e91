"""Records read and changed straight in the database, and a socket's ``getDbData``."""

from __future__ import annotations

from datetime import date
from typing import Any

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing.client import ScClient

STREAMS: dict[str, list[str]] = {"preventivi": [], "polizze": [], "usr": []}
"""Core's streams as ``getDbData`` asks for them (name → ids already held)."""


async def sync(client: ScClient, **extra: Any) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """``getDbData`` and the batches it sends: (answer, {collection: {id: item or None}});
    ``extra`` names more streams, a line's own among them."""
    if "dbData" not in client.subscribed:
        await client.subscribe("dbData")
    answer = await client.invoke("getDbData", {**STREAMS, **extra})
    collections: dict[str, dict[str, Any]] = {}
    while len(collections) < answer["tot"]:
        batch = await client.published("dbData")
        for name, items in batch.items():
            collections.setdefault(name, {}).update(items)
    return answer, collections


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


async def reload(runtime: Runtime, tenant: str, quote_id: str) -> m.Quote:
    """Quote ``quote_id`` as stored now."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
    assert quote is not None
    return quote


async def update_quote(runtime: Runtime, tenant: str, quote_id: str, **values: Any) -> None:
    """Set ``values`` on quote ``quote_id``, as a change made outside any request."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            for name, value in values.items():
                setattr(quote, name, value)


async def run_renewals(runtime: Runtime, tenant: str, today: date) -> int:
    """The renewals job's run for one tenant as on ``today`` (not claiming the day): how many
    renewal quotes it made."""
    from core.domain.policies.renewals import renew_tenant

    return await renew_tenant(runtime, tenant, today, claim=False) or 0
