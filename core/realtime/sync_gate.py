"""How many ``getDbData`` syncs may run at once: per user, and per tenant while reading.

A sync reads and serialises every record a user sees; a user repeating them, or one tenant's
crowd, must not take the process from everyone else. A user's slot is held for the whole sync;
a tenant's slot only while a stream is read from the database, never while the batches wait
for the client to read them: a client that stops reading holds up its own syncs and no one
else's. Past the bound a sync waits briefly for a slot, then is refused with a message the
client shows.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import AbstractAsyncContextManager

from core.errors import TooManyAttempts

BUSY = "Sincronizzazione già in corso: riprova tra poco"


class SyncGate:
    """Counting slots keyed by user and by tenant; a key's slots vanish when unused."""

    def __init__(self, per_user: int, per_tenant: int, wait_s: float) -> None:
        self.per_user = per_user
        self.per_tenant = per_tenant
        self.wait_s = wait_s
        self._running: dict[str, int] = {}
        self._freed = asyncio.Condition()

    def running(self, key: str) -> int:
        return self._running.get(key, 0)

    def user_slot(self, tenant_id: str, user_id: str) -> AbstractAsyncContextManager[None]:
        """One of ``user_id``'s sync slots in ``tenant_id``, for the whole sync."""
        return self._held(f"u:{tenant_id}:{user_id}", self.per_user)

    def tenant_slot(self, tenant_id: str) -> AbstractAsyncContextManager[None]:
        """One of ``tenant_id``'s sync slots, while a stream is read."""
        return self._held(f"t:{tenant_id}", self.per_tenant)

    @contextlib.asynccontextmanager
    async def _held(self, key: str, bound: int) -> AsyncIterator[None]:
        """Hold one of ``key``'s ``bound`` slots; raise when none frees in time."""
        async with self._freed:
            try:
                async with asyncio.timeout(self.wait_s):
                    await self._freed.wait_for(lambda: self.running(key) < bound)
            except TimeoutError:
                raise TooManyAttempts(BUSY) from None
            self._running[key] = self.running(key) + 1
        try:
            yield
        finally:
            async with self._freed:
                left = self.running(key) - 1
                if left > 0:
                    self._running[key] = left
                else:
                    self._running.pop(key, None)
                self._freed.notify_all()
