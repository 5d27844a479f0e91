"""Password hashing with bounded concurrency: a few argon2 hashes at once, each in a worker
thread, and a short queue; past it a login is answered 429 at once instead of waiting.

Every hash costs tens of milliseconds of a whole core and memory on purpose: fifty logins at
once (or fifty attackers trying unknown e-mails) must not queue for seconds behind each
other, nor starve the event loop and the other tenants.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Callable
from typing import TypeVar

from anyio import to_thread

from core.errors import TooManyAttempts
from core.settings import RateLimitSettings

T = TypeVar("T")
BUSY = "Troppe richieste di accesso in corso: riprova tra {seconds} secondi"
RETRY_AFTER_S = 2


class HashGate:
    """At most ``concurrency`` hashes running and ``queue`` waiting, per process."""

    def __init__(self, concurrency: int, queue: int, wait_s: float) -> None:
        self.concurrency = concurrency
        self.queue = queue
        self.wait_s = wait_s
        self.waiting = 0
        self._slots = asyncio.Semaphore(concurrency)

    @classmethod
    def from_settings(cls, settings: RateLimitSettings) -> HashGate:
        cores = settings.hash_concurrency or os.cpu_count() or 1
        return cls(cores, settings.hash_queue, settings.hash_wait_ms / 1000)

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` in a worker thread once a slot is free; 429 when too busy."""
        if self._slots.locked() and self.waiting >= self.queue:
            raise _busy()
        self.waiting += 1
        try:
            async with asyncio.timeout(self.wait_s):
                await self._slots.acquire()
        except TimeoutError:
            raise _busy() from None
        finally:
            self.waiting -= 1
        try:
            return await to_thread.run_sync(work, *args)
        finally:
            self._slots.release()


def _busy() -> TooManyAttempts:
    return TooManyAttempts(BUSY.format(seconds=RETRY_AFTER_S), retry_after=RETRY_AFTER_S)
