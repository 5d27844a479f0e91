"""``sportello serve --workers N``: the workers of one server share one port and one Redis,
each delivers every change to its own sockets; without Redis, several workers are refused."""

from __future__ import annotations

import asyncio
import os
import sys
import time

from core.runtime import Runtime
from core.testing import ScClient, user_ids
from tests.realtime.processes import RedisServer, ServerProcess
from tests.realtime.records import quotes_of

HOST = "assicurapp.localhost"
SOCKETS = 16
MAX_SOCKETS = 120
WORKER_START_S = 30
"""The first worker may serve alone until the other has started: keep opening for this long."""


async def _subscribed(port: int) -> ScClient:
    client = await ScClient.open(port, HOST)
    await client.handshake()
    await client.login("agente@demo.it")
    await client.subscribe("preventivi")
    return client


async def test_two_workers_on_one_port_each_deliver_to_their_own_sockets(
    runtime: Runtime, redis: RedisServer
) -> None:
    server = ServerProcess(BROADCAST_URL=redis.url, SEED_DEMO="true")
    server.workers = 2
    await server.start()
    clients: list[ScClient] = []
    try:
        deadline = time.monotonic() + WORKER_START_S
        while len(clients) < MAX_SOCKETS and time.monotonic() < deadline:
            clients.append(await _subscribed(server.port))
            held = [n for n in server.sockets_per_worker().values() if n]
            if len(held) == 2 and len(clients) >= 4:
                break
            if len(clients) >= SOCKETS:  # the other worker is still starting on a busy machine
                await asyncio.sleep(0.25)
        assert len([n for n in server.sockets_per_worker().values() if n]) == 2, (
            "the kernel gave every socket to one worker"
        )
        ids = await user_ids(runtime, "assicurapp")
        quote = (await quotes_of(runtime, "assicurapp", ids["agente"]))[0]
        writer = await ScClient.open(server.port, HOST)
        await writer.handshake()
        await writer.login("responsabile@demo.it")
        upd = {"$set": {"status": "Approvato dalla direzione"}}
        await writer.invoke("saveData", {"coll": "preventivi", "_id": quote.id, "upd": upd})
        heard = await asyncio.gather(*(client.published("preventivi", 10) for client in clients))
        assert {event["p"]["_id"] for event in heard} == {quote.id}
        assert {event["p"]["status"] for event in heard} == {"Approvato dalla direzione"}
        clients.append(writer)
    finally:
        for client in clients:
            await client.close()
        await server.stop()


async def test_several_workers_without_redis_are_refused() -> None:
    env = {**os.environ, "BROADCAST_URL": "memory://"}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from core.cli import app; app()", "serve", "--workers", "2",
        env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    output, _ = await asyncio.wait_for(process.communicate(), 60)
    assert process.returncode == 2
    assert "BROADCAST_URL" in " ".join(output.decode().split())
