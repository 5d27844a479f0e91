"""The socket at ``/socketcluster/``: receive loop, pings, limits."""

from __future__ import annotations

import asyncio
import contextlib
import time

import structlog
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect

from core.http.deps import RuntimeDep, TenantDep
from core.realtime import protocol
from core.realtime.dispatch import dispatch
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime

log = structlog.get_logger(__name__)
MAX_BAD_FRAMES = 10
FLOOD_FACTOR = 5


@websocket("/socketcluster/")
async def socketcluster(socket: WebSocket, runtime: RuntimeDep, tenant: TenantDep) -> None:  # type: ignore[type-arg]
    await socket.accept()
    client = RealtimeSocket(socket, tenant, runtime.settings.realtime)
    runtime.hub.add(client)
    keeper = asyncio.create_task(_keep_alive(client), name=f"ping-{client.id}")
    try:
        await _receive(runtime, client)
    except WebSocketDisconnect:
        pass
    finally:
        keeper.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await keeper
        runtime.hub.remove(client)
        client.closed = True


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
    """Ping every interval; close sockets silent past the timeout or never handshaken."""
    limits = client.limits
    opened = time.monotonic()
    interval = limits.ping_interval_ms / 1000
    while not client.closed:
        await asyncio.sleep(min(interval, limits.handshake_timeout_ms / 1000))
        now = time.monotonic()
        if not client.handshaken and now - opened > limits.handshake_timeout_ms / 1000:
            await client.close(protocol.CLOSE_HANDSHAKE_TIMEOUT, "Handshake non ricevuto")
        elif now - client.last_heard > limits.ping_timeout_ms / 1000:
            await client.close(protocol.CLOSE_PONG_TIMEOUT, "Nessuna risposta al ping")
        elif client.handshaken:
            await client.send(protocol.PING)
