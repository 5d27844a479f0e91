"""Full syncs and everyone else: another tenant's ``/healthz`` while one agent syncs again.

``python -m bench sync_fairness`` starts ``sportello serve`` (SQLite, demo data, in-memory
bus) with a portfolio of large quotes for the demo agent (``BENCH_SYNC_QUOTES``, each with
``BENCH_SYNC_EXTRA_BYTES`` more of form answers), then probes ``/healthz`` on another tenant
(rcadealer) one request at a time: first with nothing else running (the peer), then while a
load process runs ``BENCH_SYNC_RUNS`` full ``getDbData`` of the agent over
``BENCH_SYNC_SOCKETS`` sockets. It does so on two servers: one with the full-sync budget
lifted (every sync runs: what is left is the sync's own cost to others) and one with the
default budget (past it, syncs are refused).

The load process reads the batches without decoding them (it only looks for its replies) and
runs niced: a real client decompresses on its own machine, not on the server's cores.
``BENCH_SERVER_SOURCE`` (a checkout's path) serves that checkout's code instead, to compare.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

import httpx

from bench.realtime.procs import PYTHON, Children
from bench.realtime.runner import new_folder, remove_folder
from bench.realtime.servers import HOST, seed, sportello_env, start_sportello
from bench.realtime.stats import percentile
from bench.realtime.wire import CallFailed, ScConnection

QUOTES = int(os.environ.get("BENCH_SYNC_QUOTES", "1700"))
EXTRA_BYTES = int(os.environ.get("BENCH_SYNC_EXTRA_BYTES", "6000"))
RUNS = int(os.environ.get("BENCH_SYNC_RUNS", "30"))
SOCKETS = int(os.environ.get("BENCH_SYNC_SOCKETS", "3"))
IDLE_PROBES = int(os.environ.get("BENCH_SYNC_IDLE_PROBES", "300"))
PROBE_GAP_S = 0.01
OTHER_TENANT = "rcadealer.localhost"
STREAMS: dict[str, list[str]] = {"preventivi": [], "polizze": [], "usr": []}
LIFTED = {"RATE_LIMIT_FULL_SYNCS_PER_USER": "10000/minute",
          "RATE_LIMIT_FULL_SYNCS_PER_TENANT": "10000/minute"}  # fmt: skip


class ReplyReader(ScConnection):
    """Reads every frame but decodes only replies: a sync's batches are skipped unread."""

    async def _on_text(self, text: str, at: float) -> None:
        if text == "":
            await self.ws.send("")
        elif text.startswith('{"rid"') or (text.startswith("[") and '"rid"' in text[:200]):
            await super()._on_text(text, at)


async def _probe(port: int, until: asyncio.Event | None, count: int) -> list[float]:
    """``/healthz`` of the other tenant, one at a time; milliseconds each."""
    found: list[float] = []
    headers = {"host": OTHER_TENANT}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=30) as client:
        while (until is None and len(found) < count) or (until is not None and not until.is_set()):
            began = time.perf_counter()
            response = await client.get("/healthz", headers=headers)
            found.append((time.perf_counter() - began) * 1000)
            response.raise_for_status()
            await asyncio.sleep(PROBE_GAP_S)
    return found


async def _login(port: int) -> str:
    connection = await ScConnection.open(port, HOST)
    try:
        await connection.handshake(None)
        answer = await connection.invoke(
            "login", {"email": "agente@demo.it", "password": "demo1234", "keep": True}
        )
        return str(answer["token"])
    finally:
        await connection.close()


async def _syncs(port: int, token: str, runs: int) -> dict[str, Any]:
    """One socket's ``runs`` full syncs in turn: their times, and how many were refused."""
    connection = await ReplyReader.open(port, HOST)
    times: list[float] = []
    refused: list[str] = []
    try:
        await connection.handshake(token)
        await connection.subscribe("dbData")
        for _ in range(runs):
            began = time.perf_counter()
            try:
                await connection.invoke("getDbData", STREAMS, within=300)
                times.append((time.perf_counter() - began) * 1000)
            except CallFailed as exc:
                refused.append(str(exc))
    finally:
        await connection.close()
    return {"ms": times, "refused": refused}


async def load(port: int, token: str, runs: int, sockets: int) -> dict[str, Any]:
    """``runs`` full syncs spread over ``sockets`` sockets of one user, at once."""
    shares = [runs // sockets + (1 if n < runs % sockets else 0) for n in range(sockets)]
    done = await asyncio.gather(*(_syncs(port, token, share) for share in shares))
    return {
        "ms": [ms for one in done for ms in one["ms"]],
        "refused": [why for one in done for why in one["refused"]],
    }


async def _measure(children: Children, port: int, token: str, name: str) -> dict[str, Any]:
    idle = await _probe(port, None, IDLE_PROBES)
    over = asyncio.Event()
    probing = asyncio.create_task(_probe(port, over, 0))
    argv = [PYTHON, "-m", "bench.sync_fairness", "load", str(port), token, str(RUNS),
            str(SOCKETS)]  # fmt: skip
    try:
        loaded = json.loads((await children.run(f"load-{name}", argv, dict(os.environ))).strip())
    finally:
        over.set()
    during = await probing
    return {"idle": idle, "during": during, **loaded}


async def _serve(children: Children, env: dict[str, str], name: str) -> dict[str, Any]:
    source = os.environ.get("BENCH_SERVER_SOURCE")
    if source:  # another checkout's code serves
        env = {**env, "PYTHONPATH": source}
    server = await start_sportello(children, env, name)
    try:
        return await _measure(children, server.port, await _login(server.port), name)
    finally:
        await children.stop(server.child)


def _row(name: str, found: dict[str, Any]) -> tuple[str, ...]:
    idle, during = found["idle"], found["during"]

    def spread(values: Sequence[float]) -> str:
        return (f"{percentile(values, 0.5):.1f} / {percentile(values, 0.99):.1f} / "
                f"{max(values):.1f}")  # fmt: skip

    ratio = percentile(during, 0.99) / percentile(idle, 0.99)
    syncs = found["ms"]
    took = f"{percentile(syncs, 0.5):.0f}" if syncs else "–"
    return (name, spread(idle), spread(during), f"{ratio:.1f}×",
            f"{len(syncs)} run ({took} ms p50), {len(found['refused'])} refused")  # fmt: skip


async def run() -> list[tuple[str, ...]]:
    folder = new_folder()
    children = Children(folder)
    try:
        env = sportello_env(
            folder / "data", f"sqlite+aiosqlite:///{folder / 'bench.db'}", "memory://"
        )
        await seed(children, env, quotes=QUOTES, policies=0, extra_bytes=EXTRA_BYTES)
        lifted = await _serve(children, {**env, **LIFTED}, "sportello-lifted")
        budget = await _serve(children, env, "sportello-budget")
        return [_row("full-sync budget lifted", lifted), _row("default budget", budget)]
    finally:
        await children.stop_all()
        remove_folder(folder)


def main() -> None:
    rows = asyncio.run(run())
    print()
    print(f"/healthz of another tenant while one agent runs {RUNS} full syncs over {SOCKETS} "
          f"sockets ({QUOTES:,} quotes of about {EXTRA_BYTES // 1000 + 1} KB)")  # fmt: skip
    print()
    print("| server | idle (peer) p50 / p99 / max ms | during syncs p50 / p99 / max ms "
          "| p99 ratio | syncs |")  # fmt: skip
    print("|---|---:|---:|---:|---|")
    for row in rows:
        print(f"| {' | '.join(row)} |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["load"]:
        os.nice(10)
        port, token, runs, sockets = sys.argv[2:6]
        print(json.dumps(asyncio.run(load(int(port), token, int(runs), int(sockets)))))
    else:
        main()
