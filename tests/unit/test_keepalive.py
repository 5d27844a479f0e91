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


def test_silence_counts_only_from_the_end_of_a_stall() -> None:
    keepalive = Keepalive(LIMITS, list)
    socket = FakeSocket()
    real = _watched(keepalive, socket)
    keepalive.awake_since = 4.0  # the process did not run until 4.0: a pong may be unread
    keepalive.check(real, 5.1)  # 5.1 s since heard, but 1.1 s since the server listened again
    assert socket.closed_with == []
    assert socket.pushed == [protocol.PING]
    keepalive.check(real, 7.1)  # due again (6.1) and silent 3.1 s while the server listened
    assert socket.closed_with == [protocol.CLOSE_PONG_TIMEOUT]


async def test_a_stalled_loop_does_not_close_the_sockets_it_did_not_read() -> None:
    fast = RealtimeSettings(ping_interval_ms=40, ping_timeout_ms=200, handshake_timeout_ms=1000)
    now = time.monotonic()
    socket = FakeSocket(opened_at=now, last_heard=now)
    keepalive = Keepalive(fast, lambda: [cast(RealtimeSocket, socket)])
    keepalive.watch(cast(RealtimeSocket, socket))
    await asyncio.sleep(0.05)
    time.sleep(0.5)  # noqa: ASYNC251 (the stall under test: the loop holds 2.5 silences)
    await asyncio.sleep(0.1)  # a sweep or two after the stall, within one silence
    assert socket.closed_with == []
    assert keepalive.awake_since > now + 0.5
    socket.closed = True
    await keepalive.stop()


async def test_a_client_silent_after_the_stall_is_still_closed() -> None:
    fast = RealtimeSettings(ping_interval_ms=40, ping_timeout_ms=200, handshake_timeout_ms=1000)
    now = time.monotonic()
    socket = FakeSocket(opened_at=now, last_heard=now)
    keepalive = Keepalive(fast, lambda: [cast(RealtimeSocket, socket)])
    keepalive.watch(cast(RealtimeSocket, socket))
    closed = asyncio.Event()

    def close_soon(code: int, _reason: str) -> None:
        socket.closed_with.append(code)
        closed.set()

    socket.close_soon = close_soon  # type: ignore[method-assign]
    await asyncio.sleep(0.05)
    time.sleep(0.5)  # noqa: ASYNC251 (the stall under test)
    async with asyncio.timeout(2):
        await closed.wait()  # a silence after the stall, the client still silent
    assert set(socket.closed_with) == {protocol.CLOSE_PONG_TIMEOUT}
    socket.closed = True
    await keepalive.stop()
