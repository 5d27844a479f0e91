"""The socket at ``/socketcluster/``: receive loop, pings, limits."""

from __future__ import annotations

import asyncio
import contextlib
import time

import structlog
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect

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
    await socket.accept()
    address = address_of(socket, runtime.settings)
    client = RealtimeSocket(socket, tenant, runtime.settings.realtime, address)
    client.start()
    if runtime.hub.anonymous_from(address) >= runtime.settings.realtime.anonymous_per_address:
        await client.close(protocol.CLOSE_TOO_MANY, TOO_MANY_ANONYMOUS)
        return
    runtime.hub.add(client)
    helpers = [
        asyncio.create_task(_keep_alive(client), name=f"ping-{client.id}"),
        asyncio.create_task(_handshake_deadline(client), name=f"handshake-{client.id}"),
    ]
    receiver = asyncio.create_task(_receive(runtime, client), name=f"receive-{client.id}")
    gone = asyncio.create_task(client.gone.wait())
    try:
        await asyncio.wait({receiver, gone}, return_when=asyncio.FIRST_COMPLETED)
        if receiver.done() and not receiver.cancelled():
            with contextlib.suppress(WebSocketDisconnect):
                receiver.result()
    finally:
        for task in (*helpers, receiver, gone):
            task.cancel()
        for task in (*helpers, receiver, gone):
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
                await task
        runtime.hub.remove(client)
        client.closed = True
        await client.outbox.aclose()


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


async def _keep_alive(client: RealtimeSocket) -> None:
    """Ping every interval; close sockets silent past the timeout."""
    limits = client.limits
    interval = limits.ping_interval_ms / 1000
    while not client.closed:
        await asyncio.sleep(interval)
        if time.monotonic() - client.last_heard > limits.ping_timeout_ms / 1000:
            await client.close(protocol.CLOSE_PONG_TIMEOUT, "Nessuna risposta al ping")
        elif client.handshaken:
            await client.send(protocol.PING)


async def _handshake_deadline(client: RealtimeSocket) -> None:
    """Close a socket that has not sent ``#handshake`` within the timeout, to the moment."""
    await asyncio.sleep(client.limits.handshake_timeout_ms / 1000)
    if not client.handshaken:
        await client.close(protocol.CLOSE_HANDSHAKE_TIMEOUT, "Handshake non ricevuto")
