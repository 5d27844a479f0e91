"""The memory one process lets image work take at once, and giving it back afterwards.

Each image is counted at what decoding it whole would take (width × height × 4 bytes), an
upper bound of what the streaming thumbnailer holds. Work that does not fit waits for the
images before it, at most ``wait_s``; then it is refused with 429 and a clear message, so a
crowd of large images slows uploads down instead of growing the server's memory. An image
larger than the whole budget (a budget set below the pixel limit) runs alone.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import math
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache

from core.errors import TooManyAttempts

BYTES_PER_PIXEL = 4
IMAGES_BUSY = "Troppe immagini in elaborazione: riprova tra qualche secondo"


def working_memory(width: int, height: int) -> int:
    """The bytes an image of ``width`` × ``height`` is counted at."""
    return width * height * BYTES_PER_PIXEL


class ImageBudget:
    """A weighted semaphore in bytes: image work holds its cost while it runs."""

    def __init__(self, total_bytes: int, wait_s: float) -> None:
        self.total = max(1, total_bytes)
        self.wait_s = wait_s
        self.used = 0
        self.peak = 0
        """The most ever held at once (what the bound promises: never above ``total``)."""
        self._changed = asyncio.Condition()

    @asynccontextmanager
    async def hold(self, cost: int) -> AsyncIterator[None]:
        """Hold ``cost`` bytes of the budget while the block runs; :class:`TooManyAttempts`
        when they are not free within ``wait_s``."""
        cost = min(max(0, cost), self.total)
        async with self._changed:
            try:
                await asyncio.wait_for(
                    self._changed.wait_for(lambda: self.used + cost <= self.total), self.wait_s
                )
            except TimeoutError:
                seconds = max(1, math.ceil(self.wait_s / 2))
                raise TooManyAttempts(IMAGES_BUSY, retry_after=seconds) from None
            self.used += cost
            self.peak = max(self.peak, self.used)
        try:
            yield
        finally:
            async with self._changed:
                self.used -= cost
                self._changed.notify_all()


@cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim`` (``None`` elsewhere: musl, macOS)."""
    name = ctypes.util.find_library("c")
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return trim


def give_memory_back() -> None:
    """Hand the heap's free pages back to the system after a large image: glibc keeps what a
    decoder freed for later mallocs, so a burst of images would stay in the process's RSS."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)
