"""One socket's outbound queue, rule by rule: the message and byte bounds (the boundary
itself fits), a sync's paced frames waiting for room, a stalled or vanished peer, switching
the writer, and stopping."""

from __future__ import annotations

import asyncio

import pytest

from core.realtime.outbox import SEND_TIMEOUT, Outbox


class Peer:
    """A socket whose writes wait until ``open`` is set; records what it got."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.open = asyncio.Event()
        self.stalls: list[str] = []
        self.stalled = asyncio.Event()

    async def write(self, text: str) -> None:
        await self.open.wait()
        self.frames.append(text)

    async def on_stall(self, reason: str) -> None:
        self.stalls.append(reason)
        self.stalled.set()


def _outbox(peer: Peer, *, messages: int = 100, size: int = 10_000, timeout: float = 5) -> Outbox:
    return Outbox(peer.write, peer.on_stall, max_messages=messages, max_bytes=size,
                  send_timeout_s=timeout)  # fmt: skip


async def test_the_byte_bound_admits_exactly_its_size() -> None:
    peer = Peer()
    outbox = _outbox(peer, size=100)
    assert outbox.put("a" * 60)
    assert outbox.put("b" * 40)  # 100 bytes: on the bound
    assert outbox.queued_bytes == 100
    assert not outbox.put("c")  # 101: past it
    assert len(outbox) == 2
    assert outbox.queued_bytes == 100


async def test_the_message_bound_admits_exactly_its_count() -> None:
    outbox = _outbox(Peer(), messages=3)
    assert all(outbox.put(text) for text in ("1", "2", "3"))
    assert not outbox.put("4")
    assert len(outbox) == 3


async def test_written_frames_free_their_bytes_and_room() -> None:
    peer = Peer()
    outbox = _outbox(peer, messages=2, size=10)
    outbox.start()
    assert outbox.put("12345")
    assert outbox.put("12345")
    assert not outbox.put("x")
    peer.open.set()
    await outbox.flushed(2)
    assert peer.frames == ["12345", "12345"]
    assert (len(outbox), outbox.queued_bytes) == (0, 0)
    assert outbox.put("1234567890")
    await outbox.flushed(2)
    assert peer.frames[-1] == "1234567890"
    await outbox.aclose()


async def test_paced_frames_wait_for_room_then_keep_their_order() -> None:
    peer = Peer()
    outbox = _outbox(peer, messages=2)
    outbox.start()
    outbox.put("1")
    outbox.put("2")
    paced = asyncio.create_task(outbox.put_paced("3"))
    await asyncio.sleep(0)  # one turn of the loop: the paced frame is waiting, not queued
    assert not paced.done()
    assert len(outbox) == 2
    peer.open.set()
    await paced
    await outbox.flushed(2)
    assert peer.frames in (["1", "2", "3"], ["[1,2]", "3"])
    await outbox.aclose()


async def test_paced_frames_wait_for_bytes_too() -> None:
    peer = Peer()
    outbox = _outbox(peer, size=10)
    outbox.start()
    outbox.put("123456")
    paced = asyncio.create_task(outbox.put_paced("12345"))  # 11 bytes with the queued 6
    await asyncio.sleep(0)
    assert not paced.done()
    peer.open.set()
    await paced
    await outbox.flushed(2)
    assert peer.frames == ["123456", "12345"]
    await outbox.aclose()


async def test_a_paced_frame_on_the_bound_does_not_wait() -> None:
    outbox = _outbox(Peer(), messages=2, size=10)
    outbox.put("12345")
    await asyncio.wait_for(outbox.put_paced("12345"), 1)  # 10 bytes and 2 frames: it fits
    assert (len(outbox), outbox.queued_bytes) == (2, 10)


async def test_a_paced_frame_is_dropped_once_the_socket_stops() -> None:
    peer = Peer()
    outbox = _outbox(peer, messages=1)
    outbox.put("1")
    paced = asyncio.create_task(outbox.put_paced("2"))
    await asyncio.sleep(0)
    outbox.stop()
    await asyncio.wait_for(paced, 1)
    assert (len(outbox), outbox.queued_bytes) == (0, 0)
    await outbox.put_paced("3")
    assert len(outbox) == 0


async def test_a_stopped_outbox_takes_frames_and_drops_them() -> None:
    outbox = _outbox(Peer(), messages=1)
    outbox.put("1")
    outbox.stop()
    assert outbox.stopped
    assert (len(outbox), outbox.queued_bytes) == (0, 0)
    assert outbox.put("2")  # not a reason to close the socket again
    assert len(outbox) == 0


async def test_a_peer_that_does_not_take_a_frame_in_time_stalls_the_socket() -> None:
    peer = Peer()  # never opens
    outbox = _outbox(peer, timeout=0.05)
    outbox.start()
    outbox.put("1")
    await asyncio.wait_for(peer.stalled.wait(), 5)
    assert peer.stalls == [SEND_TIMEOUT]
    assert SEND_TIMEOUT == "Connessione troppo lenta: invio non riuscito in tempo"
    assert outbox.stopped
    assert len(outbox) == 0
    await outbox.aclose()


async def test_a_vanished_peer_stops_the_writer_without_a_stall() -> None:
    peer = Peer()
    failed = asyncio.Event()

    async def broken(_text: str) -> None:
        failed.set()
        raise ConnectionResetError

    outbox = Outbox(broken, peer.on_stall, max_messages=10, max_bytes=100, send_timeout_s=5)
    outbox.start()
    outbox.put("1")
    await asyncio.wait_for(failed.wait(), 5)
    await outbox.flushed(1)
    assert outbox.stopped
    assert peer.stalls == []
    await outbox.aclose()


async def test_queued_frames_go_to_the_writer_set_last() -> None:
    first, second = Peer(), Peer()
    outbox = _outbox(first)
    outbox.put("1")
    outbox.write_through(second.write)
    second.open.set()
    outbox.start()
    await outbox.flushed(2)
    assert (first.frames, second.frames) == ([], ["1"])
    await outbox.aclose()


async def test_flushed_gives_up_after_its_timeout() -> None:
    peer = Peer()
    outbox = _outbox(peer)
    outbox.start()
    outbox.put("1")
    await asyncio.wait_for(outbox.flushed(0.05), 5)
    assert len(outbox) == 1
    await outbox.aclose()
    assert len(outbox) == 0


async def test_no_writer_runs_before_a_frame_has_to_wait() -> None:
    peer = Peer()
    outbox = _outbox(peer)
    assert not outbox.direct
    outbox.start()
    await outbox.aclose()
    await outbox.aclose()  # twice is harmless
    assert outbox.stopped


async def test_a_frame_written_at_once_needs_the_server_to_take_it() -> None:
    peer = Peer()
    taken: list[str] = []

    def declined(text: str) -> bool:
        taken.append(text)
        return False

    outbox = Outbox(peer.write, peer.on_stall, max_messages=10, max_bytes=100,
                    send_timeout_s=5, send_now=declined)  # fmt: skip
    assert outbox.direct
    outbox.start()
    assert outbox.put("1")  # the server declined: it waits in the queue
    assert (taken, len(outbox)) == (["1"], 1)
    await outbox.aclose()


@pytest.mark.parametrize("count", [1, 3])
async def test_a_writer_started_with_queued_frames_writes_them(count: int) -> None:
    peer = Peer()
    peer.open.set()
    outbox = _outbox(peer)
    for n in range(count):
        outbox.put(str(n))
    outbox.start()
    await outbox.flushed(2)
    assert "".join(peer.frames).replace("[", "").replace("]", "").replace(",", "") == "012"[:count]
    await outbox.aclose()
