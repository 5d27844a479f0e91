"""A live server in the test's event loop, on a free port, with the demo data."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import pytest
import uvicorn

from core.app import create_app
from core.demo.seed import seed_demo
from core.runtime import Runtime
from core.settings import Settings
from tests.realtime.client import ScClient

FAST = {
    "ping_interval_ms": 250,
    "ping_timeout_ms": 1500,
    "handshake_timeout_ms": 1500,
    "resync_margin_s": 0,
}


@dataclass
class Live:
    port: int
    runtime: Runtime
    opened: list[ScClient]

    async def client(self, tenant: str = "assicurapp", **options: object) -> ScClient:
        host = self.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
        client = await ScClient.open(self.port, host, **options)
        self.opened.append(client)
        return client

    async def logged_in(self, tenant: str, who: str) -> ScClient:
        client = await self.client(tenant)
        await client.handshake()
        await client.login(f"{who}@demo.it")
        return client


LiveFactory = Callable[[], Awaitable[Live]]


@contextlib.asynccontextmanager
async def serving(settings: Settings, runtime: Runtime, **realtime: object) -> AsyncIterator[Live]:
    """A live server in this event loop on a free port (``realtime``: setting overrides)."""
    fast = settings.model_copy(
        update={"realtime": settings.realtime.model_copy(update={**FAST, **realtime})}
    )
    app = create_app(fast, pm=runtime.pm, migrate=False, seed=True)
    config = uvicorn.Config(app, host="127.0.0.1", port=0, log_config=None, lifespan="on")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.02)
        if task.done():
            task.result()
    port = server.servers[0].sockets[0].getsockname()[1]
    live = Live(port, app.state.runtime, [])
    try:
        yield live
    finally:
        for client in live.opened:
            await client.close()
        server.should_exit = True
        await task


@pytest.fixture
async def live(settings: Settings, runtime: Runtime) -> AsyncIterator[Live]:
    async with serving(settings, runtime) as server:
        yield server


__all__ = ["Live", "seed_demo", "serving"]
