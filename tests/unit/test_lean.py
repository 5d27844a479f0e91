"""The per-socket event and queue behave as asyncio's for one loop and one consumer."""

from __future__ import annotations

import asyncio

import pytest

from core.realtime.lean import LeanEvent, LeanQueue


async def test_set_wakes_every_waiter_and_clear_makes_them_wait_again() -> None:
    event = LeanEvent()
    waiters = [asyncio.create_task(event.wait()) for _ in range(3)]
    await asyncio.sleep(0)
    assert not any(w.done() for w in waiters)
    event.set()
    assert await asyncio.gather(*waiters) == [True, True, True]
    event.clear()
    late = asyncio.create_task(event.wait())
    await asyncio.sleep(0)
    assert not late.done()
    event.set()
    assert await late


async def test_a_cancelled_waiter_leaves_nothing_behind() -> None:
    event = LeanEvent()
    waiter = asyncio.create_task(event.wait())
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert not event._waiters
    event.set()
    assert await event.wait()


async def test_items_come_out_in_order_and_a_waiting_get_is_woken() -> None:
    queue: LeanQueue[int] = LeanQueue()
    getter = asyncio.create_task(queue.get())
    await asyncio.sleep(0)
    queue.put_nowait(1)
    queue.put_nowait(2)
    assert await getter == 1
    assert queue.qsize() == 1
    assert not queue.empty()
    assert await queue.get() == 2
    assert queue.empty()
    with pytest.raises(asyncio.QueueEmpty):
        queue.get_nowait()


async def test_a_cancelled_get_does_not_block_the_next() -> None:
    queue: LeanQueue[str] = LeanQueue()
    getter = asyncio.create_task(queue.get())
    await asyncio.sleep(0)
    getter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await getter
    queue.put_nowait("x")
    assert await asyncio.wait_for(queue.get(), 1) == "x"
