"""Every socket's pings, silence check and handshake deadline.

A timer per socket cost a loop handle and a wake-up per socket and interval; one sweep of a
process's sockets, four times per ping interval, keeps pings to within a quarter of it and
holds nothing per socket but two numbers. As before, silence is judged when a ping is due. It
runs while the process has sockets and stops with the last one.

Silence counts only time the process was listening: a sweep that wakes more than a tick late
(the process was descheduled, or its loop held by other work) finds pongs still unread in the
socket buffers, so every socket is judged from that moment (``awake_since``), not from its
last message. A stalled server otherwise drops every client at once and meets their
reconnections.

The handshake deadline is kept to the millisecond instead: sockets that have not shaken
hands wait in the order they opened (so in the order of their deadlines) and one timer is
set for the first deadline; a socket that shook hands or closed leaves the line when it
reaches the front.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
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
        self.tick_s = self.interval_s / SWEEPS_PER_DEADLINE
        self.sockets = sockets
        self._task: asyncio.Task[None] | None = None
        self._unshaken: deque[RealtimeSocket] = deque()
        """Sockets not known to have shaken hands, oldest first."""
        self._deadline: asyncio.TimerHandle | None = None
        self.awake_since = 0.0
        """When the sweep last woke from a stall (monotonic seconds): silence counts from here."""

    def watch(self, socket: RealtimeSocket) -> None:
        """Start watching ``socket`` (it is among ``sockets()`` from now on)."""
        socket.next_ping_at = socket.opened_at + self.interval_s
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="keepalive")
        if not socket.handshaken:
            self._unshaken.append(socket)
            if self._deadline is None:
                self._set_deadline()

    async def stop(self) -> None:
        task, self._task = self._task, None
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._unshaken.clear()
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)

    def _set_deadline(self) -> None:
        """Set the timer for the first socket still waiting to shake hands, if any."""
        waiting = self._unshaken
        while waiting and (waiting[0].handshaken or waiting[0].closed):
            waiting.popleft()
        if not waiting:
            self._deadline = None
            return
        loop = asyncio.get_running_loop()
        due_in = waiting[0].opened_at + self.handshake_s - time.monotonic()
        self._deadline = loop.call_at(loop.time() + max(0.0, due_in), self._handshakes_due)

    def _handshakes_due(self) -> None:
        """Close every socket past its handshake deadline; set the timer for the next."""
        now = time.monotonic()
        waiting = self._unshaken
        while waiting and now - waiting[0].opened_at >= self.handshake_s:
            socket = waiting.popleft()
            if not socket.handshaken and not socket.closed:
                socket.close_soon(protocol.CLOSE_HANDSHAKE_TIMEOUT, NO_HANDSHAKE)
        self._set_deadline()

    async def _run(self) -> None:
        while True:
            due = time.monotonic() + self.tick_s
            await asyncio.sleep(self.tick_s)
            watched = list(self.sockets())
            if not watched:
                return
            now = time.monotonic()
            if now - due > self.tick_s:  # a stall: what clients sent is not read yet
                self.awake_since = now
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
            if now - max(socket.last_heard, self.awake_since) > self.silence_s:
                socket.close_soon(protocol.CLOSE_PONG_TIMEOUT, SILENT)
                return
            if socket.handshaken:
                socket.push(protocol.PING)
            socket.next_ping_at = now + self.interval_s
