"""A socket on the default protocol is detached once set up: no task waits for it while it is
idle, its frames are still handled one at a time in order, in its tenant, and its end removes
it from the hub."""

from __future__ import annotations

import asyncio
import functools
import json
from collections.abc import Callable

from core.realtime.direct_ws import DirectWebSocketsProtocol, LeanServerProtocol
from core.realtime.shared_deflate import SharedDeflate
from core.runtime import Runtime
from core.settings import Settings
from core.testing import Live, serving

SOCKETS = 12


def _note(answered: list[int], cid: int, _future: object) -> None:
    answered.append(cid)


def _connection_tasks() -> list[asyncio.Task[object]]:
    """The server's tasks that run one connection's ASGI app."""
    return [t for t in asyncio.all_tasks() if "run_asgi" in t.get_coro().__qualname__]  # type: ignore[union-attr]


def _hub_size(live: Live) -> int:
    return sum(len(group) for group in live.runtime.hub.sockets.values())


async def _settled(check: Callable[[], bool], seconds: float = 5) -> None:
    """Wait until ``check()`` holds (the server's side runs in this loop)."""
    for _ in range(int(seconds / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("not settled in time")


async def test_idle_logged_in_sockets_keep_no_task(settings: Settings, runtime: Runtime) -> None:
    async with serving(settings, runtime) as live:
        clients = [await live.logged_in("assicurapp", "agente") for _ in range(SOCKETS)]
        for client in clients:
            await client.subscribe("preventivi")
        await _settled(lambda: _hub_size(live) == SOCKETS and _connection_tasks() == [])
        answers = await asyncio.gather(
            *(c.invoke("#subscribe", {"channel": "usr"}) for c in clients)
        )
        assert len(answers) == SOCKETS  # they answer as before


async def test_a_detached_socket_answers_in_order_in_its_tenant(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime) as live:
        client = await live.logged_in("rcadealer", "admin")
        cids = list(range(1000, 1020))
        answered: list[int] = []
        for cid in cids:
            future: asyncio.Future[dict[str, object]] = asyncio.get_running_loop().create_future()
            future.add_done_callback(functools.partial(_note, answered, cid))
            client._waiting[cid] = future
        packets = [
            {"event": "#subscribe", "data": {"channel": "preventivi"}, "cid": cid} for cid in cids
        ]
        await client.ws.send(json.dumps(packets[:10]))  # one frame of ten packets
        for packet in packets[10:]:
            await client.ws.send(json.dumps(packet))
        await _settled(lambda: len(answered) == len(cids))
        assert answered == cids
        [socket] = [s for group in live.runtime.hub.sockets.values() for s in group]
        assert socket.tenant.id == "rcadealer"
        assert "preventivi" in socket.subscriptions


async def test_a_closed_detached_socket_leaves_the_hub(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime) as live:
        client = await live.logged_in("assicurapp", "admin")
        await client.subscribe("preventivi")
        assert _hub_size(live) == 1
        await client.close()
        await _settled(lambda: _hub_size(live) == 0)
        assert _connection_tasks() == []


async def test_a_bad_frame_flood_still_closes_a_detached_socket(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime) as live:
        client = await live.client()
        await client.handshake()
        for _ in range(10):
            await client.send_raw("{not json")
        async with asyncio.timeout(5):
            await client.closed.wait()
        assert client.close_code == 1008
        await _settled(lambda: _hub_size(live) == 0)


async def test_an_idle_socket_keeps_its_state_in_slots(
    settings: Settings, runtime: Runtime
) -> None:
    """What each socket holds sits in slots, not in instance dicts: an upgrade of uvicorn or
    websockets that adds an attribute shows here, before it costs every socket a dict."""
    async with serving(settings, runtime) as live:
        client = await live.logged_in("assicurapp", "agente")
        await client.subscribe("preventivi")
        [socket] = [s for group in live.runtime.hub.sockets.values() for s in group]
        protocol = socket.ws
        assert isinstance(protocol, DirectWebSocketsProtocol)
        assert isinstance(protocol.conn, LeanServerProtocol)
        [deflate] = protocol.conn.extensions  # the test client offers permessage-deflate
        assert isinstance(deflate, SharedDeflate)
        for held in (protocol, protocol.conn, deflate):
            assert vars(held) == {}, type(held).__name__
        for kept in (socket, socket.outbox, socket.bucket, socket.session):
            assert not hasattr(kept, "__dict__"), type(kept).__name__
        assert socket.subscriptions == ("preventivi",)


async def test_the_sockets_of_one_user_share_their_principal(
    settings: Settings, runtime: Runtime
) -> None:
    async with serving(settings, runtime) as live:
        for _ in range(3):
            await (await live.logged_in("assicurapp", "agente")).subscribe("preventivi")
        await (await live.logged_in("assicurapp", "responsabile")).subscribe("preventivi")
        principals = [s.principal for group in live.runtime.hub.sockets.values() for s in group]
        assert len(principals) == 4
        assert len({id(p) for p in principals}) == 2  # one per user, equal to a fresh one
        assert {p.email for p in principals if p} == {"agente@demo.it", "responsabile@demo.it"}
