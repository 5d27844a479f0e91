"""Soak: a crowd of clients against one real server, with one socket that never reads.

``python -m bench.soak [--clients 100] [--duration 60] [--control 20] [--postgres URL]``

A ``sportello serve`` on loopback (its own SQLite under a temporary folder, or the given
PostgreSQL database) with the demo data of every tenant. Each client comes from its own
loopback address (127.0.0.x), as the staff of different offices would, and for the whole run
logs in, reads ``/api/auth/me``, keeps a socket subscribed to ``preventivi``, syncs with
``getDbData``, and (managers) changes quote statuses with ``saveData`` and uploads documents.

Two phases on the same server: a control phase with every socket reading, then the soak
with one more socket that subscribes and never reads again. The table gives latencies per
operation, change→delivery for every healthy subscriber, and the invariants: no 5xx, no
answer or event for the wrong user, every change delivered to every subscriber that may see
it, and the server's memory bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from bench.realtime.procs import Children, progress, start_demo_server
from bench.realtime.wire import CallFailed, Delivery, ScConnection

TENANTS = {"assicurapp": "assicurapp.localhost", "rcadealer": "rcadealer.localhost"}
ACCOUNTS = ("admin", "responsabile", "agente", "subagente", "segnalatore", "dipendente")
MANAGERS = frozenset({"admin", "responsabile"})
STATUSES = ("Preventivato", "In lavorazione compagnia")
PASSWORD = "demo1234"
SETTLE_S = 10.0
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c63f8cfc0f01f0005000201a3ee6b0c0000000049454e44ae426082"
)


def may_see(account: str, ids: dict[str, str], quote: dict[str, Any]) -> bool:
    """The demo accounts' visibility, written out (SPEC §6), not the production rule."""
    if account in MANAGERS:
        return True
    if account == "agente":
        return ids["agente"] in (quote.get("aId"), quote.get("agId"))
    if account == "subagente":
        return quote.get("aId") == ids["subagente"]
    if account == "segnalatore":
        return quote.get("aId") == ids["agente"]
    return False


@dataclass
class Stats:
    """Everything the clients saw, per phase."""

    latencies: dict[str, list[float]] = field(default_factory=dict)
    server_errors: int = 0
    refused: int = 0
    wrong_user: int = 0
    changes: list[tuple[str, str, str, float]] = field(default_factory=list)
    """(tenant, quote id, status, time the change was sent)."""

    def took(self, what: str, seconds: float) -> None:
        self.latencies.setdefault(what, []).append(seconds * 1000)

    def answered(self, status: int) -> None:
        if status >= 500:
            self.server_errors += 1
        elif status in (409, 429):
            self.refused += 1


@dataclass
class Client:
    """One member of staff: an account on a tenant, from an address of its own."""

    tenant: str
    account: str
    address: str
    port: int
    stats: Stats
    ids: dict[str, str]
    token: str = ""
    socket: ScConnection | None = None
    deliveries: list[Delivery] = field(default_factory=list)
    quotes: dict[str, dict[str, Any]] = field(default_factory=dict)
    listening_since: float = float("inf")
    """When its subscription stood: changes from then on must all reach it."""

    @property
    def email(self) -> str:
        return f"{self.account}@demo.it"

    def http(self) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=self.address)
        return httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{self.port}",
            headers={"host": TENANTS[self.tenant]},
            transport=transport,
            timeout=30,
        )

    async def login(self, http: httpx.AsyncClient) -> None:
        started = time.monotonic()
        answer = await http.post(
            "/api/auth/login", json={"email": self.email, "password": PASSWORD}
        )
        self.stats.answered(answer.status_code)
        if answer.status_code != 200:
            return
        self.stats.took("login", time.monotonic() - started)
        self.token = answer.json()["token"]
        started = time.monotonic()
        me = await http.get("/api/auth/me", headers={"authorization": f"Bearer {self.token}"})
        self.stats.answered(me.status_code)
        if me.status_code == 200:
            self.stats.took("/api/auth/me", time.monotonic() - started)
            if me.json()["user"]["email"] != self.email:
                self.stats.wrong_user += 1

    async def connect(self) -> None:
        ws = await connect(
            f"ws://{TENANTS[self.tenant]}:{self.port}/socketcluster/",
            host="127.0.0.1", port=self.port, local_addr=(self.address, 0), max_size=None,
            ping_interval=None, open_timeout=30,
        )  # fmt: skip
        self.socket = ScConnection(ws, self.deliveries)
        await self.socket.handshake(self.token)
        if self.account != "dipendente":
            await self.socket.subscribe("preventivi")
            self.listening_since = time.monotonic()
        await self.socket.subscribe("dbData")

    async def sync(self) -> None:
        assert self.socket is not None
        started = time.monotonic()
        try:
            await self.socket.invoke("getDbData", {"preventivi": []}, within=60)
        except CallFailed as exc:
            self.stats.server_errors += "Errore interno" in str(exc)
            self.stats.refused += "Errore interno" not in str(exc)
            return
        self.stats.took("getDbData", time.monotonic() - started)
        await asyncio.sleep(0.05)  # the batches were sent before the answer: let them be read
        for channel, batch in self.socket.published:
            for item in (batch or {}).get("preventivi", {}).values() if channel == "dbData" else ():
                if item is not None:
                    self.quotes[item["_id"]] = item
                    if not may_see(self.account, self.ids, item):
                        self.stats.wrong_user += 1
        self.socket.published.clear()

    async def change_status(self) -> None:
        assert self.socket is not None
        plain = [q for q in self.quotes.values() if not q.get("type") and not q.get("archived")]
        if not plain:
            return
        quote = random.choice(plain)
        status = STATUSES[0] if quote.get("status") != STATUSES[0] else STATUSES[1]
        sent = time.monotonic()
        body = {"coll": "preventivi", "_id": quote["_id"], "upd": {"$set": {"status": status}}}
        try:
            answer = await self.socket.invoke("saveData", body)
        except CallFailed as exc:
            self.stats.server_errors += "Errore interno" in str(exc)
            return
        quote["status"] = status
        self.stats.took("saveData", time.monotonic() - sent)
        if answer.get("modifiedCount"):  # a colleague may have set that status already
            self.stats.changes.append((self.tenant, quote["_id"], status, sent))

    async def upload(self, http: httpx.AsyncClient) -> None:
        if not self.quotes:
            return
        quote_id = random.choice(list(self.quotes))
        started = time.monotonic()
        answer = await http.post(
            "/uploadDocs", headers={"token": self.token},
            data={"preventivoId": quote_id, "idToUpload": "soak"},
            files={"file.0": ("pixel.png", PNG, "image/png")},
        )  # fmt: skip
        self.stats.answered(answer.status_code)
        if answer.status_code == 200:
            self.stats.took("upload", time.monotonic() - started)

    async def work(self, until: float) -> None:
        """The client's day until ``until``: logins, syncs, changes, uploads, with pauses."""
        async with self.http() as http:
            await self.login(http)
            if not self.token:
                return
            await self.connect()
            await self.sync()
            if self.account in MANAGERS:
                # one change each, however long logging in took on a loaded machine: a soak
                # that changed nothing would prove nothing about deliveries
                await self.change_status()
            while time.monotonic() < until:
                await asyncio.sleep(random.uniform(0.3, 1.2))
                roll = random.random()
                if roll < 0.15:
                    await self.login(http)
                elif roll < 0.3:
                    await self.sync()
                elif self.account in MANAGERS and roll < 0.8:
                    await self.change_status()
                elif self.account in MANAGERS:
                    await self.upload(http)
                else:
                    await self.sync()


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def _rss_mb(pid: int) -> float:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Phase:
    name: str
    stats: Stats
    delivery_ms: list[float]
    missed: int
    expected: int
    rss: list[float]
    clients: list[Client]


def _deliveries(clients: list[Client], stats: Stats) -> tuple[list[float], int, int]:
    """change→delivery times for every subscriber that may see each change; missed count."""
    times: list[float] = []
    missed = expected = 0
    for client in clients:
        if client.account == "dipendente" or client.socket is None:
            continue
        got = Counter((quote_id, status) for quote_id, status, _at in client.deliveries)
        arrivals: dict[tuple[str, str], list[float]] = {}
        for quote_id, status, at in client.deliveries:
            arrivals.setdefault((quote_id, status), []).append(at)
        for tenant, quote_id, status, sent in stats.changes:
            quote = next((c.quotes.get(quote_id) for c in clients if quote_id in c.quotes), None)
            if (
                tenant != client.tenant
                or sent < client.listening_since
                or quote is None
                or not may_see(client.account, client.ids, quote)
            ):
                continue
            expected += 1
            if got[(quote_id, status)] > 0:
                got[(quote_id, status)] -= 1
                later = [at for at in arrivals[(quote_id, status)] if at >= sent]
                if later:
                    times.append((min(later) - sent) * 1000)
            else:
                missed += 1
        for quote_id, _status, _at in client.deliveries:
            seen = next((c.quotes.get(quote_id) for c in clients if quote_id in c.quotes), None)
            if seen is not None and not may_see(client.account, client.ids, seen):
                stats.wrong_user += 1
    return times, missed, expected


async def _ids(port: int, tenant: str) -> dict[str, str]:
    """Demo account → user id, as an admin's session lists the users."""
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{port}", headers={"host": TENANTS[tenant]}, timeout=30
    ) as http:
        login = await http.post(
            "/api/auth/login", json={"email": "admin@demo.it", "password": PASSWORD}
        )
        login.raise_for_status()
        ws = await connect(
            f"ws://{TENANTS[tenant]}:{port}/socketcluster/", host="127.0.0.1", port=port,
            max_size=None, ping_interval=None,
        )  # fmt: skip
        socket = ScConnection(ws, [])
        try:
            await socket.handshake(None)
            answer = await socket.invoke("tokenLogin", {"t": login.json()["token"]})
        finally:
            await socket.close()
    return {u["email"].split("@")[0]: u["_id"] for u in answer["utenti"].values()}


async def _phase(
    name: str, port: int, pid: int, args: argparse.Namespace, seconds: float, stalled: bool
) -> Phase:
    progress(
        f"{name}: {args.clients} clients for {seconds:.0f} s"
        + (", one socket stalled" if stalled else "")
    )
    ids = {tenant: await _ids(port, tenant) for tenant in TENANTS}
    stats = Stats()
    clients = [
        Client(
            tenant=list(TENANTS)[n % 2],
            account=ACCOUNTS[(n // 2) % len(ACCOUNTS)],
            address=f"127.0.{1 + n // 250}.{2 + n % 250}",
            port=port,
            stats=stats,
            ids=ids[list(TENANTS)[n % 2]],
        )
        for n in range(args.clients)
    ]
    staller: ScConnection | None = None
    if stalled:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", headers={"host": TENANTS["assicurapp"]}
        ) as http:
            token = (
                await http.post(
                    "/api/auth/login", json={"email": "admin@demo.it", "password": PASSWORD}
                )
            ).json()["token"]
        staller = await ScConnection.open(port, TENANTS["assicurapp"])
        await staller.handshake(token)
        await staller.subscribe("preventivi")
        staller._reader.cancel()  # reads nothing from now on
    rss: list[float] = [_rss_mb(pid)]
    until = time.monotonic() + seconds

    async def sample() -> None:
        while time.monotonic() < until + SETTLE_S:
            rss.append(_rss_mb(pid))
            await asyncio.sleep(0.5)

    sampler = asyncio.create_task(sample())
    await asyncio.gather(*(c.work(until) for c in clients), return_exceptions=False)
    await asyncio.sleep(2.0)  # the last changes reach their subscribers
    times, missed, expected = _deliveries(clients, stats)
    if missed:  # give stragglers the settle time, then count again
        await asyncio.sleep(SETTLE_S)
        times, missed, expected = _deliveries(clients, stats)
    sampler.cancel()
    rss.append(_rss_mb(pid))
    for client in clients:
        if client.socket is not None:
            await client.socket.close()
    if staller is not None:
        with contextlib.suppress(Exception):
            await staller.close()
    return Phase(name, stats, times, missed, expected, rss, clients)


def _row(label: str, value: str) -> str:
    return f"| {label} | {value} |"


async def refused_after(clients: list[Client], seconds: float) -> list[str]:
    """Every client logs in once more, ``seconds`` after the load, one after the other on
    the idle server: those refused (a lock the load left behind)."""
    progress(f"idle for {seconds:.0f} s, then every client logs in once")
    await asyncio.sleep(seconds)
    refused = []
    for client in clients:
        async with client.http() as http:
            answer = await http.post(
                "/api/auth/login", json={"email": client.email, "password": PASSWORD}
            )
        client.stats.answered(answer.status_code)
        if answer.status_code != 200:
            refused.append(f"{client.email} on {client.tenant} from {client.address}")
    return refused


def _report(phases: list[Phase], args: argparse.Namespace, refused: list[str]) -> str:
    lines = [
        f"Soak: {args.clients} clients, control {args.control:.0f} s then soak "
        f"{args.duration:.0f} s ({'PostgreSQL' if args.postgres else 'SQLite'}), 2 tenants, "
        "one address per client",
        "",
        "| figure | " + " | ".join(p.name for p in phases) + " |",
        "|---|" + "---|" * len(phases),
    ]

    def row(label: str, value: Any) -> None:
        lines.append(f"| {label} | " + " | ".join(value(p) for p in phases) + " |")

    for what in ("login", "/api/auth/me", "getDbData", "saveData", "upload"):
        row(f"{what} p50 / p99 (ms)", lambda p, w=what: _lat(p.stats.latencies.get(w, [])))
    row("change→delivery p50 / p99 (ms)", lambda p: _lat(p.delivery_ms))
    row("deliveries expected / missed", lambda p: f"{p.expected} / {p.missed}")
    row("responses 5xx", lambda p: str(p.stats.server_errors))
    row("wrong-user answers or events", lambda p: str(p.stats.wrong_user))
    row("refused with 409/429 (limits)", lambda p: str(p.stats.refused))
    row(
        "server RSS start / max / end (MB)",
        lambda p: f"{p.rss[0]:.0f} / {max(p.rss):.0f} / {p.rss[-1]:.0f}",
    )
    after = f"{len(refused)} of {len(phases[-1].clients)}"
    lines.append(
        f"| clients refused {args.after:.0f} s after the soak (right password, idle) | "
        + " | ".join(after if p is phases[-1] else "–" for p in phases)
        + " |"
    )
    if len(phases) == 2 and phases[0].delivery_ms and phases[1].delivery_ms:
        ratio = _pct(phases[1].delivery_ms, 0.99) / max(_pct(phases[0].delivery_ms, 0.99), 0.001)
        lines.append("")
        lines.append(f"delivery p99 soak / control (same run): {ratio:.2f}×")
    return "\n".join(lines)


def _lat(values: list[float]) -> str:
    if not values:
        return "–"
    return f"{statistics.median(values):.0f} / {_pct(values, 0.99):.0f} (n={len(values)})"


async def run(args: argparse.Namespace) -> tuple[str, list[Phase], list[str]]:
    data = Path(tempfile.mkdtemp(prefix="sportello-soak-"))
    children = Children(data)
    try:
        server, port = await start_demo_server(children, data, args.postgres)
        phases = []
        if args.control > 0:
            phases.append(await _phase("control", port, server.pid, args, args.control, False))
        phases.append(await _phase("soak", port, server.pid, args, args.duration, True))
        refused = await refused_after(phases[-1].clients, args.after)
        return _report(phases, args, refused), phases, refused
    finally:
        await children.stop_all()


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.soak", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--duration", type=float, default=60.0, help="soak phase, seconds")
    parser.add_argument("--control", type=float, default=20.0, help="control phase, seconds")
    parser.add_argument("--postgres", default="", help="a scratch PostgreSQL database URL")
    parser.add_argument("--max-rss-mb", type=float, default=1024.0)
    parser.add_argument(
        "--after", type=float, default=60.0, help="idle before every client logs in again"
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(sys.argv[1:] if argv is None else argv)
    table, phases, refused = asyncio.run(run(args))
    print(table)
    broken = [
        p.name for p in phases
        if p.stats.server_errors or p.stats.wrong_user or p.missed or max(p.rss) > args.max_rss_mb
    ] + (["the logins after"] if refused else [])  # fmt: skip
    if broken:
        raise SystemExit(f"invariants broken in: {', '.join(broken)}")


if __name__ == "__main__":
    main()
