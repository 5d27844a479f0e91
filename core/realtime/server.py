"""The socket at ``/socketcluster/``: set-up, detaching (or the receive loop), the end."""

from __future__ import annotations

import contextlib

import structlog
from litestar import WebSocket, websocket
from litestar.exceptions import WebSocketDisconnect
from litestar.types import Empty
from litestar.utils.scope.state import ScopeState

from core.http.client_address import address_of
from core.http.deps import RuntimeDep, TenantDep
from core.realtime import protocol
from core.realtime.direct_ws import detach_of
from core.realtime.receiver import DetachedReceiver, end_socket, handle_text
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime

log = structlog.get_logger(__name__)
TOO_MANY_ANONYMOUS = "Troppe connessioni senza accesso da questo indirizzo"


@websocket("/socketcluster/")
async def socketcluster(socket: WebSocket, runtime: RuntimeDep, tenant: TenantDep) -> None:  # type: ignore[type-arg]
    """One connection. Pings and the handshake deadline are the hub's keepalive sweep, and
    the writer starts only for a socket that falls behind. Where the server lets the socket
    detach, it does once set up, and this returns: frames then reach a receiver that runs a
    task only while some wait (:class:`~core.realtime.receiver.DetachedReceiver`).
    Elsewhere the receive loop runs in this task."""
    await socket.accept()
    address = address_of(socket, runtime.settings)
    client = RealtimeSocket(socket, tenant, runtime.settings.realtime, address)
    ScopeState.from_scope(socket.scope).headers = Empty  # read once above; not kept per socket
    socket.scope["headers"] = []  # nor the raw ones
    client.start()
    if runtime.hub.anonymous_from(address) >= runtime.settings.realtime.anonymous_per_address:
        await client.close(protocol.CLOSE_TOO_MANY, TOO_MANY_ANONYMOUS)
        return
    runtime.hub.add(client)

    detach = detach_of(socket.scope)
    if detach is not None:
        receiver = DetachedReceiver(runtime, client)
        receiver.connection = detach(receiver)
        client.write_through(receiver.connection)  # the framework's websocket and wrappers go
        return
    try:
        with contextlib.suppress(WebSocketDisconnect):
            await client.receiving(_receive(runtime, client, socket))
    finally:
        await end_socket(runtime, client)


async def _receive(runtime: Runtime, client: RealtimeSocket, socket: WebSocket) -> None:  # type: ignore[type-arg]
    while not client.closed:
        if not await handle_text(runtime, client, await socket.receive_text()):
            return
