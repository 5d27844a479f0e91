"""One connected client: its tenant, who it is, what it subscribed to, and how to talk to it."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import sys
import time
from collections.abc import AsyncIterator, Coroutine
from typing import Any

import structlog
from litestar import WebSocket

from core.auth.principal import Principal
from core.auth.tokens import LoginSession, TokenClaims
from core.http.origin import client_origin
from core.observability.metrics import count_slow_close
from core.realtime import prepared, protocol
from core.realtime.direct_ws import Connection, deflate_of, send_now_of
from core.realtime.lean import LeanEvent
from core.realtime.limits import TokenBucket
from core.realtime.outbox import OVERFLOW, SEND_TIMEOUT, Outbox
from core.settings import RealtimeSettings
from tenants.config import Tenant

log = structlog.get_logger(__name__)
CLOSE_TIMEOUT_S = 1.0


class RealtimeSocket:
    """Server side of one SocketCluster connection (implements ``RealtimeClient``); its state
    in slots, as thousands are held at once."""

    __slots__ = (
        "_closing", "_held", "_receiver", "_receiver_stopped", "address", "bad_frames",
        "bucket", "closed", "gone", "handshaken", "id", "last_heard", "limits", "next_ping_at",
        "opened_at", "origin", "outbox", "principal", "session", "subscriptions", "tenant",
        "user_agent", "ws",
    )  # fmt: skip

    def __init__(
        self,
        ws: WebSocket,  # type: ignore[type-arg]
        tenant: Tenant,
        limits: RealtimeSettings,
        address: str = "unknown",
    ) -> None:
        self.id = secrets.token_urlsafe(12)
        self.address = address
        self.ws: Connection = ws
        self.tenant = tenant
        # interned: the sockets of one browser and of one site share one copy
        self.user_agent = sys.intern(str(ws.headers.get("user-agent", ""))[:300])
        origin = client_origin(ws.headers, ws.url.scheme, tenant)
        self.origin = sys.intern(origin) if origin is not None else None
        self.limits = limits
        self.principal: Principal | None = None
        self.session: LoginSession | None = None
        """The login this socket acts under (its token's id, credentials version, expiry)."""
        self.subscriptions: tuple[str, ...] = ()
        """Channels subscribed to: a handful at most (``max_subscriptions``), so a tuple
        (48 bytes for one, where a set takes 216)."""
        self.bucket = TokenBucket(limits.calls_per_second, limits.calls_per_second * 2)
        self.handshaken = False
        self.opened_at = self.last_heard = time.monotonic()
        self.next_ping_at = self.opened_at
        """When the keepalive sweep pings this socket next."""
        self.closed = False
        self.bad_frames = 0
        """Frames that were not valid packets (past ``MAX_BAD_FRAMES`` the socket closes)."""
        self.gone = LeanEvent()
        """Set once the socket is closed by us."""
        self._receiver: asyncio.Task[Any] | None = None
        self._receiver_stopped = False
        self.outbox = Outbox(
            ws.send_text,
            self._stalled,
            max_messages=limits.outbox_messages,
            max_bytes=limits.outbox_bytes,
            send_timeout_s=limits.send_timeout_ms / 1000,
            send_now=send_now_of(ws.scope),
        )
        self._held: list[str] | None = None
        self._closing: asyncio.Task[None] | None = None

    @property
    def user_id(self) -> str | None:
        return self.principal.id if self.principal else None

    def write_through(self, connection: Connection) -> None:
        """Write through ``connection`` from now on (the socket was detached)."""
        self.ws = connection
        self.outbox.write_through(connection.send_text)

    def start(self) -> None:
        """Frames may be written: call once the connection is accepted."""
        self.outbox.start()

    async def receiving(self, loop: Coroutine[Any, Any, None]) -> None:
        """Run the receive ``loop`` in this task until it ends, or until we close the socket:
        a peer that never answers the close (it reads nothing) must not keep it waiting."""
        task = asyncio.current_task()
        self._receiver = task
        try:
            await loop
        except asyncio.CancelledError:
            if not self._receiver_stopped or task is None:
                raise
            task.uncancel()
        finally:
            self._receiver = None

    def _stop_receiving(self) -> None:
        task = self._receiver
        if task is not None and task is not asyncio.current_task() and not task.done():
            self._receiver_stopped = True
            task.cancel()

    async def send(self, packet: dict[str, Any] | str) -> None:
        """Queue a packet (or the raw ping) without waiting for the peer."""
        self.push(packet if isinstance(packet, str) else protocol.encode(packet))

    def push(self, text: str) -> None:
        """Queue an encoded frame; a client too far behind is closed to resync later."""
        if self.closed:
            return
        if not self.outbox.put(text) and self._closing is None:
            log.warning("socket.slow_consumer", socket=self.id, queued=len(self.outbox))
            self.close_soon(protocol.CLOSE_SLOW, OVERFLOW)

    async def publish(self, channel: str, data: Any) -> None:
        """Send on ``channel`` to this socket only, waiting for room (a sync's batches): the
        frame is encoded and compressed in a worker thread, off the event loop."""
        if not self.closed:
            packet = protocol.publish(channel, data)
            text = await prepared.prepare(packet, deflate_of(self.ws))
            await self.outbox.put_paced(text)

    def deliver(self, text: str) -> None:
        """Queue a change event, or keep it for after the sync in progress."""
        if self._held is None:
            self.push(text)
        elif len(self._held) < self.limits.outbox_messages:
            self._held.append(text)
        else:  # a sync outlasting this many events: the client resyncs instead
            self._held = []
            self.close_soon(protocol.CLOSE_SLOW, OVERFLOW)

    @contextlib.asynccontextmanager
    async def holding_changes(self) -> AsyncIterator[None]:
        """Hold change events while a sync sends its batches, then send them in order.

        A batch read before a change and sent after its event would otherwise take the
        client back to the older state.
        """
        if self._held is not None:  # a sync inside a sync: the outer one flushes
            yield
            return
        self._held = []
        try:
            yield
        finally:
            held, self._held = self._held, None
            for text in held:
                self.push(text)

    def close_soon(self, code: int, reason: str) -> None:
        """Close in the background: whoever asks (the fan-out, a kick) never waits on it."""
        if self.closed or self._closing is not None:
            return
        self._closing = asyncio.create_task(self.close(code, reason), name=f"close-{self.id}")

    async def close(self, code: int, reason: str) -> None:
        """Send what is queued (briefly), then close; a peer that does not read is dropped."""
        if self.closed:
            return
        self.closed = True
        log.info("socket.closed", socket=self.id, code=code, reason=reason)
        if code == protocol.CLOSE_SLOW:
            count_slow_close(timed_out=reason == SEND_TIMEOUT)
        if code != protocol.CLOSE_SLOW:
            await self.outbox.flushed(CLOSE_TIMEOUT_S)
        await self.outbox.aclose()
        try:
            async with asyncio.timeout(CLOSE_TIMEOUT_S):
                await self.ws.close(code=code, reason=reason)
        except Exception:  # already closed by the peer, or it reads nothing any more
            log.debug("socket.close_unacknowledged", socket=self.id)
        finally:
            self.gone.set()
            self._stop_receiving()

    async def _stalled(self, reason: str) -> None:
        await self.close(protocol.CLOSE_SLOW, reason)

    async def set_auth_token(self, token: str, principal: Principal, claims: TokenClaims) -> None:
        self.principal = principal
        self.session = LoginSession.of(claims)
        await self.send(protocol.event(protocol.SET_AUTH_TOKEN, {"token": token}))

    def login_session(self) -> LoginSession | None:
        return self.session

    async def remove_auth_token(self) -> None:
        self.deauthenticate()
        await self.send(protocol.event(protocol.REMOVE_AUTH_TOKEN))

    def deauthenticate(self) -> None:
        """Forget the user and every subscription that needed one."""
        self.principal = None
        self.session = None
        self.subscriptions = ()

    def subscribe(self, channel: str) -> None:
        if channel not in self.subscriptions:
            self.subscriptions = (*self.subscriptions, sys.intern(channel))

    def unsubscribe(self, channel: str) -> bool:
        """Leave ``channel``; whether the socket was subscribed."""
        if channel not in self.subscriptions:
            return False
        self.subscriptions = tuple(c for c in self.subscriptions if c != channel)
        return True
