"""The results as a table: each figure, its target and whether it is met."""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import version

from bench.realtime.fanout import FanoutResult, Phase
from bench.realtime.memory import MemoryResult
from bench.realtime.runner import Results
from bench.realtime.servers import SERVER_SETTINGS
from bench.realtime.stats import percentile

FANOUT_P99_MS = 100.0
COLD_SYNC_MS = 500.0
EMPTY_RESYNC_MS = 50.0
CROSS_P99_MS = 150.0
SOCKET_KB = 8.0
"""Resident memory one logged-in, subscribed socket may cost the server."""
THROUGHPUT_RATIO = 2.0
"""Delivered messages per second, sportello over python-socketio in the same run."""
CONNECTS_PER_S = {"sqlite": 1000.0, "postgres": 2000.0}
"""Sockets one process handshakes (with a token) and subscribes per second, by database."""
CONNECT_RATIO = 2.0
"""The longest sportello may take to open them, in python-socketio's time in the same run."""
BUSY_MACHINE = 0.25
MEASURABLE = 1.0
"""Shortest phase, in seconds, whose CPU shares mean something (the kernel counts in ticks)."""


@dataclass(frozen=True)
class Row:
    figure: str
    value: str
    target: str = ""
    result: str = ""
    note: str = ""


def _ms(value: float | None) -> str:
    if value is None or math.isnan(value):
        return "n/a"
    return "lost" if math.isinf(value) else f"{value:.1f} ms"


def _verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "NOT MET")


def _delivered(phase: Phase) -> str:
    lost = f", {phase.missing} lost" if phase.missing else ""
    return f"{len(phase.collected.latencies)}/{phase.expected} delivered{lost}"


def _memory_row(name: str, result: MemoryResult, target: float | None) -> Row:
    kb = result.socket_bytes / 1024
    note = (f"resident growth from {result.warm} to {result.sockets} idle sockets, logged in "
            "and subscribed, on a server process of their own")  # fmt: skip
    if target is None:
        return Row(f"{name}: memory per socket", f"{kb:.1f} KB", note=note)
    return Row(f"{name}: memory per socket", f"{kb:.1f} KB", f"< {target:.0f} KB",
               _verdict(kb < target), note)  # fmt: skip


def _fanout_rows(name: str, result: FanoutResult, p99_target: float | None) -> Iterator[Row]:
    latency = result.latency
    note = f"{_delivered(latency)}; {latency.cpu_note()}"
    yield Row(f"{name}: change→delivery p50", _ms(latency.p50_ms), note=note)
    if p99_target is None:
        yield Row(f"{name}: change→delivery p99", _ms(latency.p99_ms), note=latency.spread_note())
    else:
        met = latency.p99_ms < p99_target
        yield Row(f"{name}: change→delivery p99", _ms(latency.p99_ms),
                  f"< {p99_target:.0f} ms", _verdict(met), latency.spread_note())  # fmt: skip


def _throughput_rows(results: Results) -> Iterator[Row]:
    ours = results.sportello.burst if results.sportello else None
    theirs = results.socketio.burst if results.socketio else None
    ceiling = results.bare.burst if results.bare else None
    if ours is None:
        return
    for name, phase in (("sportello", ours), ("python-socketio", theirs),
                        ("bare websockets", ceiling)):  # fmt: skip
        if phase is None:
            continue
        note = f"{_delivered(phase)} in {phase.seconds:.1f} s; {phase.cpu_note()}"
        yield Row(f"{name}: delivered msg/s (burst)", f"{phase.per_second:,.0f}", note=note)
    if theirs is not None:
        ratio = ours.per_second / theirs.per_second if theirs.per_second else math.nan
        met = ratio >= THROUGHPUT_RATIO and not ours.missing
        yield Row("throughput ratio sportello / python-socketio", f"{ratio:.2f}",
                  f"≥ {THROUGHPUT_RATIO:.2f}", _verdict(met))  # fmt: skip
    if ceiling is not None:
        share = ours.per_second / ceiling.per_second if ceiling.per_second else math.nan
        yield Row(
            "throughput sportello / bare websockets",
            f"{share:.2f}",
            note="the ceiling: same sockets and frames, no filtering, no database",
        )


def _per_core(sockets: int, cpu: float) -> str:
    """What the server's CPU time per socket allows one core to open per second."""
    return f"{sockets / cpu:,.0f}/s per core" if cpu > 0 and not math.isnan(cpu) else "n/a"


def _connect_rows(results: Results) -> Iterator[Row]:
    """Sockets opened per second (connected, handshaken with a token, subscribed), as the one
    load process opened them and as the server's CPU time per socket allows one core to."""
    o = results.options
    ours, theirs = results.sportello, results.socketio
    if ours is None:
        return
    target = CONNECTS_PER_S[o.db]
    capacity = o.sockets / ours.connect_cpu if ours.connect_cpu > 0 else math.nan
    note = (f"{o.sockets} sockets in {ours.connect_seconds:.2f} s, {o.batch} at a time, 3 "
            f"logins (known after the first of each); server CPU {ours.connect_cpu:.2f} s: "
            f"{_per_core(o.sockets, ours.connect_cpu)}")  # fmt: skip
    yield Row("sportello: sockets opened per second", f"{o.sockets / ours.connect_seconds:,.0f}",
              note=note)  # fmt: skip
    yield Row("sportello: server capacity, sockets per second per core", f"{capacity:,.0f}",
              f"≥ {target:,.0f}", _verdict(capacity >= target),
              "the sockets above divided by the server's CPU seconds opening them")  # fmt: skip
    if results.cold_connect_seconds is not None:
        cold, cpu = results.cold_connect_seconds, results.cold_connect_cpu or math.nan
        note = (f"{o.sockets} sockets in {cold:.2f} s, each token checked in the database; "
                f"server CPU {cpu:.2f} s: {_per_core(o.sockets, cpu)}")  # fmt: skip
        yield Row("sportello: sockets opened per second, every login new",
                  f"{o.sockets / cold:,.0f}", note=note)  # fmt: skip
    for name, result in (("python-socketio", theirs), ("bare websockets", results.bare)):
        if result is not None:
            seconds, cpu = result.connect_seconds, result.connect_cpu
            note = (f"{o.sockets} sockets in {seconds:.2f} s, subscribed, no login; server CPU "
                    f"{cpu:.2f} s: {_per_core(o.sockets, cpu)}")  # fmt: skip
            yield Row(f"{name}: sockets opened per second", f"{o.sockets / seconds:,.0f}",
                      note=note)  # fmt: skip
    if theirs is not None:
        ratio = ours.connect_seconds / theirs.connect_seconds
        yield Row("connect time sportello / python-socketio", f"{ratio:.2f}",
                  f"≤ {CONNECT_RATIO:.2f}", _verdict(ratio <= CONNECT_RATIO))  # fmt: skip


def _sync_rows(results: Results) -> Iterator[Row]:
    sync = results.sync
    if sync is None:
        return
    o = results.options
    note = (f"median of {len(sync.cold_ms)} from socket open, max {max(sync.cold_ms):.0f} ms, "
            f"tokenLogin alone {percentile(sync.token_login_ms, 0.5):.0f} ms; {sync.quotes} "
            f"quotes, {sync.policies} policies, {sync.megabytes:.1f} MB")  # fmt: skip
    yield Row(f"cold tokenLogin + getDbData ({o.quotes} q, {o.policies} p)",
              _ms(sync.cold_p50), f"< {COLD_SYNC_MS:.0f} ms",
              _verdict(sync.cold_p50 < COLD_SYNC_MS), note)  # fmt: skip
    resync = sync.resync_p50
    if resync is None:
        yield Row("empty watermark resync", "n/a (server has no watermark)",
                  f"< {EMPTY_RESYNC_MS:.0f} ms", "n/a")  # fmt: skip
        return
    assert sync.resync_ms is not None
    note = f"median of {len(sync.resync_ms)}; items resent (nothing changed): {sync.resync_items}"
    yield Row("empty watermark resync", _ms(resync), f"< {EMPTY_RESYNC_MS:.0f} ms",
              _verdict(resync < EMPTY_RESYNC_MS), note)  # fmt: skip


def rows(results: Results) -> list[Row]:
    table: list[Row] = []
    if results.sportello:
        table += _fanout_rows("sportello", results.sportello, FANOUT_P99_MS)
    if results.socketio:
        table += _fanout_rows("python-socketio", results.socketio, None)
    if results.bare:
        table += _fanout_rows("bare websockets", results.bare, None)
    for name, target in (("sportello", SOCKET_KB), ("python-socketio", None),
                         ("bare websockets", None)):  # fmt: skip
        if name in results.memory:
            table.append(_memory_row(name, results.memory[name], target))
    table += _throughput_rows(results)
    table += _connect_rows(results)
    table += _sync_rows(results)
    if results.cross:
        table += _fanout_rows("cross-process via Redis", results.cross, CROSS_P99_MS)
    elif results.cross_skipped:
        table.append(Row("cross-process via Redis", "n/a", f"p99 < {CROSS_P99_MS:.0f} ms", "n/a",
                         results.cross_skipped))  # fmt: skip
    return table


def header(results: Results) -> str:
    o = results.options
    settings = " ".join(f"{k}={v}" for k, v in SERVER_SETTINGS.items())
    return "\n".join([
        f"Realtime: sportello serve (1 process, {o.db}) vs python-socketio "
        f"{version('python-socketio')} (uvicorn) and a bare websockets {version('websockets')} "
        f"broadcast server, on {os.cpu_count()} CPUs",
        f"{o.sockets} sockets on 'preventivi' in {o.client_processes} load process(es), "
        f"websocket compression {o.compression}; latency: {o.changes} changes "
        + (f"paced at {o.rate:g}/s" if o.rate > 0 else "one at a time (each once the previous "
           "one reached every socket)")
        + f"; throughput: {o.changes} changes back to back (each once acknowledged)",
        f"server settings: {settings} (one admin socket makes every change)",
        "load average (1 min) at start {:.1f}, at end {:.1f}".format(*results.load_average),
    ])  # fmt: skip


def _phases(results: Results) -> Iterator[Phase]:
    for result in (results.sportello, results.socketio, results.bare, results.cross):
        if result is not None:
            yield result.latency
            if result.burst is not None:
                yield result.burst


def footer(results: Results) -> str:
    """A warning when other processes took a sizeable share of the machine meanwhile."""
    shares = [phase.others_share for phase in _phases(results) if phase.span >= MEASURABLE]
    busiest = min(max(shares, default=0.0), float(os.cpu_count() or 1))
    if busiest < BUSY_MACHINE:
        return ""
    return (
        f"\nOther processes kept up to {busiest:.1f} of the {os.cpu_count()} cores busy during "
        "a phase: the machine was shared and the figures above are pessimistic."
    )


def render(results: Results) -> str:
    table = rows(results)
    widths = [max(len(getattr(r, f)) for r in [*table, HEAD]) for f in FIELDS]
    lines = ["", header(results), ""]
    for index, row in enumerate([HEAD, *table]):
        cells = [getattr(row, f).ljust(w) for f, w in zip(FIELDS, widths, strict=True)]
        lines.append("  ".join(cells).rstrip())
        if index == 0:
            lines.append("-" * min(120, sum(widths) + 2 * len(widths)))
    return "\n".join(lines) + footer(results)


FIELDS = ("figure", "value", "target", "result", "note")
HEAD = Row("figure", "value", "target", "result", "notes")
