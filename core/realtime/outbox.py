"""One socket's outbound queue, bounded in messages and bytes, drained by one writer.

Whoever sends to a socket only enqueues: the fan-out never waits on a client. Events past the
bound mean the client does not keep up, so the socket is closed (``CLOSE_SLOW``) and its client
reconnects and resyncs by watermark. Work the socket asked for itself (a sync's batches) waits
for room instead (:meth:`Outbox.put_paced`): a slow reader slows only its own sync.

Where the server offers a synchronous write (:mod:`core.realtime.direct_ws`), a frame put on
an empty, idle queue is written at once: no task wakes and nothing is awaited, which is the
common case of a fan-out to sockets that keep up. The queue and its writer serve only sockets
that are behind, or whose transport is full.

Packets that queued up while the socket was busy leave as one frame, a JSON array of them
(SocketCluster clients read arrays of packets): one send, one compression and one syscall
instead of one per packet, exactly when the socket is behind.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from itertools import islice

from core.realtime.lean import LeanEvent

Writer = Callable[[str], Awaitable[None]]
SendNow = Callable[[str], bool]
OnStall = Callable[[str], Awaitable[None]]

JOIN_FRAMES = 64
"""Queued packets sent together in one array frame, at most."""
JOIN_BYTES = 64 * 1024
"""Size past which queued packets are not joined (a sync's batches go one by one)."""

OVERFLOW = "Connessione troppo lenta: risincronizza"
SEND_TIMEOUT = "Connessione troppo lenta: invio non riuscito in tempo"


class Outbox:
    """FIFO of text frames for one socket, with a writer task that sends them in order."""

    __slots__ = (
        "_accepted", "_frames", "_on_stall", "_ready", "_room", "_send_now", "_stopped",
        "_task", "_write", "max_bytes", "max_messages", "queued_bytes", "send_timeout_s",
    )  # fmt: skip

    def __init__(
        self,
        write: Writer,
        on_stall: OnStall,
        *,
        max_messages: int,
        max_bytes: int,
        send_timeout_s: float,
        send_now: SendNow | None = None,
    ) -> None:
        self._write = write
        self._send_now = send_now
        self._on_stall = on_stall
        self.max_messages = max_messages
        self.max_bytes = max_bytes
        self.send_timeout_s = send_timeout_s
        self._frames: list[str] = []  # an empty list costs 56 bytes, an empty deque 624
        self.queued_bytes = 0
        self._ready = LeanEvent()
        self._room = LeanEvent()
        self._room.set()
        self._stopped = False
        self._accepted = False
        self._task: asyncio.Task[None] | None = None

    def __len__(self) -> int:
        return len(self._frames)

    def write_through(self, write: Writer) -> None:
        """Queued frames are written with ``write`` from now on."""
        self._write = write

    @property
    def direct(self) -> bool:
        """Whether the server writes frames for this socket synchronously when it is idle."""
        return self._send_now is not None

    @property
    def stopped(self) -> bool:
        return self._stopped

    def start(self) -> None:
        """The connection is accepted: frames may be written (the writer starts with the first
        frame that has to wait, so a socket that keeps up never has one)."""
        self._accepted = True
        if self._frames:
            self._start_writer()

    def _start_writer(self) -> None:
        if self._task is None and self._accepted and not self._stopped:
            self._task = asyncio.create_task(self._drain(), name="socket-writer")

    def put(self, text: str) -> bool:
        """Queue a frame; ``False`` when the bound is passed (the caller closes the socket)."""
        if self._stopped:
            return True
        if self._sent_now(text):
            return True
        if len(self._frames) >= self.max_messages or self.queued_bytes + len(text) > self.max_bytes:
            return False
        self._append(text)
        return True

    def _sent_now(self, text: str) -> bool:
        """Write at once when nothing is queued (order is kept: frames being written stay
        queued until written) and the server's synchronous write takes the frame."""
        return (
            self._send_now is not None
            and not self._frames
            and self._accepted
            and self._send_now(text)
        )

    async def put_paced(self, text: str) -> None:
        """Queue a frame once there is room (a sync's batch: the sender waits, not the others)."""
        while not self._stopped and self._frames and not self._fits(text):
            self._room.clear()
            await self._room.wait()
        if not self._stopped and not self._sent_now(text):
            self._append(text)

    def _fits(self, text: str) -> bool:
        return (
            len(self._frames) < self.max_messages
            and self.queued_bytes + len(text) <= self.max_bytes
        )

    def _append(self, text: str) -> None:
        self._frames.append(text)
        self.queued_bytes += len(text)
        self._ready.set()
        self._start_writer()

    async def _drain(self) -> None:
        while not self._stopped:
            if not self._frames:
                self._ready.clear()
                await self._ready.wait()
                continue
            count, size = self._joinable()
            first = self._frames[0]
            text = first if count == 1 else f"[{','.join(islice(self._frames, count))}]"
            try:
                async with asyncio.timeout(self.send_timeout_s):
                    await self._write(text)
            except TimeoutError:
                self.stop()
                await self._on_stall(SEND_TIMEOUT)
                return
            except Exception:  # the peer vanished: the receive loop notices and cleans up
                self.stop()
                return
            del self._frames[:count]
            self.queued_bytes -= size
            self._room.set()

    def _joinable(self) -> tuple[int, int]:
        """How many queued frames from the front go out as one, and their size: packets (JSON
        objects; never a ping or an array) up to ``JOIN_FRAMES`` and ``JOIN_BYTES``."""
        frames = self._frames
        size = len(frames[0])
        if not frames[0].startswith("{"):
            return 1, size
        count = 1
        for text in islice(frames, 1, JOIN_FRAMES):
            if not text.startswith("{") or size + len(text) > JOIN_BYTES:
                break
            count += 1
            size += len(text)
        return count, size

    async def flushed(self, timeout_s: float) -> None:
        """Wait (at most ``timeout_s``) until every queued frame has been written."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout_s):
                while self._frames and not self._stopped:
                    self._room.clear()
                    await self._room.wait()

    def stop(self) -> None:
        """Drop what is queued and wake anyone waiting for room; the writer ends."""
        self._stopped = True
        self._frames.clear()
        self.queued_bytes = 0
        self._ready.set()
        self._room.set()

    async def aclose(self) -> None:
        self.stop()
        task, self._task = self._task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task  # cancelled, or already failed: either way it is gone
