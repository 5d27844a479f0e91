"""The keepalive sweep: handshake deadline, pings when due, silence judged at ping time, and
no task once no socket is left."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import Any, cast

from core.realtime import protocol
from core.realtime.keepalive import Keepalive
from core.realtime.socket import RealtimeSocket
from core.settings import RealtimeSettings

LIMITS = RealtimeSettings(ping_interval_ms=1000, ping_timeout_ms=3000, handshake_timeout_ms=2000)


@dataclass
class FakeSocket:
    opened_at: float = 0.0
    last_heard: float = 0.0
    next_ping_at: float = 0.0
    handshaken: bool = True
    closed: bool = False
    pushed: list[str] = field(default_factory=list)
    closed_with: list[int] = field(default_factory=list)

    def push(self, text: str) -> None:
        self.pushed.append(text)

    def close_soon(self, code: int, _reason: str) -> None:
        self.closed_with.append(code)


def _watched(keepalive: Keepalive, socket: FakeSocket) -> RealtimeSocket:
    real = cast(RealtimeSocket, socket)
    socket.next_ping_at = socket.opened_at + keepalive.interval_s
    return real


def test_a_socket_without_handshake_is_closed_past_its_deadline() -> None:
    keepalive = Keepalive(LIMITS, list)
    socket = FakeSocket(handshaken=False)
    real = _watched(keepalive, socket)
    keepalive.check(real, 1.9)
    assert socket.closed_with == []
    keepalive.check(real, 2.1)
    assert socket.closed_with == [protocol.CLOSE_HANDSHAKE_TIMEOUT]


def test_pings_go_when_due_and_silence_is_judged_then() -> None:
    keepalive = Keepalive(LIMITS, list)
    socket = FakeSocket()
    real = _watched(keepalive, socket)
    keepalive.check(real, 0.5)
    assert socket.pushed == []
    keepalive.check(real, 1.0)
    assert socket.pushed == [protocol.PING]
    keepalive.check(real, 1.5)
    assert socket.pushed == [protocol.PING]  # next one at 2.0
    socket.last_heard = 2.0
    keepalive.check(real, 3.5)  # silent 1.5 s: within the 3 s
    assert socket.pushed == [protocol.PING, protocol.PING]
    keepalive.check(real, 4.0)  # not due yet (3.5 + 1)
    keepalive.check(real, 5.1)  # due, silent 3.1 s
    assert socket.closed_with == [protocol.CLOSE_PONG_TIMEOUT]


def test_a_closed_socket_is_left_alone() -> None:
    keepalive = Keepalive(LIMITS, list)
    socket = FakeSocket(closed=True, handshaken=False)
    keepalive.check(_watched(keepalive, socket), 100.0)
    assert socket.closed_with == []
    assert socket.pushed == []


async def test_the_sweep_runs_while_there_are_sockets_and_stops_after() -> None:
    sockets: list[Any] = []
    fast = RealtimeSettings(ping_interval_ms=40, ping_timeout_ms=1000, handshake_timeout_ms=1000)
    keepalive = Keepalive(fast, lambda: sockets)
    now = time.monotonic()
    socket = FakeSocket(opened_at=now, last_heard=now)
    sockets.append(socket)
    twice = asyncio.Event()

    def ping(text: str) -> None:
        socket.pushed.append(text)
        if len(socket.pushed) >= 2:
            twice.set()

    socket.push = ping  # type: ignore[method-assign]
    keepalive.watch(cast(RealtimeSocket, socket))
    async with asyncio.timeout(5):
        await twice.wait()  # two pings: the sweep ran twice on its own
    sockets.clear()
    assert keepalive._task is not None
    async with asyncio.timeout(5):
        await asyncio.shield(keepalive._task)  # no socket left: the sweep ends by itself
    await keepalive.stop()
