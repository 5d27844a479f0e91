"""The realtime suites' own fixture: a private redis-server (the live server, its sockets
and the sentinels are the test kit's, :mod:`core.testing`)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.realtime.processes import RedisServer


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
