"""The realtime suites' own fixtures: a private redis-server and two servers sharing it (the
live server, its sockets and the sentinels are the test kit's, :mod:`core.testing`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from core.runtime import Runtime
from tests.realtime.processes import RedisServer, ServerProcess

FAST_PROCESS = {"BROADCAST_HEARTBEAT_S": "1", "REALTIME_PING_INTERVAL_MS": "1000"}


@pytest.fixture
async def redis() -> AsyncIterator[RedisServer]:
    """A private redis-server for the test (skipped where none is installed)."""
    if not RedisServer.available():
        pytest.skip("redis-server not installed")
    server = RedisServer()
    await server.start()
    try:
        yield server
    finally:
        await server.kill()


@pytest.fixture
async def pair(runtime: Runtime, redis: RedisServer) -> AsyncIterator[list[ServerProcess]]:
    """Two servers on one database and one Redis (the first seeds the demo data)."""
    env = {**FAST_PROCESS, "BROADCAST_URL": redis.url}
    servers = [ServerProcess(**env, SEED_DEMO="true"), ServerProcess(**env, SEED_DEMO="false")]
    try:
        for server in servers:
            await server.start()
        yield servers
    finally:
        for server in servers:
            await server.kill()
