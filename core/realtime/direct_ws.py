"""uvicorn's sans-I/O websocket protocol, plus a synchronous write for the fan-out.

Through ASGI, every frame a socket sends is a coroutine behind the framework's send wrappers,
awaited by a writer task woken for it. The fan-out of one change to a thousand sockets then
costs a thousand task wake-ups and send chains. This protocol offers the app, in the scope's
``extensions``, a plain function that frames, compresses and writes a text message at once,
as ``websockets.broadcast`` does, and refuses (``False``) whenever that is not safe: before
the handshake, after a close, or while the transport is over its high-water mark. The socket
then queues the frame for its writer, which waits for the transport as before, so a client
that stops reading still only fills its own bounded queue.

Compression, when on, is :mod:`core.realtime.shared_deflate`: no zlib state per socket, and
an event compressed once for all the sockets it goes to (this module hands every socket the
same encoded payload object).

It also lets the app *detach* a socket (:data:`DETACH`): the app hands over a receiver and
returns, the connection stays open, and each message (and the disconnect) goes straight to the
receiver from the protocol's own callbacks. An idle socket then keeps no task and no chain of
suspended ASGI and framework frames. Reading stays paused after each message until the
receiver resumes it, as uvicorn's own receive does.

When the server shuts down (SIGTERM: a deploy, a rolling restart), a detached socket in the
middle of a call reads nothing more, finishes the call and sends its answer, and only then
gets uvicorn's close 1012 (service restart), which the client answers by coming back after
its own jittered delay, to another worker. Idle sockets get it at once.

Selected with ``REALTIME_PROTOCOL=sportello`` (the default).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from types import MappingProxyType
from typing import Any, Protocol

from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.server import ServerProtocol

from core.realtime import prepared
from core.realtime.lean import LeanEvent, LeanQueue
from core.realtime.outbox import SendNow
from core.realtime.prepared import Deflate
from core.realtime.shared_deflate import SharedDeflate, SharedDeflateFactory

SEND_NOW = "sportello.send_now"
"""The scope extension holding the synchronous write: ``(text) -> bool`` (written or not)."""
DETACH = "sportello.detach"
"""The scope extension detaching the socket: ``(receiver) -> DetachedConnection`` (see
:class:`Receiver` and :class:`DetachedConnection`)."""


class Receiver(Protocol):
    """Where a detached socket's ASGI receive events go (``websocket.receive`` and
    ``websocket.disconnect``), called from the protocol's callbacks: it must not block."""

    def on_event(self, event: dict[str, Any]) -> None: ...

    def when_idle(self, then: Callable[[], None]) -> None:
        """Call ``then`` once no message is being handled (at once when none is)."""


class Connection(Protocol):
    """What a socket writes through: the framework's websocket, or the server's own
    connection once the socket is detached."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = ..., reason: str | None = ...) -> None: ...


class DetachedConnection(Connection, Protocol):
    """What a detached socket reads and writes through: the protocol itself, so that no
    wrapper is kept per socket (the framework's websocket and send chain are released)."""

    def resume_receiving(self) -> None:
        """Read the next message (reading pauses after each one until it is handled)."""


Detach = Callable[[Receiver], DetachedConnection]
"""Detach with a receiver; the connection to resume reading and to write through."""


class _ToReceiver:
    """The receive queue of a detached socket: every event goes to the receiver at once."""

    __slots__ = ("receiver",)

    def __init__(self, receiver: Receiver) -> None:
        self.receiver = receiver

    def put_nowait(self, event: dict[str, Any]) -> None:
        self.receiver.on_event(event)

    def empty(self) -> bool:
        return True


UVICORN_STATE = (
    "app", "app_state", "asgi_version", "client", "close_sent", "close_timeout",
    "close_timer", "config", "conn", "connections", "curr_msg_data_type", "default_headers",
    "disconnected", "frames", "handshake_complete", "handshake_initiated", "initial_response",
    "last_ping_rtt", "logger", "loop", "pending_ping_payload", "ping_interval", "ping_sent_at",
    "ping_timeout", "ping_timer", "pong_timer", "queue", "read_paused", "request", "response",
    "root_path", "scheme", "scope", "server", "tasks", "transport", "writable",
)  # fmt: skip
"""Every attribute uvicorn's protocol sets, held in slots: its instance dict would have more
keys than a shared-key dict holds, and cost about 1.3 KB per socket as a table of its own
(``tests/realtime/test_detached.py`` checks that none is left in the dict)."""

WEBSOCKETS_STATE = (
    "_state", "accept_called", "available_extensions", "available_subprotocols",
    "close_rcvd", "close_rcvd_then_sent", "close_sent", "current_size", "debug", "eof_sent",
    "events", "expect_continuation_frame", "extensions", "handshake_exc", "id", "logger",
    "max_fragment_size", "max_message_size", "origin", "origins", "parser", "parser_exc",
    "reader", "side", "subprotocol", "writes",
)  # fmt: skip
"""The same for the ``websockets`` connection state each socket keeps."""


class LeanServerProtocol(ServerProtocol):
    """``websockets``' server connection state, in slots."""

    __slots__ = WEBSOCKETS_STATE


_LOGGER = logging.getLogger("uvicorn.error")
_DETACHED_SCOPE = MappingProxyType({"type": "websocket"})
"""What is left of a detached socket's scope (only the handshake reads it)."""
_DEFLATE = SharedDeflateFactory(
    server_max_window_bits=12, client_max_window_bits=12, compress_settings={"memLevel": 5}
)
"""uvicorn's window settings; one for every socket, as it keeps no state (each socket gets
its own :class:`~core.realtime.shared_deflate.SharedDeflate` once negotiated)."""


CLOSE_TIMEOUT_S = 0.5
"""How long a close waits for the peer's own close frame before the connection is dropped
(uvicorn waits 10 s: a peer that never answers kept its connection that much longer than any
deadline that closed it). What was written, the close frame included, still reaches it."""


class DirectWebSocketsProtocol(WebSocketsSansIOProtocol):
    """The sans-I/O protocol with :meth:`send_now` published to the app in its scope."""

    __slots__ = (*UVICORN_STATE, "detached", "draining")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.close_timeout = CLOSE_TIMEOUT_S
        self.detached = False
        self.draining = False
        self.queue = LeanQueue()  # type: ignore[assignment]  # same calls, no idle deques
        self.writable = LeanEvent()  # type: ignore[assignment]
        self.writable.set()
        self.conn = LeanServerProtocol(
            extensions=[_DEFLATE] if self.config.ws_per_message_deflate else None,
            max_size=self.config.ws_max_size,
            logger=_LOGGER,
        )

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope: Any = getattr(self, "scope", None)
        if scope is not None:  # absent when the upgrade was refused
            scope["extensions"][SEND_NOW] = self.send_now
            scope["extensions"][DETACH] = self.detach

    def detach(self, receiver: Receiver) -> DetachedConnection:
        """Send every receive event to ``receiver`` from now on (those already queued first);
        the app may then return and the connection stays open."""
        queued, self.queue = self.queue, _ToReceiver(receiver)  # type: ignore[assignment]
        self.detached = True
        while not queued.empty():
            self.queue.put_nowait(queued.get_nowait())
        return self

    def resume_receiving(self) -> None:
        """Read the next message: reading pauses after each one until it is handled."""
        if self.read_paused and not self.disconnected and not self.draining:
            self.read_paused = False
            self.transport.resume_reading()

    def shutdown(self) -> None:
        """uvicorn's, once the message in hand (if any) is handled and answered."""
        receiver = self.queue.receiver if isinstance(self.queue, _ToReceiver) else None
        if receiver is None or self.close_sent or self.disconnected or self.draining:
            super().shutdown()
            return
        self.draining = True  # nothing more is read
        receiver.when_idle(self._shut)

    def _shut(self) -> None:
        if not self.disconnected:
            super().shutdown()

    async def send_text(self, data: str) -> None:
        """Once the transport takes more, write ``data`` as :meth:`send_now` does (a frame
        made ready off the loop goes as made); uvicorn's send where that cannot be."""
        await self.writable.wait()
        if not self.send_now(data):
            await self.send({"type": "websocket.send", "text": data})

    @property
    def deflate(self) -> Deflate | None:
        """The compression negotiated with this socket, if a frame can be compressed for it
        ahead (see :mod:`core.realtime.prepared`)."""
        for extension in self.conn.extensions:
            if isinstance(extension, SharedDeflate):
                return extension.deflate
        return None

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        await self.send({"type": "websocket.close", "code": code, "reason": reason or ""})

    async def run_asgi(self) -> None:
        """uvicorn's, but a detached socket stays open when the app returns."""
        try:
            result = await self.app(self.scope, self.receive, self.send)
        except ClientDisconnected:
            pass
        except BaseException:
            self.logger.exception("Exception in ASGI application\n")
            self.send_500_response()
        else:
            if not self.handshake_complete:
                self.logger.error("ASGI callable returned without completing handshake.")
                self.send_500_response()
            elif result is not None:
                self.logger.error("ASGI callable should return None, but returned '%s'.", result)
            elif self.detached and not (self.close_sent or self.disconnected):
                self.scope = _DETACHED_SCOPE  # type: ignore[assignment]  # the app's part goes
                self.client = self.server = None  # only logged while the handshake runs
                return  # the receiver has the socket now
        if self.close_timer is None:
            self.transport.close()

    async def send(self, message: Any) -> None:
        await super().send(message)
        if self.handshake_complete and getattr(self, "response", None) is not None:
            # the handshake's request and response: their headers live on in the scope (the
            # parser's frame keeps the request itself, so its headers are emptied)
            self.request.headers.clear()
            self.request = self.response = None  # type: ignore[assignment]

    def send_now(self, text: str) -> bool:
        """Write ``text`` as one frame now; ``False`` (nothing written) when it cannot be."""
        if (
            not self.handshake_complete
            or self.close_sent
            or self.disconnected
            or self.initial_response is not None
            or not self.writable.is_set()
            or self.transport.is_closing()
        ):
            return False
        made = prepared.ready_bytes(text)
        try:
            self.conn.send_text(made if made is not None else _encoded(text))
        except InvalidState:
            return False
        self.transport.write(b"".join(self.conn.data_to_send()))
        if made is not None:
            prepared.sent(text)
        return True


_last_encoded: tuple[str, bytes] = ("", b"")


def _encoded(text: str) -> bytes:
    """``text`` as UTF-8, the same object for the same text object: a fan-out sends one
    string to many sockets, and their compression recognises it by identity."""
    global _last_encoded
    if _last_encoded[0] is not text:
        _last_encoded = (text, text.encode())
    return _last_encoded[1]


def deflate_of(connection: object) -> Deflate | None:
    """What a frame is compressed with for the socket written through ``connection``, when
    it can be compressed ahead (a detached socket of this protocol); else ``None``."""
    return connection.deflate if isinstance(connection, DirectWebSocketsProtocol) else None


def send_now_of(scope: Any) -> SendNow | None:
    """The synchronous write the server offers this socket, if it offers one."""
    extensions = scope.get("extensions") if isinstance(scope, dict) else None
    send_now = extensions.get(SEND_NOW) if isinstance(extensions, dict) else None
    return send_now if callable(send_now) else None


def detach_of(scope: Any) -> Detach | None:
    """The detach the server offers this socket, if it offers one."""
    extensions = scope.get("extensions") if isinstance(scope, dict) else None
    detach = extensions.get(DETACH) if isinstance(extensions, dict) else None
    return detach if callable(detach) else None
