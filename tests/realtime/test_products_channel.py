"""Product writes over HTTP reach the tenant's connected clients on the ``products`` channel."""

from __future__ import annotations

import httpx

from core.testing import Live


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
    """An agent follows the products it may read over HTTP: an inactive product reaches it as
    a removal (GET /api/products hides it from non-managers), while a responsabile gets the
    update; another tenant hears nothing (the sentinel on its own tenant arrives first)."""
    agent = await live.logged_in("assicurapp", "agente")
    manager = await live.logged_in("assicurapp", "responsabile")
    stranger = await live.logged_in("rcadealer", "agente")
    for client in (agent, manager, stranger):
        await client.subscribe("products")
    admin = await _admin(live, "assicurapp")
    other_admin = await _admin(live, "rcadealer")
    try:
        created = await admin.post("/api/products", json={"name": "Tutela legale"})
        assert created.status_code == 201, created.text
        product_id = created.json()["_id"]
        event = await agent.published("products")
        assert (event["operationType"], event["p"]["_id"]) == ("insert", product_id)
        assert event["p"]["name"] == "Tutela legale"
        assert (await manager.published("products"))["operationType"] == "insert"

        switched = await admin.put(f"/api/products/{product_id}", json={"active": False})
        assert switched.status_code == 200, switched.text
        event = await agent.published("products")
        assert event == {"operationType": "delete", "p": {"_id": product_id}}
        event = await manager.published("products")
        assert (event["operationType"], event["p"]["active"]) == ("update", False)

        refused = await admin.put(f"/api/products/{product_id}", json={"active": "no"})
        assert refused.status_code == 400
        renamed = await admin.put(f"/api/products/{product_id}", json={"name": "Tutela 2"})
        assert renamed.status_code == 200
        event = await manager.published("products")  # the refused write published nothing
        assert (event["operationType"], event["p"]["name"]) == ("update", "Tutela 2")

        deleted = await admin.delete(f"/api/products/{product_id}")
        assert deleted.status_code == 200, deleted.text
        event = await manager.published("products")
        assert (event["operationType"], event["p"]["_id"]) == ("delete", product_id)
        sentinel = await admin.post("/api/products", json={"name": "Sentinella"})
        event = await agent.published("products")  # nothing about the inactive one came first
        assert (event["operationType"], event["p"]["_id"]) == ("insert", sentinel.json()["_id"])

        own = await other_admin.post("/api/products", json={"name": "Solo rcadealer"})
        event = await stranger.published("products")
        assert (event["operationType"], event["p"]["_id"]) == ("insert", own.json()["_id"])
    finally:
        await admin.aclose()
        await other_admin.aclose()
