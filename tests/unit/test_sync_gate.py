"""The getDbData bound: per user for a whole sync, per tenant while reading, with a short
wait before refusing."""

import asyncio

import pytest

from core.errors import TooManyAttempts
from core.realtime.sync_gate import BUSY, SyncGate


async def test_one_sync_per_user_and_the_next_is_refused_after_the_wait():
    gate = SyncGate(per_user=1, per_tenant=4, wait_s=0.05)
    async with gate.user_slot("t1", "u1"):
        with pytest.raises(TooManyAttempts, match=BUSY):
            async with gate.user_slot("t1", "u1"):
                pass
        async with gate.user_slot("t1", "u2"):  # another user of the tenant is not held up
            pass
        async with gate.user_slot("t2", "u1"):  # nor the same id on another tenant
            pass
    async with gate.user_slot("t1", "u1"):  # freed
        pass


async def test_the_tenant_bound_holds_across_its_users():
    gate = SyncGate(per_user=1, per_tenant=2, wait_s=0.05)
    async with gate.tenant_slot("t1"), gate.tenant_slot("t1"):
        with pytest.raises(TooManyAttempts, match=BUSY):
            async with gate.tenant_slot("t1"):
                pass
        async with gate.tenant_slot("t2"):  # another tenant keeps its own slots
            pass
        async with gate.user_slot("t1", "c"):  # a user's slot is counted apart
            pass


async def test_a_waiting_sync_gets_the_slot_when_it_frees():
    gate = SyncGate(per_user=1, per_tenant=1, wait_s=2)
    order: list[str] = []
    asking = asyncio.Event()

    async def second() -> None:
        asking.set()  # from here it runs, without yielding, up to the wait for a free slot
        async with gate.user_slot("t1", "u1"), gate.tenant_slot("t1"):
            order.append("second")

    async with gate.user_slot("t1", "u1"), gate.tenant_slot("t1"):
        waiting = asyncio.create_task(second())
        await asking.wait()
        assert not waiting.done()
        order.append("first done")
    await waiting
    assert order == ["first done", "second"]
    assert gate.running("u:t1:u1") == 0
    assert gate.running("t:t1") == 0
