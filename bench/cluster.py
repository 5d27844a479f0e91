"""Rolling restarts under load, through the proxy: the production topology as local processes.

``python -m bench.cluster [--clients 40] [--duration 60] [--postgres URL]``

nginx in front of two ``sportello serve`` workers on a PostgreSQL database of the bench's own,
a private Redis for the bus and moto's S3 on loopback for the documents
(:class:`core.cluster.Cluster`). A crowd of staff works through the proxy for ``duration``
seconds, each from a loopback address of its own: logs in over HTTP, keeps a socket
subscribed to ``preventivi``, syncs, and (managers) changes quote statuses and uploads
documents. Meanwhile each worker is restarted in turn (SIGTERM, started again, ready). A
client whose socket closes does what the browser does: waits its jittered 1.5-3.5 s, comes
back through the proxy with its token and resyncs by watermark.

The table: answers with a 5xx (HTTP, and socket calls failing on the server), changes lost
(once everything settled, a quote a client may see whose status it holds differs from the
database's), change→delivery p99 for the changes made while a worker restarted, and how long
the sockets took to be back.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from sqlalchemy.engine import make_url
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidStatus

from bench.realtime.wire import CallFailed, ScConnection
from bench.soak import ACCOUNTS, MANAGERS, PASSWORD, PNG, STATUSES, TENANTS, _ids, may_see
from core.cluster import Cluster
from core.cluster.database import drop_database, ensure_database
from core.cluster.processes import free_port

POSTGRES = "postgresql+psycopg://postgres@127.0.0.1:5432/postgres"
BROWSER_DELAY_S = (1.5, 3.5)
"""The web client's reconnect delay: 1.5 s plus up to 2 s at random (web/src/session)."""
SETTLE_S = 15.0
CLIENT_CLOSES = frozenset(range(4500, 4600))
"""Close codes after which the browser does not come back (the session ended)."""


@dataclass
class Window:
    """A worker's restart: from its SIGTERM until it answered again."""

    worker: int
    began: float
    ended: float = float("inf")


@dataclass
class Crowd:
    """What every client saw."""

    server_errors: int = 0
    committed: int = 0
    http_answers: int = 0
    calls: int = 0
    calls_cut: int = 0
    """Socket calls whose socket closed before they were read (the client retries them)."""
    changes: dict[tuple[str, str, str], float] = field(default_factory=dict)
    """(tenant, quote id, status) → when the change that made it was sent."""
    sending: dict[tuple[str, str, str], float] = field(default_factory=dict)
    """The same, from the moment each change leaves (its events may come before its answer)."""
    live_ms: list[tuple[float, float]] = field(default_factory=list)
    """(when the change was sent, change→delivery in ms), per subscriber."""
    returns_s: list[float] = field(default_factory=list)
    """Per socket closed by a restart: seconds until it was back, subscribed and resynced."""
    closes: dict[int, int] = field(default_factory=dict)


@dataclass
class Client:
    tenant: str
    account: str
    address: str
    url: str
    port: int
    crowd: Crowd
    ids: dict[str, str]
    token: str = ""
    wm: int | None = None
    quotes: dict[str, dict[str, Any]] = field(default_factory=dict)
    socket: ScConnection | None = None
    timed: dict[tuple[str, str, str], float] = field(default_factory=dict)
    """The changes whose delivery was timed (a later event of the same quote, an upload's,
    carries the same status: it is not that change's delivery); only changes sent while the
    socket was open are timed (the others come back by the resync)."""

    def http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=self.url, headers={"host": TENANTS[self.tenant]}, timeout=30,
            transport=httpx.AsyncHTTPTransport(local_address=self.address),
        )  # fmt: skip

    def answered(self, status: int) -> None:
        self.crowd.http_answers += 1
        self.crowd.server_errors += status >= 500

    async def login(self, http: httpx.AsyncClient) -> None:
        body = {"email": f"{self.account}@demo.it", "password": PASSWORD}
        answer = await http.post("/api/auth/login", json=body)
        self.answered(answer.status_code)
        answer.raise_for_status()
        self.token = answer.json()["token"]

    async def connect(self) -> None:
        ws = await connect(
            f"ws://{TENANTS[self.tenant]}:{self.port}/socketcluster/",
            host="127.0.0.1", port=self.port, local_addr=(self.address, 0), max_size=None,
            ping_interval=None, open_timeout=30,
        )  # fmt: skip
        socket = ScConnection(ws, [])
        socket.deliveries = _Live(self)
        socket.published = _Batches(self)
        await socket.handshake(self.token)
        await socket.subscribe("preventivi")
        await socket.subscribe("dbData")
        self.socket = socket
        await self.resync()

    async def resync(self) -> None:
        """``getDbData`` with the last watermark, as the browser does after a reconnect."""
        assert self.socket is not None
        request: dict[str, Any] = {"preventivi": []}
        if self.wm is not None:
            request["wm"] = self.wm
        answer = await self.call("getDbData", request, within=60)
        self.wm = answer["wm"]

    def put(self, key: str, item: dict[str, Any] | None) -> None:
        if item is None:
            self.quotes.pop(key, None)
        else:
            self.quotes[key] = item

    async def call(self, event: str, data: Any, within: float = 30) -> Any:
        assert self.socket is not None
        self.crowd.calls += 1
        try:
            return await self.socket.invoke(event, data, within=within)
        except CallFailed as exc:
            self.crowd.server_errors += "Errore interno" in str(exc)
            raise

    async def change_status(self) -> None:
        plain = [q for q in self.quotes.values() if not q.get("type") and not q.get("archived")]
        if not plain:
            return
        quote = random.choice(plain)
        status = STATUSES[0] if quote.get("status") != STATUSES[0] else STATUSES[1]
        body = {"coll": "preventivi", "_id": quote["_id"], "upd": {"$set": {"status": status}}}
        key = (self.tenant, quote["_id"], status)
        self.crowd.sending[key] = sent = time.monotonic()  # its events may precede the answer
        answer = await self.call("saveData", body)
        if answer.get("modifiedCount"):
            self.crowd.changes[key] = sent
            self.crowd.committed += 1

    async def upload(self, http: httpx.AsyncClient) -> None:
        if not self.quotes:
            return
        answer = await http.post(
            "/uploadDocs", headers={"token": self.token},
            data={"preventivoId": random.choice(list(self.quotes)), "idToUpload": "bench"},
            files={"file.0": ("pixel.png", PNG, "image/png")},
        )  # fmt: skip
        self.answered(answer.status_code)

    async def work(self, until: float) -> None:
        async with self.http() as http:
            await self.login(http)
            await self.connect()
            while time.monotonic() < until:
                await asyncio.sleep(random.uniform(0.3, 1.0))
                if self.socket is None or self.socket._reader.done():
                    await self.come_back()
                    continue
                try:
                    if self.account in MANAGERS and random.random() < 0.8:
                        await self.change_status()
                    elif self.account in MANAGERS:
                        await self.upload(http)
                    else:
                        await self.resync()
                except (ConnectionError, TimeoutError, CallFailed):
                    self.crowd.calls_cut += 1

    async def come_back(self) -> None:
        """The browser after a close: its jittered delay, then again through the proxy."""
        assert self.socket is not None
        code = self.socket.ws.close_code or 1006
        self.crowd.closes[code] = self.crowd.closes.get(code, 0) + 1
        if code in CLIENT_CLOSES:
            raise RuntimeError(f"{self.account}: sessione chiusa con {code}")
        closed = time.monotonic()
        await self.socket.close()
        await asyncio.sleep(random.uniform(*BROWSER_DELAY_S))
        for _attempt in range(20):
            try:
                await self.connect()
                break
            except InvalidStatus as exc:  # the proxy's answer to the upgrade
                self.answered(exc.response.status_code)
            except (OSError, ConnectionError, TimeoutError, CallFailed):
                pass
            await asyncio.sleep(random.uniform(*BROWSER_DELAY_S))
        self.crowd.returns_s.append(time.monotonic() - closed)


class _Live(list[Any]):
    """A socket's change events, applied to the client's quotes as they arrive, and timed."""

    def __init__(self, client: Client) -> None:
        super().__init__()
        self.client = client
        self.opened = time.monotonic()
        self.timed: dict[tuple[str, str, str], float] = client.timed

    def append(self, delivery: tuple[str, str, float]) -> None:
        quote_id, status, at = delivery
        known = self.client.quotes.get(quote_id)
        if known is not None:
            known["status"] = status
        key = (self.client.tenant, quote_id, status)
        sent = self.client.crowd.sending.get(key)
        if sent is not None and sent >= self.opened and self.timed.get(key) != sent:
            self.timed[key] = sent
            self.client.crowd.live_ms.append((sent, (at - sent) * 1000))


class _Batches(list[Any]):
    """A socket's ``dbData`` batches, applied as they arrive (in order with the events)."""

    def __init__(self, client: Client) -> None:
        super().__init__()
        self.client = client

    def append(self, published: tuple[str, Any]) -> None:
        channel, batch = published
        if channel == "dbData":
            for key, item in (batch or {}).get("preventivi", {}).items():
                self.client.put(key, item)


async def _truth(port: int, tenant: str) -> dict[str, str]:
    """Every quote's status as the database holds it, read by a fresh admin socket."""
    client = Client(tenant, "admin", "127.0.0.1", "", port, Crowd(), {})
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", headers={"host": TENANTS[tenant]}
    ) as http:
        await client.login(http)
    await client.connect()
    assert client.socket is not None
    await client.socket.close()
    return {key: str(q.get("status")) for key, q in client.quotes.items()}


async def _restarts(cluster: Cluster, windows: list[Window], start_in: float, gap: float) -> None:
    await asyncio.sleep(start_in)
    for index in range(len(cluster.workers)):
        window = Window(index, time.monotonic())
        windows.append(window)
        await asyncio.to_thread(cluster.restart_worker, index)
        window.ended = time.monotonic()
        await asyncio.sleep(gap)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else 0.0


@dataclass
class Outcome:
    crowd: Crowd
    windows: list[Window]
    lost: int
    compared: int
    clients: int
    duration: float


async def run(args: argparse.Namespace, cluster: Cluster, port: int) -> Outcome:
    crowd = Crowd()
    ids = {tenant: await _ids(port, tenant) for tenant in TENANTS}
    clients = [
        Client(tenant, account, f"127.0.0.{10 + n}", cluster.url, port, crowd, ids[tenant])
        for n, (tenant, account) in enumerate(
            (t, ACCOUNTS[k % (len(ACCOUNTS) - 1)]) for k in range(args.clients)
            for t in (list(TENANTS)[k % len(TENANTS)],)
        )
    ]  # fmt: skip
    began = time.monotonic()
    until = began + args.duration
    windows: list[Window] = []
    restarts = asyncio.create_task(_restarts(cluster, windows, args.duration / 6, 5.0))
    await asyncio.gather(*(c.work(until) for c in clients))
    await restarts
    await asyncio.sleep(SETTLE_S)  # the last returns and live events
    for client in clients:
        if client.socket is None or client.socket._reader.done():
            await client.come_back()
    truth = {tenant: await _truth(port, tenant) for tenant in TENANTS}
    lost = compared = 0
    for client in clients:
        for key, status in truth[client.tenant].items():
            quote = client.quotes.get(key)
            if quote is None or not may_see(client.account, client.ids, quote):
                continue
            compared += 1
            lost += str(quote.get("status")) != status
        if client.socket is not None:
            await client.socket.close()
    return Outcome(crowd, windows, lost, compared, len(clients), time.monotonic() - began)


def report(outcome: Outcome) -> str:
    crowd = outcome.crowd
    during = [
        ms for sent, ms in crowd.live_ms
        if any(w.began <= sent <= w.ended + 5 for w in outcome.windows)
    ]  # fmt: skip
    everything = [ms for _sent, ms in crowd.live_ms]
    restart_s = [w.ended - w.began for w in outcome.windows]
    rows = [
        ("clients through the proxy", f"{outcome.clients} ({outcome.duration:.0f} s)", ""),
        (
            "workers restarted in turn",
            f"{len(outcome.windows)}, each back in " + ", ".join(f"{s:.1f} s" for s in restart_s),
            "",
        ),
        ("HTTP answers / socket calls", f"{crowd.http_answers} / {crowd.calls}", ""),
        ("answers with a 5xx", str(crowd.server_errors), "0"),
        ("changes committed", str(crowd.committed), ""),
        ("changes lost", f"{outcome.lost} of {outcome.compared} quote views compared", "0"),
        ("calls cut by a close (retried)", str(crowd.calls_cut), ""),
        (
            "sockets closed, by code",
            ", ".join(f"{c}: {n}" for c, n in sorted(crowd.closes.items())) or "none",
            "",
        ),
        (
            "change→delivery p50 / p99, all",
            f"{_pct(everything, 0.5):.1f} / {_pct(everything, 0.99):.1f} ms ({len(everything)})",
            "",
        ),
        (
            "change→delivery p99 during the restarts",
            f"{_pct(during, 0.99):.1f} ms ({len(during)} deliveries)",
            "",
        ),
        (
            "sockets back after a close, p50 / p99 / max",
            f"{_pct(crowd.returns_s, 0.5):.1f} / {_pct(crowd.returns_s, 0.99):.1f} / "
            f"{max(crowd.returns_s, default=0):.1f} s ({len(crowd.returns_s)})",
            "includes the browser's 1.5-3.5 s delay",
        ),
    ]
    ok = crowd.server_errors == 0 and outcome.lost == 0 and outcome.compared > 0
    width = max(len(r[0]) for r in rows)
    lines = ["| figure | value | target |", "|---|---:|---|"]
    lines += [f"| {name.ljust(width)} | {value} | {target} |" for name, value, target in rows]
    lines.append("")
    lines.append("all targets met" if ok else "TARGETS NOT MET")
    return "\n".join(lines)


def parse(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.cluster", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)  # fmt: skip
    p.add_argument("--clients", type=int, default=40, help="staff working (%(default)s)")
    p.add_argument("--duration", type=float, default=60.0, help="seconds of work")
    p.add_argument(
        "--postgres", default=POSTGRES,
        help="PostgreSQL server; a database of the run's own is created and dropped",
    )  # fmt: skip
    return p.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(sys.argv[1:] if argv is None else argv)
    url = make_url(args.postgres).set(database=f"sportello_bench_{secrets.token_hex(4)}")
    database = url.render_as_string(hide_password=False)
    folder = Path(tempfile.mkdtemp(prefix="sportello-cluster-bench-"))
    redis_port = free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    ensure_database(database)
    env = {
        "PASSWORD_TIME_COST": "1", "PASSWORD_MEMORY_KIB": "8192", "LOG_LEVEL": "WARNING",
        "DAILY_JOBS": "false", "ENVIRONMENT": "production", "COOKIE_SECURE": "false",
        "SECRET_KEY": secrets.token_urlsafe(48),
    }  # fmt: skip
    cluster = Cluster(
        database_url=database, bus_url=f"redis://127.0.0.1:{redis_port}/0", demo=True,
        object_store=True, data_dir=folder / "data", run_dir=folder / "run", env=env,
    )  # fmt: skip
    try:
        print("bringing the cluster up…", file=sys.stderr)
        cluster.start()
        outcome = asyncio.run(run(args, cluster, cluster.port))
    finally:
        cluster.stop()
        proxy_errors = folder / "run" / "nginx-error.log"
        if proxy_errors.exists():
            print("".join(proxy_errors.read_text().splitlines(True)[-15:]), file=sys.stderr)
        redis.kill()
        with contextlib.suppress(Exception):
            drop_database(database)
        shutil.rmtree(folder, ignore_errors=True)
    print(report(outcome))


if __name__ == "__main__":
    main()
