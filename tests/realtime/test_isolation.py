"""One client cannot hurt the others: a socket that stops reading, anonymous floods, syncs.

Each test reproduces the attack against a live server and asserts the defence.
"""

from __future__ import annotations

import asyncio
import secrets
import time

import pytest

from core.realtime import protocol
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime
from core.settings import Settings
from core.testing import CallFailed, Live, ScClient, serving, user_ids

PAD_BYTES = 75_000
"""Random padding per event (~100 KB of text that compression cannot shrink much): FLOOD
of them are more than a stalled socket's kernel buffers hold (loopback receive buffers grow
up to 32 MB here)."""
FLOOD = 700
PACE_S = 0.005
"""A flood at a pace one healthy reader keeps up with (within the calls rate limit)."""


async def _flood(live: Live, tenant: str, admin_id: str, count: int) -> None:
    """``count`` large quote events on ``tenant``, each visible to its admins."""
    for n in range(count):
        item = {"_id": f"big-{n}", "aId": admin_id, "pad": secrets.token_urlsafe(PAD_BYTES)}
        await live.runtime.hub._send_bus(
            {"t": tenant, "c": "preventivi", "d": {"operationType": "update", "p": item}}
        )
        await asyncio.sleep(PACE_S)


async def _sentinel(live: Live, tenant: str, admin_id: str) -> None:
    item = {"_id": "sentinel", "aId": admin_id}
    await live.runtime.hub._send_bus(
        {"t": tenant, "c": "preventivi", "d": {"operationType": "insert", "p": item}}
    )


async def _ids_until_sentinel(client: ScClient, timeout: float = 30) -> list[str]:
    """Quote ids published to ``client`` in order, up to and including the sentinel."""
    ids: list[str] = []
    async with asyncio.timeout(timeout):
        while not ids or ids[-1] != "sentinel":
            data = await client.published("preventivi", timeout=timeout)
            ids.append(data["p"]["_id"])
    return ids


def _server_sockets(live: Live, user_id: str) -> list[RealtimeSocket]:
    return [s for g in live.runtime.hub.sockets.values() for s in g if s.user_id == user_id]


async def test_a_socket_that_stops_reading_does_not_stall_anyone_else(
    settings: Settings, runtime: Runtime
) -> None:
    limits = {"outbox_bytes": 1_000_000, "send_timeout_ms": 2000, "ping_interval_ms": 60_000}
    async with serving(settings, runtime, **limits) as live:
        here, there = await user_ids(runtime, "assicurapp"), await user_ids(runtime, "rcadealer")
        stalled = await live.logged_in("assicurapp", "admin")
        await stalled.subscribe("preventivi")
        same_tenant = await live.logged_in("assicurapp", "responsabile")
        await same_tenant.subscribe("preventivi")
        other_tenant = await live.logged_in("rcadealer", "admin")
        await other_tenant.subscribe("preventivi")
        [behind] = _server_sockets(live, here["admin"])
        assert behind.outbox.direct  # written at once while idle, queued once the peer lags
        stalled._reader.cancel()  # nobody reads: websockets stops reading the transport
        stalled.ws.transport.pause_reading()

        await _flood(live, "assicurapp", here["admin"], FLOOD)
        await _sentinel(live, "rcadealer", there["admin"])
        assert await _ids_until_sentinel(other_tenant) == ["sentinel"]
        await _sentinel(live, "assicurapp", here["admin"])
        expected = [f"big-{n}" for n in range(FLOOD)] + ["sentinel"]
        assert await _ids_until_sentinel(same_tenant) == expected

        async with asyncio.timeout(10):  # closed for falling behind, not left to grow
            await behind.gone.wait()
        assert live.runtime.hub.recoveries == 0  # no 1012 'Bus riconnesso' for everyone
        [healthy] = _server_sockets(live, here["responsabile"])
        assert healthy.closed is False


async def test_anonymous_sockets_per_address_are_capped(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime, anonymous_per_address=3) as live:
        held = [await live.client() for _ in range(3)]
        for client in held:
            await client.handshake()
        refused = await live.client()
        async with asyncio.timeout(5):
            await refused.closed.wait()
        assert refused.close_code == protocol.CLOSE_TOO_MANY
        await held[0].login("agente@demo.it")  # a logged-in socket no longer counts
        admitted = await live.client()
        assert (await admitted.handshake())["isAuthenticated"] is False


async def test_the_anonymous_count_follows_logins_and_closes_and_forgets_the_address(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime) as live:
        hub = live.runtime.hub
        clients = [await live.client() for _ in range(3)]
        for client in clients:
            await client.handshake()
        [address] = {s.address for s in hub.all_sockets()}
        assert hub.anonymous_from(address) == 3
        assert hub.anonymous_from("192.0.2.1") == 0  # another address counts its own only
        await clients[0].login("agente@demo.it")
        assert hub.anonymous_from(address) == 2
        assert len(hub._anonymous[address]) == 2  # the logged-in socket is looked at no more
        for client in clients:
            await client.close()
        for _ in range(500):  # the server notices each close on its own
            if not list(hub.all_sockets()):
                break
            await asyncio.sleep(0.01)
        assert hub.anonymous_from(address) == 0
        assert hub._anonymous == {}  # closed sockets leave nothing behind


async def test_the_handshake_timeout_is_honoured_to_the_second(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime, handshake_timeout_ms=1000, ping_interval_ms=8000) as live:
        silent = await live.client()
        started = time.monotonic()
        async with asyncio.timeout(10):
            await silent.closed.wait()
        assert silent.close_code == protocol.CLOSE_HANDSHAKE_TIMEOUT
        # closed by the handshake deadline (1 s, late on a busy runner), not by pings (8 s)
        assert time.monotonic() - started < 4.0


async def test_a_sync_past_the_users_bound_is_refused_in_italian(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime, sync_wait_ms=100) as live:
        agent = await live.logged_in("assicurapp", "agente")
        agent_id = (await user_ids(runtime, "assicurapp"))["agente"]
        async with live.runtime.sync_gate.user_slot("assicurapp", agent_id):  # a sync in progress
            with pytest.raises(CallFailed) as refused:
                await agent.invoke("getDbData", {"preventivi": []})
            assert refused.value.message == "Sincronizzazione già in corso: riprova tra poco"
            colleague = await live.logged_in("assicurapp", "subagente")
            assert (await colleague.invoke("getDbData", {"preventivi": []}))["tot"] == 1
        assert (await agent.invoke("getDbData", {"preventivi": []}))["tot"] == 1


async def test_a_sync_waiting_on_its_reader_holds_no_tenant_slot_nor_connection(
    settings: Settings, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A client that stops reading mid-sync keeps its batches waiting for room: meanwhile
    the tenant's other users sync (its one slot is free) and no pooled connection is held."""
    async with serving(settings, runtime, syncs_per_tenant=1, sync_wait_ms=1000) as live:
        agent_id = (await user_ids(runtime, "assicurapp"))["agente"]
        waiting, release = asyncio.Event(), asyncio.Event()
        publish = RealtimeSocket.publish

        async def no_room_for_the_agent(socket: RealtimeSocket, channel: str, data: object) -> None:
            if socket.user_id == agent_id:  # as put_paced waits while its reader reads nothing
                waiting.set()
                await release.wait()
            await publish(socket, channel, data)

        monkeypatch.setattr(RealtimeSocket, "publish", no_room_for_the_agent)
        slow = await live.logged_in("assicurapp", "agente")
        colleague = await live.logged_in("assicurapp", "responsabile")
        pool = live.runtime.db.engine.pool
        idle = pool.checkedout()  # type: ignore[attr-defined]
        stuck = asyncio.create_task(slow.invoke("getDbData", {}))
        async with asyncio.timeout(5):
            await waiting.wait()
        assert pool.checkedout() == idle  # type: ignore[attr-defined]
        answer = await colleague.invoke("getDbData", {})  # the tenant's only slot is free
        assert answer["full"] is True
        assert answer["tot"] >= 1
        assert not stuck.done()
        release.set()
        assert (await stuck)["tot"] >= 1
