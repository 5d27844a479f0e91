"""Fan-out: an admin socket changes quote statuses; every load socket receives every change.

Two phases per server. *Latency*: each latency is the time from the ``saveData`` leaving the
admin socket to one socket receiving its event; changes go one at a time (the next once the
previous one reached every socket) or paced at a fixed rate. *Burst*: the next change as soon
as the previous one is acknowledged, which measures how many messages per second the server
delivers when pushed.
"""

from __future__ import annotations

import asyncio
import functools
import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bench.realtime.clients import Collected, LoadClients
from bench.realtime.procs import Child, CpuMeter, CpuUse, progress
from bench.realtime.servers import HOST
from bench.realtime.stats import percentile
from bench.realtime.wire import WATCHED, Compression, Connection, ScConnection, SioConnection

STATUSES = ("In attesa di quotazione", "Approvato dalla direzione")
"""Two statuses an admin may set (DEFAULT_STATUSES); the seeded quotes hold neither."""
WARMUP_CHANGES = 5


class ChangePlan:
    """Which quote gets which status next: quotes in turn, each visit flipping its status."""

    def __init__(self, quote_ids: Sequence[str]) -> None:
        if not quote_ids:
            raise ValueError("no quote to change")
        self.quote_ids = quote_ids
        self.done = 0

    def next(self) -> tuple[str, str]:
        quote_id = self.quote_ids[self.done % len(self.quote_ids)]
        status = STATUSES[(self.done // len(self.quote_ids)) % 2]
        self.done += 1
        return quote_id, status


@dataclass
class Target:
    """A server under test: where the load sockets connect, and where changes are made."""

    label: str
    kind: Literal["sc", "sio"]
    socket_port: int
    trigger_port: int
    servers: list[Child]
    tokens: list[str]
    """Tokens the load sockets authenticate with (sc), cycled."""
    admin_token: str | None = None


Pace = float | Literal["one-by-one", "burst"]
"""Changes per second; ``one-by-one``: each change once the previous one reached every socket;
``burst``: each change once the previous one is acknowledged."""


@dataclass
class Phase:
    changes: int
    sockets: int
    began: float
    ended: float
    """When the last delivery arrived, or waiting for the missing ones gave up."""
    collected: Collected
    cpu: CpuUse
    acks: list[float]
    """Per change: seconds from its send to the server's reply to ``saveData``."""

    @property
    def expected(self) -> int:
        return self.changes * self.sockets

    @property
    def missing(self) -> int:
        return max(0, self.expected - len(self.collected.latencies))

    def percentile_ms(self, fraction: float) -> float:
        """A lost delivery counts as infinitely late."""
        latencies = self.collected.latencies + [math.inf] * self.missing
        return percentile(latencies, fraction) * 1000

    @property
    def p50_ms(self) -> float:
        return self.percentile_ms(0.50)

    @property
    def p99_ms(self) -> float:
        return self.percentile_ms(0.99)

    def spread_note(self) -> str:
        """Where one change's time goes: the reply, the first socket, the last socket."""
        matched = self.collected.matched
        first = [x for x in matched.earliest if x is not None]
        last = [x for x in matched.latest if x is not None]
        return (
            f"medians per change: saveData reply {_ms(percentile(self.acks, 0.5))}, "
            f"first socket {_ms(percentile(first, 0.5))}, last socket {_ms(percentile(last, 0.5))}"
            f" (slowest change: {_ms(max(last, default=math.nan))})"
        )

    @property
    def seconds(self) -> float:
        return max((self.collected.last or self.ended) - self.began, 1e-9)

    @property
    def per_second(self) -> float:
        """Delivered messages per second, first send to last delivery."""
        return self.collected.count / self.seconds

    @property
    def span(self) -> float:
        return max(self.ended - self.began, 1e-9)

    @property
    def others_share(self) -> float:
        """CPU the rest of the machine used meanwhile, as a share of one core."""
        ours = self.cpu.servers + self.cpu.own + self.collected.cpu
        return max(self.cpu.machine - ours, 0.0) / self.span

    @property
    def server_us_per_delivery(self) -> float:
        """Server CPU time per delivered message: unlike latency, it holds on a shared machine."""
        delivered = self.collected.count
        return self.cpu.servers / delivered * 1e6 if delivered else math.nan

    def cpu_note(self) -> str:
        """CPU used during the phase, in % of one core: ours and everyone else's."""
        return (
            f"cpu: server {self.cpu.servers / self.span:.0%} "
            f"({self.server_us_per_delivery:.0f} µs per delivery), load clients "
            f"{self.collected.cpu / self.span:.0%}, other processes {self.others_share:.0%}"
        )


@dataclass
class FanoutResult:
    target: Target
    connect_seconds: float
    latency: Phase
    burst: Phase | None
    connect_cpu: float = math.nan
    """Server CPU seconds spent opening the sockets (connect, handshake, subscribe)."""


async def _open_trigger(target: Target, compression: Compression) -> Connection:
    if target.kind == "sio":
        return await SioConnection.open(target.trigger_port, HOST, compression=compression)
    admin = await ScConnection.open(target.trigger_port, HOST, compression=compression)
    await admin.handshake(target.admin_token)
    return admin


def _check(label: str, answers: Sequence[object]) -> None:
    unchanged = sum(1 for a in answers if not (isinstance(a, dict) and a.get("modifiedCount")))
    if unchanged:
        raise RuntimeError(f"{label}: {unchanged} saveData changed nothing")


def _ms(seconds: float) -> str:
    return "n/a" if math.isnan(seconds) else f"{seconds * 1000:.1f} ms"


def _note_reply(acks: list[float], index: int, sent: float, _reply: object) -> None:
    acks[index] = time.monotonic() - sent


async def run_phase(
    target: Target,
    trigger: Connection,
    clients: LoadClients,
    plan: ChangePlan,
    *,
    changes: int,
    pace: Pace,
    patience: float,
) -> Phase:
    """Make ``changes`` changes at ``pace``; then wait for every delivery (or give up)."""
    await clients.reset()
    meter = CpuMeter(target.servers)
    sends: list[tuple[str, str, float]] = []
    replies: list[asyncio.Future[object]] = []
    acks = [math.nan] * changes
    waiting = pace == "one-by-one"
    began = time.monotonic()
    for k in range(changes):
        if not isinstance(pace, str):
            await asyncio.sleep(max(0.0, began + k / pace - time.monotonic()))
        quote_id, status = plan.next()
        body = {"coll": WATCHED, "_id": quote_id, "upd": {"$set": {"status": status}}}
        sent, reply = await trigger.send_call("saveData", body)
        reply.add_done_callback(functools.partial(_note_reply, acks, k, sent))
        sends.append((quote_id, status, sent))
        replies.append(reply)
        if isinstance(pace, str):
            await asyncio.wait_for(reply, 30)
        if waiting and await clients.wait(k + 1, patience) < (k + 1) * clients.sockets:
            waiting = False  # deliveries are being lost: stop waiting for each change
    _check(target.label, await asyncio.wait_for(asyncio.gather(*replies), 60))
    await clients.wait(changes, patience)
    ended = time.monotonic()
    cpu = meter.used()
    collected = await clients.collect(sends)
    return Phase(changes, clients.sockets, began, ended, collected, cpu, acks)


async def measure_fanout(
    target: Target,
    clients: LoadClients,
    plan: ChangePlan,
    *,
    sockets: int,
    changes: int,
    pace: Pace,
    batch: int,
    compression: Compression,
    burst: bool,
    patience: float,
) -> FanoutResult:
    progress(f"{target.label}: connecting {sockets} sockets")
    meter = CpuMeter(target.servers)
    connect_seconds = await clients.connect(
        target.kind, target.socket_port, HOST, target.tokens, sockets, batch, compression
    )
    connect_cpu = meter.used().servers
    trigger = await _open_trigger(target, compression)
    phase = functools.partial(run_phase, target, trigger, clients, plan, patience=patience)
    try:
        progress(f"{target.label}: {sockets} sockets in {connect_seconds:.1f} s; latency phase")
        await phase(changes=WARMUP_CHANGES, pace=pace)
        latency = await phase(changes=changes, pace=pace)
        fast = None
        if burst:
            progress(f"{target.label}: burst phase")
            fast = await phase(changes=changes, pace="burst")
    finally:
        await trigger.close()
        await clients.disconnect()
    return FanoutResult(target, connect_seconds, latency, fast, connect_cpu)
