"""A token bucket: how many calls a socket may make, refilled continuously."""

from __future__ import annotations

import time

WINDOW_SECONDS = 1.0


class TokenBucket:
    __slots__ = ("_window_started", "capacity", "rate", "refused", "tokens", "updated")

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.capacity = burst if burst is not None else rate
        self.tokens = self.capacity
        self.updated = time.monotonic()
        self.refused = 0
        """Refusals in the current one-second window (a flood detector reads it)."""
        self._window_started = self.updated

    def take(self) -> bool:
        """Spend one token; ``False`` (and count the refusal) when none is left."""
        now = time.monotonic()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now
        if now - self._window_started > WINDOW_SECONDS:
            self._window_started, self.refused = now, 0
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False
