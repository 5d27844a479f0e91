"""Faults with real processes: Redis restarted during writes, one of two servers killed.

Two ``sportello serve`` processes share this run's database and a private Redis. Clients
resync the way the browser does; once writes stop, what each holds equals the database.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from core.runtime import Runtime
from core.testing import CallFailed, ScClient
from tests.realtime.expected import expected_collections
from tests.realtime.mirror import Mirror
from tests.realtime.processes import RedisServer, ServerProcess

pytestmark = pytest.mark.skipif(not RedisServer.available(), reason="redis-server not installed")

HOST = "assicurapp.localhost"
STATUSES = ("Approvato dalla direzione", "Preventivato")


async def _database_view(runtime: Runtime, who: str) -> dict[str, dict[str, Any]]:
    """The quotes ``who`` may see, as the database holds them now (the visibility written
    out in :mod:`tests.realtime.expected`, not the production rule)."""
    view: dict[str, dict[str, Any]] = (await expected_collections(runtime, "assicurapp", who))[
        "preventivi"
    ]
    return view


async def _converged(mirror: Mirror, runtime: Runtime, who: str, attempts: int = 160) -> bool:
    """Whether the mirror comes to hold what the database holds (polled for up to 40 s: the
    suite runs on both cores beside the two servers and Redis)."""
    for _attempt in range(attempts):
        if mirror.state == await _database_view(runtime, who):
            return True
        await asyncio.sleep(0.25)
    return False


class Writer:
    """A manager changing statuses through ``saveData``; reconnects when its server asks."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.client: ScClient | None = None
        self.done = 0

    async def _client(self) -> ScClient:
        if self.client is None or self.client.closed.is_set():
            for port in self.ports:
                with contextlib.suppress(OSError):
                    self.client = await ScClient.open(port, HOST)
                    break
            assert self.client is not None
            await self.client.handshake()
            await self.client.login("responsabile@demo.it")
        return self.client

    async def change(self, quote_id: str) -> None:
        for _attempt in range(50):
            with contextlib.suppress(CallFailed, TimeoutError, OSError, ConnectionClosed):
                client = await self._client()
                status = STATUSES[self.done % 2]
                upd = {"$set": {"status": status}}
                await client.invoke("saveData", {"coll": "preventivi", "_id": quote_id, "upd": upd})
                self.done += 1
                return
            self.client = None
            await asyncio.sleep(0.1)
        raise AssertionError("the writer could not write")


async def _agent_quote_ids(runtime: Runtime) -> list[str]:
    return list(await _database_view(runtime, "agente"))[:5]


async def test_redis_restarted_during_writes(
    runtime: Runtime, redis: RedisServer, pair: list[ServerProcess]
) -> None:
    first, second = pair
    mirror = Mirror(HOST, "agente@demo.it", [second.port])
    await mirror.start()
    writer = Writer([first.port])
    quotes = await _agent_quote_ids(runtime)
    try:
        for number in range(30):
            if number == 10:
                await redis.kill()
            if number == 18:
                await redis.start()
            outage = 10 <= number < 18  # these quotes are not written again afterwards
            await writer.change(quotes[2 + number % 3] if outage else quotes[number % 2])
            await asyncio.sleep(0.05)
        assert await _converged(mirror, runtime, "agente")
        assert mirror.connections >= 2  # it was sent to resync, and did
    finally:
        await mirror.stop()


async def test_one_of_two_servers_killed(runtime: Runtime, pair: list[ServerProcess]) -> None:
    first, second = pair
    moving = Mirror(HOST, "agente@demo.it", [first.port, second.port])
    staying = Mirror(HOST, "subagente@demo.it", [second.port])
    for mirror in (moving, staying):
        await mirror.start()
    writer = Writer([second.port])
    quotes = await _agent_quote_ids(runtime)
    try:
        for number in range(20):
            if number == 8:
                await first.kill()
            await writer.change(quotes[number % len(quotes)])
            await asyncio.sleep(0.05)
        assert await _converged(moving, runtime, "agente")
        assert await _converged(staying, runtime, "subagente")
        assert moving.connections >= 2  # it came back through the other server
    finally:
        for mirror in (moving, staying):
            await mirror.stop()
