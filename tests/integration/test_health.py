"""Liveness and readiness, including a bus that cannot be reached."""

from __future__ import annotations

import pytest

from core.realtime.bus import Bus
from core.runtime import Runtime
from core.testing import ClientFactory


async def test_readyz_reports_database_and_bus(clients: ClientFactory) -> None:
    response = await clients("rcadealer").get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "bus": "ok"}


async def test_readyz_fails_when_the_bus_is_unreachable(
    clients: ClientFactory, app_runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients("assicurapp")
    monkeypatch.setattr(app_runtime.bus, "url", "redis://127.0.0.1:1")  # nothing listens there
    response = await client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["bus"] == "errore"


async def test_redis_bus_answers_ping() -> None:
    bus = Bus("redis://127.0.0.1:6379")
    await bus.connect()
    try:
        assert await bus.ping()
    finally:
        await bus.disconnect()
