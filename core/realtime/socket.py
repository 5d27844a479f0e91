"""One connected client: its tenant, who it is, what it subscribed to, and how to talk to it."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import structlog
from litestar import WebSocket

from core.auth.principal import Principal
from core.http.origin import client_origin
from core.realtime import protocol
from core.realtime.limits import TokenBucket
from core.settings import RealtimeSettings
from tenants.config import Tenant

log = structlog.get_logger(__name__)


class RealtimeSocket:
    """Server side of one SocketCluster connection (implements ``RealtimeClient``)."""

    def __init__(self, ws: WebSocket, tenant: Tenant, limits: RealtimeSettings) -> None:  # type: ignore[type-arg]
        self.id = secrets.token_urlsafe(12)
        self.ws = ws
        self.tenant = tenant
        self.user_agent = str(ws.headers.get("user-agent", ""))[:300]
        self.origin = client_origin(ws.headers, ws.url.scheme, tenant)
        self.limits = limits
        self.principal: Principal | None = None
        self.token_expires_at: datetime | None = None
        self.subscriptions: set[str] = set()
        self.bucket = TokenBucket(limits.calls_per_second, limits.calls_per_second * 2)
        self.handshaken = False
        self.last_heard = time.monotonic()
        self.closed = False
        self._send_lock = asyncio.Lock()
        self._held: list[str] | None = None

    @property
    def user_id(self) -> str | None:
        return self.principal.id if self.principal else None

    async def send(self, packet: dict[str, Any] | str) -> None:
        """Send a packet (or the raw ping); a socket that is gone is simply marked closed."""
        if self.closed:
            return
        text = packet if isinstance(packet, str) else protocol.encode(packet)
        try:
            async with self._send_lock:
                await self.ws.send_text(text)
        except Exception:  # the peer vanished; the receive loop notices and cleans up
            self.closed = True

    async def publish(self, channel: str, data: Any) -> None:
        await self.send(protocol.publish(channel, data))

    async def deliver(self, text: str) -> None:
        """Send a change event, or keep it for after the sync in progress."""
        if self._held is not None:
            self._held.append(text)
        else:
            await self.send(text)

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
                await self.send(text)

    async def close(self, code: int, reason: str) -> None:
        if self.closed:
            return
        self.closed = True
        log.info("socket.closed", socket=self.id, code=code, reason=reason)
        try:
            await self.ws.close(code=code, reason=reason)
        except Exception:  # already closed by the peer
            return

    async def set_auth_token(self, token: str, principal: Principal) -> None:
        self.principal = principal
        await self.send(protocol.event(protocol.SET_AUTH_TOKEN, {"token": token}))

    async def remove_auth_token(self) -> None:
        self.deauthenticate()
        await self.send(protocol.event(protocol.REMOVE_AUTH_TOKEN))

    def deauthenticate(self) -> None:
        """Forget the user and every subscription that needed one."""
        self.principal = None
        self.token_expires_at = None
        self.subscriptions.clear()
