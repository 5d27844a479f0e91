"""Memory per socket: the servers' resident growth while idle sockets open, log in and subscribe.

Measured on a server process of its own that serves nothing else, as the slope between two
counts of sockets: ``warm`` sockets open first (one-time costs such as first imports and
caches go there), then the rest. Heap another phase freed (a cold sync's payloads) would
otherwise be reused by the sockets and hide what they cost.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass

from bench.realtime.clients import LoadClients
from bench.realtime.fanout import Target
from bench.realtime.procs import Child, progress
from bench.realtime.servers import HOST
from bench.realtime.wire import Compression

SETTLE_SECONDS = 1.0
"""Wait before reading memory: the last handshakes' garbage goes first."""


@dataclass(frozen=True)
class MemoryResult:
    sockets: int
    warm: int
    socket_bytes: float
    """Resident growth per socket from ``warm`` sockets to ``sockets``."""


def resident_bytes(children: Sequence[Child]) -> int:
    """The processes' resident memory (``VmRSS``), summed."""
    total = 0
    for child in children:
        with open(f"/proc/{child.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
    return total


async def measure_memory(
    target: Target,
    clients: LoadClients,
    *,
    sockets: int,
    warm: int,
    batch: int,
    compression: Compression,
) -> MemoryResult:
    if not 0 < warm < sockets:
        raise ValueError("the warm-up must be a part of the sockets")
    progress(f"{target.label}: memory over {sockets} idle sockets")
    connect = (target.kind, target.socket_port, HOST, target.tokens)
    try:
        await clients.connect(*connect, warm, batch, compression)
        await asyncio.sleep(SETTLE_SECONDS)
        before = resident_bytes(target.servers)
        await clients.connect(*connect, sockets - warm, batch, compression)
        await asyncio.sleep(SETTLE_SECONDS)
        grown = resident_bytes(target.servers) - before
    finally:
        await clients.disconnect()
    return MemoryResult(sockets, warm, grown / (sockets - warm))
