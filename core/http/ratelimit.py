"""Rate limits per client address and per account, counted by the ``limits`` library.

Counts live in ``RATE_LIMIT_STORAGE_URL``: memory (one process) or Redis, so that every
process of an instance shares them. A refusal is a 429 with ``Retry-After`` and changes
nothing; :meth:`RateLimits.allow` is for limits that must not show (a reset mail that is
quietly not sent answers exactly like one that is).
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import defaultdict

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.storage import storage_from_string

from core.errors import TooManyAttempts
from core.settings import RateLimitSettings

TOO_MANY = "Troppe richieste: riprova tra {seconds} secondi"
RULES = (
    "login_per_address",
    "login_failures_per_account",
    "reset_per_address",
    "reset_mails_per_email",
    "registration_per_address",
    "public_link_per_address",
    "full_syncs_per_user",
    "full_syncs_per_tenant",
)


def _async_url(url: str) -> str:
    return url if url.startswith("async+") else f"async+{url}"


class RateLimits:
    """Every rule of :class:`RateLimitSettings`, by its field name."""

    def __init__(self, settings: RateLimitSettings, namespace: str = "sportello") -> None:
        url = _async_url(settings.storage_url)
        options = {"implementation": "redispy"} if "redis" in url.split("://", 1)[0] else {}
        self.storage = storage_from_string(url, **options)  # redis-py, already a dependency
        self.limiter = MovingWindowRateLimiter(self.storage)
        self.namespace = namespace
        self.rules: dict[str, RateLimitItem] = {
            name: parse(getattr(settings, name)) for name in RULES
        }
        self._loop: asyncio.AbstractEventLoop | None = None

    def _on_this_loop(self) -> None:
        """limits' memory storage keeps asyncio locks and an expiry task of the event loop that
        used it last. A served process has one loop; the test clients serve one app from a loop
        per client, and a lock held by a loop that has stopped would refuse the next one. On a
        new loop, the counts stay and those loop-bound parts start anew."""
        loop = asyncio.get_running_loop()
        if loop is not self._loop and isinstance(self.storage, MemoryStorage):
            self.storage.locks = defaultdict(asyncio.Lock)
            self.storage.timer = None
        self._loop = loop

    def _keys(self, rule: str, keys: tuple[str, ...]) -> tuple[str, ...]:
        return (self.namespace, rule, *keys)

    async def hit(self, rule: str, *keys: str) -> None:
        """Count one request; raise 429 (with when to retry) once the rule is exceeded."""
        if not await self.allow(rule, *keys):
            raise await self.refusal(rule, *keys)

    async def allow(self, rule: str, *keys: str) -> bool:
        """Count one request; whether it was within the rule."""
        self._on_this_loop()
        return bool(await self.limiter.hit(self.rules[rule], *self._keys(rule, keys)))

    async def exceeded(self, rule: str, *keys: str) -> bool:
        """Whether the rule is exhausted now (nothing counted)."""
        self._on_this_loop()
        return not await self.limiter.test(self.rules[rule], *self._keys(rule, keys))

    async def refusal(self, rule: str, *keys: str, message: str = TOO_MANY) -> TooManyAttempts:
        """The 429 for ``rule``: ``message`` with ``{seconds}`` until a request is counted."""
        self._on_this_loop()
        stats = await self.limiter.get_window_stats(self.rules[rule], *self._keys(rule, keys))
        seconds = max(1, math.ceil(stats.reset_time - time.time()))
        return TooManyAttempts(message.format(seconds=seconds), retry_after=seconds)
