"""Every socket's pings, silence check and handshake deadline, in one periodic sweep.

A timer per socket cost a loop handle and a wake-up per socket and interval; one sweep of a
process's sockets, four times per ping interval (or handshake deadline, if shorter), keeps
each to within a quarter of itself and holds nothing per socket but two numbers. As before,
silence is judged when a ping is due. It runs while the process has
sockets and stops with the last one.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable

from core.realtime import protocol
from core.realtime.socket import RealtimeSocket
from core.settings import RealtimeSettings

SWEEPS_PER_DEADLINE = 4
NO_HANDSHAKE = "Handshake non ricevuto"
SILENT = "Nessuna risposta al ping"


class Keepalive:
    def __init__(
        self, limits: RealtimeSettings, sockets: Callable[[], Iterable[RealtimeSocket]]
    ) -> None:
        self.interval_s = limits.ping_interval_ms / 1000
        self.silence_s = limits.ping_timeout_ms / 1000
        self.handshake_s = limits.handshake_timeout_ms / 1000
        self.tick_s = min(self.interval_s, self.handshake_s) / SWEEPS_PER_DEADLINE
        self.sockets = sockets
        self._task: asyncio.Task[None] | None = None

    def watch(self, socket: RealtimeSocket) -> None:
        """Start watching ``socket`` (it is among ``sockets()`` from now on)."""
        socket.next_ping_at = socket.opened_at + self.interval_s
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="keepalive")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.tick_s)
            watched = list(self.sockets())
            if not watched:
                return
            now = time.monotonic()
            for socket in watched:
                self.check(socket, now)

    def check(self, socket: RealtimeSocket, now: float) -> None:
        """Close a socket past its handshake deadline; when its ping is due, close it if it
        has been silent too long, else ping it (once it has shaken hands)."""
        if socket.closed:
            return
        if not socket.handshaken and now - socket.opened_at > self.handshake_s:
            socket.close_soon(protocol.CLOSE_HANDSHAKE_TIMEOUT, NO_HANDSHAKE)
        elif now >= socket.next_ping_at:
            if now - socket.last_heard > self.silence_s:
                socket.close_soon(protocol.CLOSE_PONG_TIMEOUT, SILENT)
                return
            if socket.handshaken:
                socket.push(protocol.PING)
            socket.next_ping_at = now + self.interval_s
