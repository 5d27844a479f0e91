"""One socket's outbound queue: packets that queued up leave as one array frame, in order;
pings, arrays and large frames go alone; the bounds hold."""

from __future__ import annotations

import asyncio
import json

from core.realtime.outbox import JOIN_BYTES, JOIN_FRAMES, Outbox


class Peer:
    """A socket that takes what the outbox writes, gated so frames can queue up first."""

    def __init__(self) -> None:
        self.frames: list[str] = []
        self.open = asyncio.Event()

    async def write(self, text: str) -> None:
        await self.open.wait()
        self.frames.append(text)

    async def stalled(self, _reason: str) -> None:
        raise AssertionError("not stalled")

    def packets(self) -> list[object]:
        found: list[object] = []
        for frame in self.frames:
            if frame == "":
                found.append("ping")
                continue
            decoded = json.loads(frame)
            found.extend(decoded if isinstance(decoded, list) else [decoded])
        return found


def _outbox(peer: Peer, max_messages: int = 1000) -> Outbox:
    return Outbox(peer.write, peer.stalled, max_messages=max_messages,
                  max_bytes=10 * JOIN_BYTES, send_timeout_s=5)  # fmt: skip


async def _drained(outbox: Outbox, peer: Peer) -> None:
    peer.open.set()
    await outbox.flushed(2)
    await outbox.aclose()


def _packet(n: int, size: int = 0) -> str:
    return json.dumps({"event": "#publish", "data": {"n": n, "pad": "x" * size}})


async def test_packets_queued_while_busy_leave_as_one_array_in_order() -> None:
    peer = Peer()
    outbox = _outbox(peer)
    outbox.start()
    for n in range(5):
        assert outbox.put(_packet(n))
    await _drained(outbox, peer)
    assert len(peer.frames) == 1
    assert [p["data"]["n"] for p in peer.packets()] == [0, 1, 2, 3, 4]  # type: ignore[index]
    assert outbox.queued_bytes == 0


async def test_a_lone_packet_stays_a_plain_object() -> None:
    peer = Peer()
    outbox = _outbox(peer)
    peer.open.set()
    outbox.start()
    outbox.put(_packet(1))
    await outbox.flushed(2)
    await outbox.aclose()
    assert peer.frames == [_packet(1)]


async def test_pings_and_arrays_are_never_joined() -> None:
    peer = Peer()
    outbox = _outbox(peer)
    outbox.start()
    batch = json.dumps([json.loads(_packet(3)), json.loads(_packet(4))])
    for text in (_packet(1), _packet(2), "", batch, _packet(5)):
        outbox.put(text)
    await _drained(outbox, peer)
    assert peer.frames[1:3] == ["", batch]
    assert [p if p == "ping" else p["data"]["n"] for p in peer.packets()] == [  # type: ignore[index]
        1, 2, "ping", 3, 4, 5,
    ]  # fmt: skip


async def test_joining_stops_at_its_bounds() -> None:
    peer = Peer()
    outbox = _outbox(peer, max_messages=10 * JOIN_FRAMES)
    outbox.start()
    for n in range(JOIN_FRAMES + 1):
        outbox.put(_packet(n))
    large = [_packet(100 + n, JOIN_BYTES // 2) for n in range(3)]
    for text in large:
        outbox.put(text)
    await _drained(outbox, peer)
    sizes = [len(json.loads(f)) if f.startswith("[") else 1 for f in peer.frames]
    assert sizes[0] == JOIN_FRAMES
    assert all(len(frame) <= JOIN_BYTES + JOIN_FRAMES + 1 for frame in peer.frames)
    assert [p["data"]["n"] for p in peer.packets()] == [  # type: ignore[index]
        *range(JOIN_FRAMES + 1), 100, 101, 102,
    ]  # fmt: skip


class DirectPeer(Peer):
    """A peer whose server also writes synchronously while its transport has room."""

    def __init__(self) -> None:
        super().__init__()
        self.room = True
        self.written_now: list[str] = []

    def send_now(self, text: str) -> bool:
        if self.room:
            self.written_now.append(text)
            self.frames.append(text)
        return self.room


def _direct_outbox(peer: DirectPeer, max_messages: int = 1000) -> Outbox:
    return Outbox(peer.write, peer.stalled, max_messages=max_messages,
                  max_bytes=10 * JOIN_BYTES, send_timeout_s=5, send_now=peer.send_now)  # fmt: skip


async def test_a_frame_for_an_idle_socket_is_written_at_once_without_the_writer() -> None:
    peer = DirectPeer()
    outbox = _direct_outbox(peer)
    outbox.start()
    for n in range(3):
        assert outbox.put(_packet(n))
    assert peer.written_now == [_packet(0), _packet(1), _packet(2)]
    assert len(outbox) == 0
    assert outbox.queued_bytes == 0
    await outbox.aclose()


async def test_frames_wait_in_order_behind_a_full_transport_and_keep_their_bound() -> None:
    peer = DirectPeer()
    outbox = _direct_outbox(peer, max_messages=4)
    outbox.start()
    outbox.put(_packet(0))
    peer.room = False  # the transport is over its high-water mark
    assert all(outbox.put(_packet(n)) for n in (1, 2, 3))
    peer.room = True
    assert outbox.put(_packet(4))  # queued behind the others, never written ahead of them
    assert peer.written_now == [_packet(0)]
    assert not outbox.put(_packet(5))  # past the bound: the socket is closed by its owner
    await _drained(outbox, peer)
    assert [p["data"]["n"] for p in peer.packets()] == [0, 1, 2, 3, 4]  # type: ignore[index]


async def test_after_the_queue_drains_frames_are_written_at_once_again() -> None:
    peer = DirectPeer()
    outbox = _direct_outbox(peer)
    outbox.start()
    peer.room = False
    outbox.put(_packet(1))
    peer.room = True
    peer.open.set()
    await outbox.flushed(2)
    outbox.put(_packet(2))
    assert peer.written_now == [_packet(2)]
    assert [p["data"]["n"] for p in peer.packets()] == [1, 2]  # type: ignore[index]
    await outbox.aclose()


async def test_nothing_is_written_before_the_socket_is_accepted() -> None:
    peer = DirectPeer()
    outbox = _direct_outbox(peer)
    outbox.put(_packet(1))
    assert peer.written_now == []
    outbox.start()
    await _drained(outbox, peer)
    assert peer.frames == [_packet(1)]
