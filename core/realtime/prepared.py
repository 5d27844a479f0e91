"""A sync's batches made ready off the event loop: JSON, UTF-8 and deflate in a worker thread.

A full sync sends megabytes (a whole portfolio) in a few large frames. Encoded and compressed
on the event loop, each frame held every other socket and request of the process for tens of
milliseconds, back to back. Here a batch is encoded to JSON, to UTF-8 and, when the socket
negotiated :mod:`~core.realtime.shared_deflate`, compressed with that socket's settings, all
in one worker thread (zlib runs without the GIL); the loop only hands the result on.

The frame stays the text the outbox queues. A large one (:data:`REMEMBER_FROM`, the size the
outbox never joins to others) is also compressed there, and its bytes and compressed payload
are remembered here, by identity, until the socket writes it: the synchronous write
(:mod:`core.realtime.direct_ws`) sends those bytes, and :class:`SharedDeflate` finds their
compressed form instead of compressing again. A frame never written (its socket closed) is
forgotten once newer ones pass :data:`MAX_READY` frames or :data:`MAX_READY_BYTES`; a frame
forgotten early is still sent, compressed on the loop as before.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
import zlib
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, NamedTuple

import msgspec

from core.realtime.outbox import JOIN_BYTES

WORKERS = max(1, (os.cpu_count() or 2) // 2)
"""Threads making frames ready, per process (half the cores): syncs queue for them rather
than take every core."""
NICENESS = 10
"""How much lower than the event loop's those threads run (Linux): under contention for a
core, requests go first and the sync waits."""
REMEMBER_FROM = JOIN_BYTES
"""Frames from this many bytes are compressed ahead; a smaller one costs the loop little, and
the outbox may send it joined to others (as another text)."""
MAX_READY = 64
"""Frames remembered until written, at most (each a sync batch of one socket)."""
MAX_READY_BYTES = 64 * 1024 * 1024
"""Their UTF-8 bytes, at most (what was made for sockets that closed first goes)."""

_EMPTY_BLOCK = b"\x00\x00\xff\xff"
_encode = msgspec.json.Encoder().encode


def _lower_priority() -> None:
    """Run this worker thread below the loop (where the system lets a thread be niced)."""
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), NICENESS)


_pool = ThreadPoolExecutor(
    max_workers=WORKERS, thread_name_prefix="sync-frames", initializer=_lower_priority
)


class Deflate(NamedTuple):
    """A socket's negotiated compression (without context takeover): what a frame is
    compressed with for it."""

    window_bits: int
    settings: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Ready:
    text: str
    data: bytes
    """``text`` as UTF-8: the payload the socket writes."""
    window_bits: int | None
    compressed: bytes | None
    """``data`` deflated for a socket with ``window_bits`` (the RFC 7692 tail removed)."""


_by_text: OrderedDict[int, Ready] = OrderedDict()
_by_data: dict[int, Ready] = {}
_held_bytes = 0


def deflated(data: bytes, deflate: Deflate) -> bytes:
    """``data`` as one permessage-deflate message without context takeover."""
    encoder = zlib.compressobj(wbits=-deflate.window_bits, **deflate.settings)
    out = encoder.compress(data) + encoder.flush(zlib.Z_SYNC_FLUSH)
    return out[:-4] if out.endswith(_EMPTY_BLOCK) else out


def make_ready(packet: Any, deflate: Deflate | None) -> Ready:
    """The frame of ``packet``, its bytes and (for a socket that compresses) their deflate."""
    data = _encode(packet)
    text = data.decode()
    if deflate is None or len(data) < REMEMBER_FROM:
        return Ready(text, data, None, None)
    return Ready(text, data, deflate.window_bits, deflated(data, deflate))


async def prepare(packet: Any, deflate: Deflate | None) -> str:
    """Encode (and compress) ``packet`` in a worker thread; its frame, remembered until sent."""
    global _held_bytes
    ready = await asyncio.get_running_loop().run_in_executor(_pool, make_ready, packet, deflate)
    if len(ready.data) < REMEMBER_FROM:
        return ready.text
    _by_text[id(ready.text)] = ready
    _by_data[id(ready.data)] = ready
    _held_bytes += len(ready.data)
    while len(_by_text) > MAX_READY or (_held_bytes > MAX_READY_BYTES and len(_by_text) > 1):
        _forget(next(iter(_by_text.values())))
    return ready.text


def _forget(ready: Ready) -> None:
    global _held_bytes
    del _by_text[id(ready.text)]
    _by_data.pop(id(ready.data), None)
    _held_bytes -= len(ready.data)


def ready_bytes(text: str) -> bytes | None:
    """The UTF-8 made for ``text`` (this very object), if it was prepared."""
    ready = _by_text.get(id(text))
    return ready.data if ready is not None and ready.text is text else None


def ready_compressed(data: bytes, window_bits: int) -> bytes | None:
    """The deflate made for ``data`` (this very object) with ``window_bits``, if any."""
    ready = _by_data.get(id(data))
    if ready is None or ready.data is not data or ready.window_bits != window_bits:
        return None
    return ready.compressed


def sent(text: str) -> None:
    """``text`` was written: forget what was made for it."""
    ready = _by_text.get(id(text))
    if ready is not None and ready.text is text:
        _forget(ready)


def waiting() -> int:
    """Frames prepared and not yet written (a test looks)."""
    return len(_by_text)
