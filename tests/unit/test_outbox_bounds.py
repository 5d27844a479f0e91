"""One socket's queue holds at most its bytes as well as its messages: a frame that would take
it past either bound is refused (the socket is then closed as too slow), and a paced sender
waits for room in bytes too. Sizes are counted here by hand."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from core.realtime.outbox import Outbox
from tests.unit.test_outbox import Peer as Stuck  # a peer that takes nothing until opened


def _outbox(peer: Stuck, *, max_messages: int = 1000, max_bytes: int = 100) -> Outbox:
    return Outbox(peer.write, peer.stalled, max_messages=max_messages, max_bytes=max_bytes,
                  send_timeout_s=5)  # fmt: skip


async def test_a_frame_past_the_byte_bound_is_refused_however_few_are_queued() -> None:
    peer = Stuck()
    outbox = _outbox(peer)
    outbox.start()
    forty = "[" + "x" * 38 + "]"  # 40 characters (an array frame: never joined)
    assert outbox.put(forty)  # 40 of 100
    assert outbox.put(forty)  # 80 of 100
    assert not outbox.put(forty)  # 120 > 100: refused, three messages being far from 1000
    assert outbox.put("[" + "y" * 18 + "]")  # exactly 100: still taken
    assert not outbox.put("[]")  # 102
    assert (len(outbox), outbox.queued_bytes) == (3, 100)
    await outbox.aclose()


async def test_one_frame_larger_than_the_bound_is_refused_on_an_empty_queue() -> None:
    outbox = _outbox(Stuck(), max_bytes=10)
    outbox.start()
    assert not outbox.put("[" + "z" * 10 + "]")  # 12 bytes
    assert (len(outbox), outbox.queued_bytes) == (0, 0)
    await outbox.aclose()


async def test_the_message_bound_holds_for_small_frames() -> None:
    outbox = _outbox(Stuck(), max_messages=2, max_bytes=1000)
    outbox.start()
    assert outbox.put("[1]")
    assert outbox.put("[2]")
    assert not outbox.put("[3]")
    await outbox.aclose()


async def test_a_paced_sender_waits_for_room_in_bytes() -> None:
    peer = Stuck()
    outbox = _outbox(peer, max_bytes=100)
    outbox.start()
    sixty = "[" + "a" * 58 + "]"
    await outbox.put_paced(sixty)
    # stepped by hand: the second frame's put suspends (on the room it waits for) instead of
    # queueing 120 bytes
    steps = outbox.put_paced("[" + "b" * 58 + "]").__await__()
    try:
        room = steps.send(None)
    except StopIteration:
        pytest.fail("the frame was queued past the byte bound instead of waiting")
    assert isinstance(room, asyncio.Future)
    assert (len(outbox), outbox.queued_bytes) == (1, 60)
    peer.open.set()  # the first frame is written, which makes room
    await outbox.flushed(2)
    assert room.done()
    with contextlib.suppress(StopIteration):
        steps.send(None)  # the put goes on: there is room now
    await outbox.flushed(2)
    assert [len(f) for f in peer.frames] == [60, 60]
    await outbox.aclose()
