"""Session sync as the browser does it: a cold ``tokenLogin`` + ``getDbData``, then resyncs.

Cold: a new socket, handshake with the stored token, ``tokenLogin``, subscribe ``dbData``,
``getDbData {preventivi, polizze, usr}``; timed from opening the socket to the reply, by
which time every batch has arrived (one socket delivers in order). Resync: the same call
with ``wm`` (the last watermark received) and nothing changed since; ``None`` when the
server answers without a watermark.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

from bench.realtime.servers import HOST
from bench.realtime.stats import percentile
from bench.realtime.wire import ScConnection

STREAMS: dict[str, list[str]] = {"preventivi": [], "polizze": [], "usr": []}
CHANNEL = "dbData"


@dataclass
class SyncResult:
    cold_ms: list[float] = field(default_factory=list)
    """From opening the socket to the reply of ``getDbData``."""
    token_login_ms: list[float] = field(default_factory=list)
    """The ``tokenLogin`` call alone."""
    quotes: int = 0
    policies: int = 0
    megabytes: float = 0.0
    resync_ms: list[float] | None = None
    """``None``: the server returned no watermark."""
    resync_items: int = 0
    """Items the resyncs carried (nothing changed: should be 0)."""

    @property
    def cold_p50(self) -> float:
        return percentile(self.cold_ms, 0.5)

    @property
    def resync_p50(self) -> float | None:
        return percentile(self.resync_ms, 0.5) if self.resync_ms is not None else None


def _items(connection: ScConnection) -> dict[str, dict[str, Any]]:
    collections: dict[str, dict[str, Any]] = {}
    for channel, batch in connection.published:
        if channel == CHANNEL and isinstance(batch, dict):
            for name, items in batch.items():
                collections.setdefault(name, {}).update(items)
    return collections


async def _cold(port: int, token: str, result: SyncResult) -> tuple[ScConnection, Any]:
    began = time.monotonic()
    connection = await ScConnection.open(port, HOST)
    await connection.handshake(token)
    logging_in = time.monotonic()
    await connection.invoke("tokenLogin", {"t": token, "productsHash": None})
    result.token_login_ms.append((time.monotonic() - logging_in) * 1000)
    await connection.subscribe(CHANNEL)
    answer = await connection.invoke("getDbData", STREAMS, within=120)
    result.cold_ms.append((time.monotonic() - began) * 1000)
    return connection, answer


async def measure_sync(port: int, token: str, runs: int, resyncs: int) -> SyncResult:
    """``runs`` cold syncs on new sockets; ``resyncs`` empty resyncs on the last one."""
    result = SyncResult()
    for run in range(runs):
        connection, answer = await _cold(port, token, result)
        try:
            collections = _items(connection)
            result.quotes = len(collections.get("preventivi", {}))
            result.policies = len(collections.get("polizze", {}))
            if run == runs - 1:
                size = sum(len(json.dumps(b)) for _, b in connection.published)
                result.megabytes = size / 1e6
                watermark = answer.get("wm") if isinstance(answer, dict) else None
                if watermark is not None:
                    await _resync(connection, watermark, resyncs, result)
        finally:
            await connection.close()
    return result


async def _resync(connection: ScConnection, watermark: Any, runs: int, result: SyncResult) -> None:
    result.resync_ms = []
    for _ in range(runs):
        connection.published.clear()
        began = time.monotonic()
        answer = await connection.invoke("getDbData", {**STREAMS, "wm": watermark})
        result.resync_ms.append((time.monotonic() - began) * 1000)
        result.resync_items += sum(len(items) for items in _items(connection).values())
        watermark = answer.get("wm", watermark) if isinstance(answer, dict) else watermark
