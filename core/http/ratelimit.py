"""Rate limits per client address and per account, counted by the ``limits`` library.

Counts live in ``RATE_LIMIT_STORAGE_URL``: memory (one process) or Redis, so that every
process of an instance shares them. A refusal is a 429 with ``Retry-After`` and changes
nothing; :meth:`RateLimits.allow` is for limits that must not show (a reset mail that is
quietly not sent answers exactly like one that is).
"""

from __future__ import annotations

import math
import time

from limits import RateLimitItem, parse
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

    def _keys(self, rule: str, keys: tuple[str, ...]) -> tuple[str, ...]:
        return (self.namespace, rule, *keys)

    async def hit(self, rule: str, *keys: str) -> None:
        """Count one request; raise 429 (with when to retry) once the rule is exceeded."""
        if not await self.allow(rule, *keys):
            raise await self.refusal(rule, *keys)

    async def allow(self, rule: str, *keys: str) -> bool:
        """Count one request; whether it was within the rule."""
        return bool(await self.limiter.hit(self.rules[rule], *self._keys(rule, keys)))

    async def exceeded(self, rule: str, *keys: str) -> bool:
        """Whether the rule is exhausted now (nothing counted)."""
        return not await self.limiter.test(self.rules[rule], *self._keys(rule, keys))

    async def refusal(self, rule: str, *keys: str) -> TooManyAttempts:
        stats = await self.limiter.get_window_stats(self.rules[rule], *self._keys(rule, keys))
        seconds = max(1, math.ceil(stats.reset_time - time.time()))
        return TooManyAttempts(TOO_MANY.format(seconds=seconds), retry_after=seconds)
