"""The cross-process bus (broadcaster): ``memory://`` embedded, ``redis://`` for scale-out."""

from __future__ import annotations

import asyncio

import structlog
from broadcaster import Broadcast

from core.observability.metrics import BUS_RECONNECTS

log = structlog.get_logger(__name__)
PING_TIMEOUT = 2.0


def _broadcast(url: str) -> Broadcast:
    if url.split("://", 1)[0] == "redis":
        from core.realtime.redis_backend import _RedisBackend

        return Broadcast(backend=_RedisBackend(url))
    return Broadcast(url)


class Bus:
    """Publish and subscribe across processes; knows whether its transport answers."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.broadcast = _broadcast(url)
        self.connected = False

    @property
    def kind(self) -> str:
        return self.url.split("://", 1)[0]

    async def connect(self) -> None:
        await self.broadcast.connect()
        self.connected = True
        log.info("bus.connected", kind=self.kind)

    async def disconnect(self) -> None:
        if self.connected:
            self.connected = False
            await self.broadcast.disconnect()

    async def publish(self, channel: str, message: str) -> None:
        async with asyncio.timeout(PING_TIMEOUT):
            await self.broadcast.publish(channel=channel, message=message)

    async def reconnect(self) -> None:
        """Drop the transport (broken or silent) and connect a fresh one; raises if it can't."""
        old, self.broadcast = self.broadcast, _broadcast(self.url)
        self.connected = False
        try:
            async with asyncio.timeout(PING_TIMEOUT):
                await old.disconnect()
        except Exception as exc:  # the old connection is gone anyway
            log.debug("bus.old_connection_dropped", error=str(exc))
        async with asyncio.timeout(PING_TIMEOUT):
            await self.broadcast.connect()
        self.connected = True
        BUS_RECONNECTS.inc()
        log.info("bus.reconnected", kind=self.kind)

    async def ping(self) -> bool:
        """Whether the transport answers now (Redis: a PING on a fresh connection)."""
        if not self.connected:
            return False
        if self.kind not in ("redis", "rediss"):
            return True
        from redis.asyncio import Redis

        client = Redis.from_url(self.url)
        try:
            async with asyncio.timeout(PING_TIMEOUT):
                return bool(await client.ping())
        except Exception as exc:  # OSError, timeouts and redis' own error hierarchy
            log.warning("bus.unreachable", error=str(exc))
            return False
        finally:
            await client.aclose()
