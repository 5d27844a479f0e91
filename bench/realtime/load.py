"""The load generator: a process holding many sockets that records what they receive.

``python -m bench.realtime.load`` reads one JSON command per line on stdin and answers one
JSON line on stdout. Kept out of the server's and the trigger's process so that, on a small
machine, its cost shows as its own CPU time. Commands:

* ``connect {kind: sc|sio, port, host, tokens, count, batch, compression}``: open ``count``
  sockets ``batch`` at a time, authenticated (sc: handshake with a token, cycled) and
  subscribed to ``preventivi``;
* ``reset``: forget the deliveries;
* ``wait {changes, patience}``: until every socket heard ``changes`` changes, or nothing new
  came for ``patience`` seconds; answers the count;
* ``collect {sends: [[quote id, status, sent at], ...]}``: latencies of the deliveries;
* ``disconnect``: close every socket; ``quit``.
"""

from __future__ import annotations

import asyncio
import sys
import time
from typing import Any

import msgspec

from bench.realtime.stats import match_latencies
from bench.realtime.wire import WATCHED, Connection, Delivery, ScConnection, SioConnection

WAIT_STEP = 0.002


class Load:
    def __init__(self) -> None:
        self.connections: list[Connection] = []
        self.deliveries: list[Delivery] = []
        self.cpu_mark = time.process_time()

    async def handle(self, command: dict[str, Any]) -> dict[str, Any]:
        match command["op"]:
            case "connect":
                return await self.connect(**command["args"])
            case "reset":
                self.deliveries.clear()
                self.cpu_mark = time.process_time()
                return {}
            case "wait":
                return {"count": await self.wait(command["changes"], command["patience"])}
            case "collect":
                return self.collect(command["sends"])
            case "disconnect":
                await asyncio.gather(*(c.close() for c in self.connections))
                self.connections.clear()
                return {}
        raise ValueError(f"unknown command {command['op']!r}")

    async def connect(
        self,
        kind: str,
        port: int,
        host: str,
        tokens: list[str],
        count: int,
        batch: int,
        compression: Any,
    ) -> dict[str, Any]:
        async def one(index: int) -> Connection:
            if kind == "sc":
                sc = await ScConnection.open(port, host, self.deliveries, compression)
                await sc.handshake(tokens[index % len(tokens)])
                await sc.subscribe(WATCHED)
                return sc
            sio = await SioConnection.open(port, host, self.deliveries, compression)
            await sio.invoke("subscribe", WATCHED)
            return sio

        began = time.monotonic()
        for start in range(0, count, batch):
            self.connections += await asyncio.gather(
                *(one(i) for i in range(start, min(count, start + batch)))
            )
        return {"connected": len(self.connections), "seconds": time.monotonic() - began}

    async def wait(self, changes: int, patience: float) -> int:
        expected = changes * len(self.connections)
        seen, quiet_since = -1, time.monotonic()
        while (count := len(self.deliveries)) < expected:
            now = time.monotonic()
            if count != seen:
                seen, quiet_since = count, now
            elif now - quiet_since > patience:
                break
            await asyncio.sleep(WAIT_STEP)
        return count

    def collect(self, sends: list[list[Any]]) -> dict[str, Any]:
        cpu = time.process_time() - self.cpu_mark
        matched = match_latencies(sends, self.deliveries)
        times = [at for _, _, at in self.deliveries]
        return {
            "matched": msgspec.to_builtins(matched),
            "count": len(self.deliveries),
            "first": min(times, default=0.0),
            "last": max(times, default=0.0),
            "cpu": cpu,
        }


async def serve() -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=256 * 1024 * 1024)
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    load = Load()
    while line := await reader.readline():
        command = msgspec.json.decode(line)
        if command["op"] == "quit":
            break
        try:
            answer = {"ok": True, **await load.handle(command)}
        except Exception as exc:  # reported to the bench, which stops with it
            answer = {"ok": False, "error": f"{type(exc).__name__}: {exc}"}
        sys.stdout.buffer.write(msgspec.json.encode(answer) + b"\n")
        sys.stdout.flush()
    await load.handle({"op": "disconnect"})


def main() -> None:
    try:
        import uvloop

        uvloop.run(serve())
    except ImportError:  # pragma: no cover - uvloop ships with uvicorn[standard]
        asyncio.run(serve())


if __name__ == "__main__":
    main()
