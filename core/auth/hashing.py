"""Password hashing with bounded concurrency: one argon2 hash per core at once, each in a
worker thread, and a queue no longer than those slots finish within ``hash_wait_ms``; past
it a login is answered 429 with ``Retry-After`` at once instead of waiting.

Every hash costs tens of milliseconds of a whole core and memory on purpose: fifty logins at
once (or fifty attackers trying unknown e-mails) must keep every core busy, not queue for
seconds behind each other, nor starve the event loop and the other tenants. The queue is
sized from the hash times measured here, so a slower or faster machine (or argon2 cost)
keeps the same wait.
"""

from __future__ import annotations

import asyncio
import math
import os
import time
from collections.abc import Callable
from typing import TypeVar

from anyio import to_thread

from core.errors import TooManyAttempts
from core.settings import RateLimitSettings

T = TypeVar("T")
BUSY = "Troppe richieste di accesso in corso: riprova tra {seconds} secondi"
RETRY_AFTER_S = 2
FIRST_GUESS_S = 0.1
"""Hash time assumed until one is measured."""
SMOOTHING = 0.2
"""Weight of the newest hash time in the running mean."""


class HashGate:
    """At most ``concurrency`` hashes running and a bounded queue waiting, per process.

    ``queue`` fixes the queue's length; 0 sizes it to what the slots finish within
    ``wait_s`` at the mean hash time measured so far."""

    def __init__(self, concurrency: int, queue: int, wait_s: float) -> None:
        self.concurrency = concurrency
        self.queue = queue
        self.wait_s = wait_s
        self.waiting = 0
        self.mean_s = FIRST_GUESS_S
        """Running mean of the hash times, seconds."""
        self._slots = asyncio.Semaphore(concurrency)

    @classmethod
    def from_settings(cls, settings: RateLimitSettings) -> HashGate:
        cores = settings.hash_concurrency or os.cpu_count() or 1
        return cls(cores, settings.hash_queue, settings.hash_wait_ms / 1000)

    @property
    def queue_bound(self) -> int:
        """Logins that may wait for a slot now."""
        if self.queue:
            return self.queue
        return max(self.concurrency, math.floor(self.concurrency * self.wait_s / self.mean_s))

    async def run(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` in a worker thread once a slot is free; 429 when too busy."""
        if self._slots.locked() and self.waiting >= self.queue_bound:
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
            started = time.perf_counter()
            result = await to_thread.run_sync(work, *args)
            self.mean_s += SMOOTHING * (time.perf_counter() - started - self.mean_s)
            return result
        finally:
            self._slots.release()


def _busy() -> TooManyAttempts:
    return TooManyAttempts(BUSY.format(seconds=RETRY_AFTER_S), retry_after=RETRY_AFTER_S)
