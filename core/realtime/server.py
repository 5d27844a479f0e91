"""The socket at ``/socketcluster/``: receive loop, pings, limits."""

from __future__ import annotations

import asyncio
import contextlib
import time

import structlog
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect
from litestar.types import Empty
from litestar.utils.scope.state import ScopeState

from core.http.client_address import address_of
from core.http.deps import RuntimeDep, TenantDep
from core.realtime import protocol
from core.realtime.dispatch import dispatch
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime

log = structlog.get_logger(__name__)
MAX_BAD_FRAMES = 10
FLOOD_FACTOR = 5
TOO_MANY_ANONYMOUS = "Troppe connessioni senza accesso da questo indirizzo"


@websocket("/socketcluster/")
async def socketcluster(socket: WebSocket, runtime: RuntimeDep, tenant: TenantDep) -> None:  # type: ignore[type-arg]
    """One connection: the receive loop runs in this task; pings and the handshake deadline
    are timers, and the writer starts only for a socket that falls behind (no task per socket
    beyond this one while it keeps up)."""
    await socket.accept()
    address = address_of(socket, runtime.settings)
    client = RealtimeSocket(socket, tenant, runtime.settings.realtime, address)
    ScopeState.from_scope(socket.scope).headers = Empty  # read once above; not kept per socket
    client.start()
    if runtime.hub.anonymous_from(address) >= runtime.settings.realtime.anonymous_per_address:
        await client.close(protocol.CLOSE_TOO_MANY, TOO_MANY_ANONYMOUS)
        return
    runtime.hub.add(client)
    timers = Timers(client)
    try:
        with contextlib.suppress(WebSocketDisconnect):
            await client.receiving(_receive(runtime, client))
    finally:
        timers.cancel()
        runtime.hub.remove(client)
        client.closed = True
        await client.outbox.aclose()


class Timers:
    """A socket's pings, its silence check and its handshake deadline, as loop timers."""

    def __init__(self, client: RealtimeSocket) -> None:
        self.client = client
        self.loop = asyncio.get_running_loop()
        limits = client.limits
        self.interval_s = limits.ping_interval_ms / 1000
        self.silence_s = limits.ping_timeout_ms / 1000
        self.handles = [
            self.loop.call_later(limits.handshake_timeout_ms / 1000, self._handshake_due),
            self.loop.call_later(self.interval_s, self._ping_due),
        ]

    def _handshake_due(self) -> None:
        """Close a socket that has not sent ``#handshake`` within the timeout, to the moment."""
        if not self.client.handshaken:
            self.client.close_soon(protocol.CLOSE_HANDSHAKE_TIMEOUT, "Handshake non ricevuto")

    def _ping_due(self) -> None:
        """Ping every interval; close a socket silent past the timeout."""
        client = self.client
        if client.closed:
            return
        if time.monotonic() - client.last_heard > self.silence_s:
            client.close_soon(protocol.CLOSE_PONG_TIMEOUT, "Nessuna risposta al ping")
            return
        if client.handshaken:
            client.push(protocol.PING)
        self.handles[1] = self.loop.call_later(self.interval_s, self._ping_due)

    def cancel(self) -> None:
        for handle in self.handles:
            handle.cancel()


async def _receive(runtime: Runtime, client: RealtimeSocket) -> None:
    limits = runtime.settings.realtime
    bad_frames = 0
    while not client.closed:
        text = await client.ws.receive_text()
        client.last_heard = time.monotonic()
        if len(text) > limits.max_frame_bytes:
            await client.close(protocol.CLOSE_TOO_BIG, "Messaggio troppo grande")
            return
        try:
            packets = protocol.parse_frame(text)
        except protocol.ProtocolError as exc:
            bad_frames += 1
            await client.send(
                protocol.event("#error", {"name": "ProtocolError", "message": str(exc)})
            )
            if bad_frames >= MAX_BAD_FRAMES:
                await client.close(protocol.CLOSE_POLICY, "Troppi messaggi non validi")
            continue
        for packet in packets:
            if isinstance(packet, protocol.Packet):
                if await _allowed(client, packet):
                    await dispatch(runtime, client, packet)
                elif client.closed:
                    return


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
