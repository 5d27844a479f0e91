"""How many ``getDbData`` syncs may run at once: per user, per tenant.

A sync reads and serialises every record a user sees; a user repeating them, or one tenant's
crowd, must not take the process from everyone else. Past the bound a sync waits briefly for
a slot, then is refused with a message the client shows.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

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

    @contextlib.asynccontextmanager
    async def slot(self, tenant_id: str, user_id: str) -> AsyncIterator[None]:
        """Hold one sync slot of ``user_id`` in ``tenant_id``; raise when none frees in time."""
        user_key, tenant_key = f"u:{tenant_id}:{user_id}", f"t:{tenant_id}"
        async with self._freed:
            try:
                async with asyncio.timeout(self.wait_s):
                    await self._freed.wait_for(
                        lambda: (
                            self.running(user_key) < self.per_user
                            and self.running(tenant_key) < self.per_tenant
                        )
                    )
            except TimeoutError:
                raise TooManyAttempts(BUSY) from None
            for key in (user_key, tenant_key):
                self._running[key] = self.running(key) + 1
        try:
            yield
        finally:
            async with self._freed:
                for key in (user_key, tenant_key):
                    left = self.running(key) - 1
                    if left > 0:
                        self._running[key] = left
                    else:
                        self._running.pop(key, None)
                self._freed.notify_all()
