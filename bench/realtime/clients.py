"""Drives the load-generator processes (:mod:`bench.realtime.load`) from the bench."""

from __future__ import annotations

import asyncio
import contextlib
import os
from dataclasses import dataclass, field
from typing import Any

import msgspec

from bench.realtime.procs import PYTHON, Child, Children
from bench.realtime.stats import Matched


@dataclass
class Collected:
    matched: Matched = field(default_factory=Matched)
    count: int = 0
    first: float = 0.0
    last: float = 0.0
    cpu: float = 0.0
    """CPU seconds the load processes spent since the last reset."""

    @property
    def latencies(self) -> list[float]:
        """Seconds from a change's send to one socket receiving it, every delivery."""
        return self.matched.latencies


class LoadClients:
    """One or more load processes, the sockets split evenly between them."""

    def __init__(self, children: Children, processes: int) -> None:
        self.children = children
        self.processes = processes
        self.workers: list[Child] = []
        self.sockets = 0

    async def start(self) -> None:
        for n in range(self.processes):
            argv = [PYTHON, "-m", "bench.realtime.load"]
            env = dict(os.environ)
            self.workers.append(await self.children.start(f"load-{n}", argv, env, pipes=True))

    async def _ask(self, worker: Child, command: dict[str, Any]) -> dict[str, Any]:
        process = worker.process
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(msgspec.json.encode(command) + b"\n")
        await process.stdin.drain()
        line = await process.stdout.readline()
        if not line:
            raise RuntimeError(f"{worker.name} exited:\n{worker.tail()}")
        answer: dict[str, Any] = msgspec.json.decode(line)
        if not answer.pop("ok"):
            raise RuntimeError(f"{worker.name}: {answer['error']}")
        return answer

    async def _all(self, command: dict[str, Any]) -> list[dict[str, Any]]:
        return await asyncio.gather(*(self._ask(w, command) for w in self.workers))

    async def connect(self, kind: str, port: int, host: str, tokens: list[str], count: int,
                      batch: int, compression: str) -> float:  # fmt: skip
        """Open ``count`` more sockets across the processes; seconds it took."""
        shares = [count // self.processes + (n < count % self.processes) for n in range(
            self.processes)]  # fmt: skip
        answers = await asyncio.gather(*(
            self._ask(w, {"op": "connect", "args": {
                "kind": kind, "port": port, "host": host, "tokens": tokens, "count": share,
                "batch": max(1, batch // self.processes), "compression": compression}})
            for w, share in zip(self.workers, shares, strict=True)
        ))  # fmt: skip
        expected = self.sockets + count
        self.sockets = sum(a["connected"] for a in answers)
        if self.sockets != expected:
            raise RuntimeError(f"{self.sockets} sockets connected out of {expected}")
        return float(max(a["seconds"] for a in answers))

    async def reset(self) -> None:
        await self._all({"op": "reset"})

    async def wait(self, changes: int, patience: float) -> int:
        """Wait until every socket heard ``changes`` changes, or nothing more arrives for
        ``patience`` seconds; the deliveries so far."""
        answers = await self._all({"op": "wait", "changes": changes, "patience": patience})
        return sum(a["count"] for a in answers)

    async def collect(self, sends: list[tuple[str, str, float]]) -> Collected:
        total = Collected()
        for answer in await self._all({"op": "collect", "sends": sends}):
            total.matched.merge(msgspec.convert(answer["matched"], Matched))
            total.cpu += answer["cpu"]
            if answer["count"]:
                total.first = min(total.first or answer["first"], answer["first"])
                total.last = max(total.last, answer["last"])
            total.count += answer["count"]
        return total

    async def disconnect(self) -> None:
        await self._all({"op": "disconnect"})
        self.sockets = 0

    async def stop(self) -> None:
        for worker in self.workers:
            process = worker.process
            if process.stdin is not None and process.returncode is None:
                process.stdin.write(b'{"op": "quit"}\n')
                await process.stdin.drain()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(process.wait(), 10)
            await self.children.stop(worker)
        self.workers.clear()
