"""Rate-limit counts kept in memory survive a change of event loop: a lock left held by a loop
that has stopped (the test clients serve one app from a loop per client) neither refuses nor
stalls the next loop, and the hits made in the first loop still count."""

from __future__ import annotations

import asyncio

from limits.aio.storage import MemoryStorage

from core.http.ratelimit import RateLimits
from core.settings import RateLimitSettings

KEY = "10.0.0.1"


def _first_loop_leaves_its_lock_held(limits: RateLimits) -> None:
    """Two hits in a loop of its own, which then stops while one of its tasks holds the key's
    lock and another waits on it (so the lock is bound to that loop)."""

    async def run() -> None:
        assert await limits.allow("public_link_per_address", KEY)
        assert await limits.allow("public_link_per_address", KEY)
        storage = limits.storage
        assert isinstance(storage, MemoryStorage)
        lock = storage.locks[f"sportello/public_link_per_address/{KEY}"]
        await lock.acquire()
        waiter = asyncio.create_task(lock.acquire())
        await asyncio.sleep(0)
        waiter.cancel()

    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(run())
    finally:
        loop.close()


async def test_counts_carry_over_to_a_new_loop_past_a_lock_the_old_one_held() -> None:
    limits = RateLimits(RateLimitSettings(public_link_per_address="3/minute"))
    await asyncio.to_thread(_first_loop_leaves_its_lock_held, limits)
    async with asyncio.timeout(5):
        assert await limits.allow("public_link_per_address", KEY)  # the third
        assert not await limits.allow("public_link_per_address", KEY)  # the fourth: refused
        refusal = await limits.refusal("public_link_per_address", KEY)
    assert refusal.retry_after is not None
    assert 1 <= refusal.retry_after <= 60
