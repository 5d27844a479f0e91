"""Product writes over HTTP reach the tenant's connected clients on the ``products`` channel."""

from __future__ import annotations

import httpx
import pytest

from tests.realtime.conftest import Live


async def _admin(live: Live, tenant: str) -> httpx.AsyncClient:
    host = live.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
    client = httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}", headers={"host": host})
    response = await client.post(
        "/api/auth/login", json={"email": "admin@demo.it", "password": "demo1234"}
    )
    assert response.status_code == 200, response.text
    client.headers["authorization"] = f"Bearer {response.json()['token']}"
    return client


async def test_created_changed_and_deleted_products_are_published(live: Live) -> None:
    agent = await live.logged_in("assicurapp", "agente")
    stranger = await live.logged_in("rcadealer", "agente")
    for client in (agent, stranger):
        await client.subscribe("products")
    admin = await _admin(live, "assicurapp")
    try:
        created = await admin.post("/api/products", json={"name": "Tutela legale"})
        assert created.status_code == 201, created.text
        product_id = created.json()["_id"]
        event = await agent.published("products")
        assert (event["operationType"], event["p"]["_id"]) == ("insert", product_id)
        assert event["p"]["name"] == "Tutela legale"

        switched = await admin.put(f"/api/products/{product_id}", json={"active": False})
        assert switched.status_code == 200, switched.text
        event = await agent.published("products")
        assert (event["operationType"], event["p"]["active"]) == ("update", False)

        refused = await admin.put(f"/api/products/{product_id}", json={"active": "no"})
        assert refused.status_code == 400
        assert await agent.nothing_published("products")

        deleted = await admin.delete(f"/api/products/{product_id}")
        assert deleted.status_code == 200, deleted.text
        event = await agent.published("products")
        assert (event["operationType"], event["p"]["_id"]) == ("delete", product_id)
    finally:
        await admin.aclose()
    with pytest.raises(TimeoutError):
        await stranger.published("products", timeout=0.3)
