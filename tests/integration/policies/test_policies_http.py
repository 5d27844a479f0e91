"""GET /api/polizze[/{id}] and the alert count, per role, tree and tenant (SPEC §4, §6)."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.quotes.helpers import owned_by_account, tree_views

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _get(clients: ClientFactory, runtime: Runtime, who: str, path: str) -> Any:
    async with clients(TENANT) as client:
        return await client.get(path, headers=await headers_for(runtime, TENANT, who))


async def _policies(runtime: Runtime) -> dict[str, set[str]]:
    """Demo account → the ids of the policies it owns (``aId``)."""
    return await owned_by_account(runtime, TENANT, m.Policy)


async def test_each_role_lists_its_tree(clients: ClientFactory, seeded: Runtime) -> None:
    owned = await _policies(seeded)
    for who, ids in tree_views(owned).items():
        response = await _get(clients, seeded, who, "/api/polizze")
        assert response.status_code == 200, response.text
        assert {p["_id"] for p in response.json()} == ids, who
    assert (await _get(clients, seeded, "dipendente", "/api/polizze")).status_code == 403


async def test_a_policy_outside_the_tree_is_not_found(
    clients: ClientFactory, seeded: Runtime
) -> None:
    owned = await _policies(seeded)
    parents = next(iter(owned["agente"]))
    response = await _get(clients, seeded, "subagente", f"/api/polizze/{parents}")
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Polizza non trovata"
    assert (await _get(clients, seeded, "agente", f"/api/polizze/{parents}")).status_code == 200
    async with clients("rcadealer") as other:
        headers = await headers_for(seeded, "rcadealer", "admin")
        assert (await other.get(f"/api/polizze/{parents}", headers=headers)).status_code == 404


async def test_filters_and_the_sixteen_day_count(clients: ClientFactory, seeded: Runtime) -> None:
    """The demo policies end in 7, 12, 90 and 200 days; the first two alert."""
    everything = (await _get(clients, seeded, "admin", "/api/polizze")).json()
    soon = {
        p["_id"]
        for p in everything
        if date.fromisoformat(p["endDate"]) <= date.today() + timedelta(days=16)
    }
    expiring = (await _get(clients, seeded, "admin", "/api/polizze?expiring=true")).json()
    assert {p["_id"] for p in expiring} == soon
    assert len(soon) == 2
    count = (await _get(clients, seeded, "admin", "/api/polizze/alert-count")).json()
    assert count == {"count": 2}
    number = everything[0]["number"]
    found = (await _get(clients, seeded, "admin", f"/api/polizze?q={number.lower()}")).json()
    assert [p["_id"] for p in found] == [everything[0]["_id"]]
    by_name = (await _get(clients, seeded, "admin", "/api/polizze?q=bianchi")).json()
    assert all("Bianchi" in str(p["pr"]) for p in by_name)
    assert by_name
    unpaid = (await _get(clients, seeded, "admin", "/api/polizze?unpaid=true")).json()
    assert all(any(not r["paid"] for r in p["rate"]) for p in unpaid)
    assert unpaid
    none = (await _get(clients, seeded, "admin", "/api/polizze?company=Nessuna")).json()
    assert none == []


@pytest.mark.parametrize("query", ["limit=0", "limit=5000", "q=" + "x" * 101, "expiring=forse"])
async def test_bad_queries_are_refused(clients: ClientFactory, seeded: Runtime, query: str) -> None:
    response = await _get(clients, seeded, "admin", f"/api/polizze?{query}")
    assert response.status_code == 400
