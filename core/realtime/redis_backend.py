"""broadcaster's Redis backend as the bus uses it; imported only where the bus is ``redis://``
(redis-py is a third of a process's import time, which the embedded ``memory://`` bus, each
CLI command and each test server would pay for nothing)."""

from __future__ import annotations

from broadcaster._backends.redis import RedisBackend


class _RedisBackend(RedisBackend):
    """broadcaster's Redis backend, subscribing before it wakes its listener.

    The original wakes the listener first; if the listener asks redis-py to listen before
    the SUBSCRIBE is registered, it finds no channel, goes back to sleep and never hears
    anything.
    """

    async def subscribe(self, channel: str) -> None:
        await self._pubsub.subscribe(channel)
        self._ready.set()
