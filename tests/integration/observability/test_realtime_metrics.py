"""The realtime metrics move with what they count: sockets open per tenant, syncs per
channel, fan-out latency, sockets closed as too slow, bus reconnects, the push queue."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from types import SimpleNamespace

from core.observability.metrics import REGISTRY
from core.push.sender import Push, PushSender
from core.realtime import protocol
from core.realtime.bus import Bus
from core.realtime.hub import Hub
from core.realtime.socket import RealtimeSocket
from core.runtime import Runtime
from core.settings import RealtimeSettings, Settings
from core.testing import Live
from core.testing.live import sentinel


def sample(name: str, **labels: str) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


async def eventually(check: Callable[[], bool], timeout: float = 3.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "the metric did not move in time"
        await asyncio.sleep(0.01)


def sockets(tenant: str) -> float:
    return sample("sportello_sockets_open", tenant=tenant)


async def test_sockets_open_counts_each_tenants_sockets(live: Live) -> None:
    start = {tenant: sockets(tenant) for tenant in ("assicurapp", "rcadealer")}
    first = await live.client("assicurapp")
    await first.handshake()
    second = await live.client("assicurapp")
    await second.handshake()
    other = await live.client("rcadealer")
    await other.handshake()
    await eventually(lambda: sockets("assicurapp") == start["assicurapp"] + 2)
    assert sockets("rcadealer") == start["rcadealer"] + 1
    await first.close()
    await other.close()
    await eventually(lambda: sockets("assicurapp") == start["assicurapp"] + 1)
    await eventually(lambda: sockets("rcadealer") == start["rcadealer"])


async def test_a_sync_is_timed_per_channel_and_a_change_per_fan_out(live: Live) -> None:
    client = await live.logged_in("assicurapp", "agente")
    syncs = "sportello_sync_duration_seconds_count"
    before = sample(syncs, channel="preventivi")
    answer = await client.invoke("getDbData", {"preventivi": []})
    assert answer["tot"] == 1
    assert sample(syncs, channel="preventivi") == before + 1
    channels = {
        dict(s.labels)["channel"]
        for family in REGISTRY.collect()
        if family.name == "sportello_sync_duration_seconds"
        for s in family.samples
    }
    assert channels <= set(live.runtime.publications)  # registered channels only

    fanouts = sample("sportello_fanout_latency_seconds_count")
    await client.subscribe("preventivi")
    await sentinel(live, client, "assicurapp")
    assert sample("sportello_fanout_latency_seconds_count") >= fanouts + 1


async def test_fan_out_latency_counts_from_the_publication_time() -> None:
    hub = Hub(Bus("memory://"), {})
    count, total = "sportello_fanout_latency_seconds_count", "sportello_fanout_latency_seconds_sum"
    before = (sample(count), sample(total))
    await hub._deliver({"t": "x", "c": "preventivi", "d": {}, "at": time.time() - 0.5})
    assert sample(count) == before[0] + 1
    assert 0.5 <= sample(total) - before[1] < 5
    middle = (sample(count), sample(total))
    await hub._deliver({"t": "x", "c": "preventivi", "d": {}})  # no time: the hub's own work
    await hub._deliver({"t": "x", "c": "preventivi", "d": {}, "at": "yesterday"})
    await hub._deliver({"t": "x", "c": "preventivi", "d": {}, "at": time.time() + 60})  # skew
    assert sample(count) == middle[0] + 3
    assert 0 <= sample(total) - middle[1] < 0.5
    await hub._deliver({"t": "x", "e": "restartApp"})  # not a change: not a fan-out
    assert sample(count) == middle[0] + 3


class StuckConnection:
    """A websocket whose peer reads nothing: every write waits forever."""

    headers: dict[str, str] = {}
    url = SimpleNamespace(scheme="http")
    scope: dict[str, object] = {}

    async def send_text(self, _text: str) -> None:
        await asyncio.Event().wait()

    async def close(self, code: int = 1000, reason: str = "") -> None:
        return None


def slow_closes(reason: str) -> float:
    return sample("sportello_outbox_closes_total", reason=reason)


async def test_a_socket_closed_as_too_slow_is_counted_once_by_reason(runtime: Runtime) -> None:
    tenant = runtime.tenants.get("assicurapp")
    assert tenant is not None
    before = {reason: slow_closes(reason) for reason in ("overflow", "send_timeout")}
    limits = RealtimeSettings(outbox_messages=2, send_timeout_ms=60_000)
    full = RealtimeSocket(StuckConnection(), tenant, limits)  # type: ignore[arg-type]
    full.start()
    for n in range(10):  # the third frame overflows; the rest find the socket closing
        full.push(f'{{"n":{n}}}')
    await asyncio.wait_for(full.gone.wait(), 3)
    assert slow_closes("overflow") == before["overflow"] + 1

    stuck = RealtimeSocket(StuckConnection(), tenant, RealtimeSettings(send_timeout_ms=50))  # type: ignore[arg-type]
    stuck.start()
    stuck.push('{"n":1}')
    await asyncio.wait_for(stuck.gone.wait(), 3)
    assert slow_closes("send_timeout") == before["send_timeout"] + 1
    assert slow_closes("overflow") == before["overflow"] + 1

    normal = RealtimeSocket(StuckConnection(), tenant, limits)  # type: ignore[arg-type]
    await normal.close(protocol.CLOSE_LOGGED_OUT, "logout")  # another close: not counted
    assert {reason: slow_closes(reason) for reason in before} == {
        "overflow": before["overflow"] + 1,
        "send_timeout": before["send_timeout"] + 1,
    }


async def test_bus_reconnects_are_counted() -> None:
    bus = Bus("memory://")
    await bus.connect()
    before = sample("sportello_bus_reconnects_total")
    await bus.reconnect()
    await bus.reconnect()
    await bus.disconnect()
    assert sample("sportello_bus_reconnects_total") == before + 2


async def test_the_push_queue_depth_follows_the_queue(runtime: Runtime, settings: Settings) -> None:
    small = settings.model_copy(
        update={"push": settings.push.model_copy(update={"queue_size": 3, "concurrency": 1})}
    )
    sender = PushSender(runtime.db, small)
    await sender.start()
    try:
        for n in range(5):  # no await between: the worker takes none yet; two are dropped
            sender.send(Push("assicurapp", ("nobody",), f"t{n}", "b", "/"))
        assert sample("sportello_push_queue_depth") == 3
        assert sender.queue is not None
        await asyncio.wait_for(sender.queue.join(), 10)
        assert sample("sportello_push_queue_depth") == 0
    finally:
        await sender.stop()
