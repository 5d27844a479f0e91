"""What a socket does with each text frame it receives, and the receiver of a detached socket.

:func:`handle_text` is the per-frame work either way: the size bound, parsing, the rate limit
and dispatch. A socket the server lets detach (:mod:`core.realtime.direct_ws`) gets a
:class:`DetachedReceiver`: no task while idle; one runs only while frames wait, in the
context (tenant scope, log bindings) of the request that opened the socket.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import structlog

from core.realtime import protocol
from core.realtime.direct_ws import DetachedConnection
from core.realtime.dispatch import dispatch
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime

log = structlog.get_logger(__name__)
MAX_BAD_FRAMES = 10
FLOOD_FACTOR = 5
INTERNAL_ERROR = 1011

_ending: set[asyncio.Task[None]] = set()
"""Clean-ups under way (held here so none is collected before it ends)."""


async def handle_text(runtime: Runtime, client: RealtimeSocket, text: str) -> bool:
    """Handle one text frame; ``False`` once nothing more is to be read from this socket."""
    client.last_heard = time.monotonic()
    if len(text) > runtime.settings.realtime.max_frame_bytes:
        await client.close(protocol.CLOSE_TOO_BIG, "Messaggio troppo grande")
        return False
    try:
        packets = protocol.parse_frame(text)
    except protocol.ProtocolError as exc:
        client.bad_frames += 1
        for cid in exc.cids:  # each call it carried is answered, as HTTP answers a bad body
            await client.send(protocol.failure(cid, "BadRequest", exc.message))
        if not exc.cids:
            error = {"name": "ProtocolError", "message": exc.message}
            await client.send(protocol.event("#error", error))
        if client.bad_frames >= MAX_BAD_FRAMES:
            await client.close(protocol.CLOSE_POLICY, "Troppi messaggi non validi")
        return not client.closed
    for packet in packets:
        if isinstance(packet, protocol.Packet):
            if await _allowed(client, packet):
                await dispatch(runtime, client, packet)
            elif client.closed:
                return False
    return not client.closed


async def _allowed(client: RealtimeSocket, packet: protocol.Packet) -> bool:
    """Rate limit: over budget gets an error; a flood closes the socket."""
    if packet.event == protocol.HANDSHAKE or client.bucket.take():
        return True
    if client.bucket.refused > client.limits.calls_per_second * FLOOD_FACTOR:
        await client.close(protocol.CLOSE_POLICY, "Troppe richieste")
    elif packet.cid is not None:
        await client.send(
            protocol.failure(packet.cid, "RateLimitError", "Troppe richieste: rallenta")
        )
    return False


async def end_socket(runtime: Runtime, client: RealtimeSocket) -> None:
    """The socket is gone: out of the hub, its queue closed."""
    runtime.hub.remove(client)
    client.closed = True
    await client.outbox.aclose()


class DetachedReceiver:
    """A detached socket's frames, handled in order by a task that exists only while some
    wait; reading resumes once they are handled. The disconnect ends the socket."""

    __slots__ = ("client", "connection", "context", "ended", "runtime", "task", "waiting")

    def __init__(self, runtime: Runtime, client: RealtimeSocket) -> None:
        self.runtime = runtime
        self.client = client
        self.context = contextvars.copy_context()
        """The opening request's (tenant scope, log bindings). Each run starts from a copy of
        it, as a task does: what a frame sets is not kept for the socket's lifetime (a decimal
        context, some 400 bytes, would be)."""
        self.connection: DetachedConnection | None = None
        """Set once detached: what reading resumes on."""
        self.waiting: deque[str] | None = None
        self.task: asyncio.Task[None] | None = None
        self.ended = False

    def on_event(self, event: dict[str, Any]) -> None:
        if event["type"] == "websocket.disconnect":
            self._end()
        elif self.ended or self.client.closed:
            self._resume()  # read on: closing needs the peer's reply
        else:
            if self.waiting is None:
                self.waiting = deque()
            self.waiting.append(event.get("text") or "")  # as ``receive_text`` reads a frame
            if self.task is None:
                loop = asyncio.get_running_loop()
                self.task = loop.create_task(self._drain(), context=self.context.copy())

    async def _drain(self) -> None:
        try:
            while self.waiting and not self.client.closed:
                if not await handle_text(self.runtime, self.client, self.waiting.popleft()):
                    break
        except Exception:
            log.exception("socket.receive_failed", socket=self.client.id)
            self.client.close_soon(INTERNAL_ERROR, "Errore interno")
        finally:
            self.waiting = None
            self.task = None
            self._resume()

    def when_idle(self, then: Callable[[], None]) -> None:
        """Call ``then`` once the frames in hand are handled (at once when none are)."""
        if self.task is None:
            then()
        else:
            self.task.add_done_callback(lambda _task: then())

    def _end(self) -> None:
        if self.ended:
            return
        self.ended = True
        self.waiting = None  # frames not yet handled are dropped, as a closed loop drops them
        task = asyncio.get_running_loop().create_task(self._finish(), context=self.context.copy())
        _ending.add(task)
        task.add_done_callback(_ending.discard)

    async def _finish(self) -> None:
        """End the socket once the frame in hand (if any) is handled, as the loop would."""
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)
        await end_socket(self.runtime, self.client)

    def _resume(self) -> None:
        if self.connection is not None:
            self.connection.resume_receiving()
