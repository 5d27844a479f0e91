"""A live server in the test's event loop, on a free port, with the demo data, and the
sentinels that prove nothing else reached a socket before them."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import httpx
import uvicorn
from litestar import Litestar

from core.runtime import Runtime
from core.serving import uvicorn_options
from core.settings import Settings
from core.testing.app_pool import AppPool
from core.testing.client import ScClient
from core.testing.database import seed_or_restore

FAST = {
    "ping_interval_ms": 250,
    "ping_timeout_ms": 1500,
    "handshake_timeout_ms": 1500,
    "resync_margin_s": 0,
}

STOP_DEADLINE_S = 15
"""A test server still stopping after this long fails its test instead of hanging the run."""


@dataclass
class Served:
    """One uvicorn server in the test's event loop; ``port=0`` picks a free port."""

    app: Litestar
    server: uvicorn.Server
    task: asyncio.Task[None]
    port: int

    @property
    def runtime(self) -> Runtime:
        runtime: Runtime = self.app.state.runtime
        return runtime

    @classmethod
    async def start(cls, app: Litestar, port: int = 0) -> Served:
        options = uvicorn_options(app.state.runtime.settings)
        config = uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="on", **options)
        server = uvicorn.Server(config)
        task = asyncio.create_task(server.serve())
        while not server.started:
            await asyncio.sleep(0.02)
            if task.done():
                task.result()
        return cls(app, server, task, server.servers[0].sockets[0].getsockname()[1])

    async def stop(self) -> None:
        """Shut down as a deploy does: open sockets are closed with 1012 (service restart)."""
        self.server.should_exit = True
        try:
            await asyncio.wait_for(asyncio.shield(self.task), STOP_DEADLINE_S)
        except TimeoutError:
            self.server.force_exit = True
            await asyncio.wait_for(self.task, STOP_DEADLINE_S)
            raise AssertionError(f"the server took more than {STOP_DEADLINE_S} s to stop") from None


def fast_app(
    settings: Settings, runtime: Runtime, *, seed: bool = True, **realtime: object
) -> Litestar:
    """The app over the test database with the demo data (seeded on start unless ``seed`` is
    false), and short pings."""
    fast = settings.model_copy(
        update={"realtime": settings.realtime.model_copy(update={**FAST, **realtime})}
    )
    return AppPool.borrow(fast, runtime.pm, migrate=False, seed=seed)


@dataclass
class Live:
    """A served app: its port, its runtime, and the sockets opened on it (closed at the end)."""

    port: int
    runtime: Runtime
    opened: list[ScClient]

    async def client(self, tenant: str = "assicurapp", **options: object) -> ScClient:
        """A socket to ``tenant``'s host, not yet through the handshake."""
        host = self.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
        client = await ScClient.open(self.port, host, **options)
        self.opened.append(client)
        return client

    @contextlib.asynccontextmanager
    async def http(self, tenant: str = "assicurapp") -> AsyncIterator[httpx.AsyncClient]:
        """An HTTP client of this server speaking as ``tenant``'s host."""
        host = self.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
        base = f"http://127.0.0.1:{self.port}"
        async with httpx.AsyncClient(base_url=base, headers={"host": host}) as client:
            yield client

    async def logged_in(self, tenant: str, who: str) -> ScClient:
        """A socket logged in as the demo account ``who`` (``admin``, ``agente``…)."""
        client = await self.client(tenant)
        await client.handshake()
        await client.login(f"{who}@demo.it")
        return client


LiveFactory = Callable[[], Awaitable[Live]]


async def sentinel(live: Live, client: ScClient, tenant: str, channel: str = "preventivi") -> None:
    """Assert that nothing reached ``client`` on ``channel`` before now.

    A sentinel event it may see goes through the same bus and fan-out as every change made
    before it, so whatever the client was not to receive would have arrived first: the next
    event on the channel must be the sentinel (no "nothing arrived in 0.4 s" guesswork).
    """
    marker = f"sentinel-{secrets.token_hex(6)}"
    key, item = {
        "settings": ("s", {"_id": marker}),
        "chat": ("c", {"_id": marker, "userId": client.user_id}),  # their own support room
        "docs": ("d", {"_id": marker, "usrId": client.user_id}),  # their own upload
    }.get(channel, ("p", {"_id": marker, "aId": client.user_id}))
    data = {"operationType": "insert", key: item}
    await live.runtime.hub._send_bus({"t": tenant, "c": channel, "d": data})
    got = await client.published(channel)
    assert got[key]["_id"] == marker, f"arrived before the sentinel: {got}"


async def heard_before_sentinel(
    live: Live, clients: list[ScClient], tenant: str
) -> list[dict[str, list[Any]]]:
    """What each client heard, channel by channel, before a sentinel server event: it goes
    through the same bus and the same socket queues as every change made before it (logged
    in or not), so the lists hold all that was coming, with no waiting for silence."""
    marker = f"sentinel-{secrets.token_hex(6)}"
    await live.runtime.hub.send_event(tenant, marker)
    heard: list[dict[str, list[Any]]] = []
    for client in clients:
        events: dict[str, list[Any]] = {}
        while (packet := await client.next_event())["event"] != marker:
            if packet["event"] == "#publish":
                channel = packet["data"]["channel"]
                events.setdefault(channel, []).append(packet["data"]["data"])
        heard.append(events)
    return heard


PASSING_EVENTS = frozenset({"#setAuthToken", "#publish"})


async def event_sentinel(live: Live, client: ScClient, tenant: str) -> None:
    """Assert that no server event reached ``client`` before now (see :func:`sentinel`)."""
    marker = f"sentinel-{secrets.token_hex(6)}"
    await live.runtime.hub.send_event(tenant, marker)
    while (got := await client.next_event())["event"] in PASSING_EVENTS:
        continue  # the login's token and channel data are not server events
    assert got == {"event": marker}, f"arrived before the sentinel: {got}"


@contextlib.asynccontextmanager
async def serving(settings: Settings, runtime: Runtime, **realtime: object) -> AsyncIterator[Live]:
    """A live server in this event loop on a free port (``realtime``: setting overrides),
    over the demo data (restored from the worker's snapshot once it has one)."""
    await seed_or_restore(settings, runtime)
    served = await Served.start(fast_app(settings, runtime, seed=False, **realtime))
    live = Live(served.port, served.runtime, [])
    try:
        yield live
    finally:
        for client in live.opened:
            await client.close()
        await served.stop()
