"""GET /api/preventivi[/{id}] per role, tree, tenant and product line (SPEC §6)."""

from __future__ import annotations

from typing import Any

import pytest

from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.quotes.helpers import agent_quote, owned_by_account, tree_views

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _get(clients: ClientFactory, runtime: Runtime, who: str, path: str) -> Any:
    async with clients(TENANT) as client:
        return await client.get(path, headers=await headers_for(runtime, TENANT, who))


async def _ids(clients: ClientFactory, runtime: Runtime, who: str, path: str) -> set[str]:
    response = await _get(clients, runtime, who, path)
    assert response.status_code == 200, f"{who}: {response.text}"
    return {quote["_id"] for quote in response.json()}


async def _plain_quotes(runtime: Runtime) -> dict[str, set[str]]:
    """Demo account → the ids of the plain quotes it owns."""
    return await owned_by_account(runtime, TENANT, m.Quote, m.Quote.type.is_(None))


async def test_each_role_lists_its_tree(clients: ClientFactory, seeded: Runtime) -> None:
    owned = await _plain_quotes(seeded)
    for who, ids in tree_views(owned).items():
        assert await _ids(clients, seeded, who, "/api/preventivi") == ids, who
    refused = await _get(clients, seeded, "dipendente", "/api/preventivi")
    assert refused.status_code == 403
    async with clients(TENANT) as client:
        assert (await client.get("/api/preventivi")).status_code == 401
        forged = {"Authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.bm9wZQ"}
        assert (await client.get("/api/preventivi", headers=forged)).status_code == 401


async def test_an_agent_cannot_read_another_agents_quote(
    clients: ClientFactory, seeded: Runtime
) -> None:
    quote = await agent_quote(seeded, TENANT)
    assert (await _get(clients, seeded, "agente", f"/api/preventivi/{quote.id}")).status_code == 200
    sub = await _get(clients, seeded, "subagente", f"/api/preventivi/{quote.id}")
    assert sub.status_code == 404
    assert sub.json()["error"]["message"] == "Preventivo non trovato"
    async with clients("rcadealer") as other:
        admin = await headers_for(seeded, "rcadealer", "admin")
        assert (await other.get(f"/api/preventivi/{quote.id}", headers=admin)).status_code == 404
        mine = await headers_for(seeded, TENANT, "admin")
        assert (await other.get(f"/api/preventivi/{quote.id}", headers=mine)).status_code == 401


async def test_a_lines_quotes_where_it_is_on(clients: ClientFactory, seeded: Runtime) -> None:
    rentals = await _ids(clients, seeded, "agente", "/api/preventivi?type=noleggio-auto")
    assert len(rentals) == 3
    assert rentals.isdisjoint(await _ids(clients, seeded, "agente", "/api/preventivi"))
    async with clients(TENANT) as client:
        admin = await headers_for(seeded, TENANT, "admin")
        off = await client.put(
            "/api/settings/products/noleggio-auto", json={"enabled": False}, headers=admin
        )
        assert off.status_code == 200
    refused = await _get(clients, seeded, "agente", "/api/preventivi?type=noleggio-auto")
    assert refused.status_code == 404
    one = next(iter(rentals))
    assert (await _get(clients, seeded, "agente", f"/api/preventivi/{one}")).status_code == 404
    unknown = await _get(clients, seeded, "agente", "/api/preventivi?type=linea-inesistente")
    assert unknown.status_code == 404
