"""Login load: 50 clients logging in together against one real server, then everyone again.

``python -m bench.login [--clients 50] [--duration 30] [--after 60] [--strangers 0]
[--postgres URL]``

A ``sportello serve`` on loopback (its own SQLite under a temporary folder, or the given
PostgreSQL database) with the demo data and the production argon2 cost. Each client comes
from its own loopback address and logs into one of the demo accounts of two tenants with
the right password, over and over, waiting as ``Retry-After`` says when refused;
``--strangers`` more clients send wrong passwords for the same accounts and unknown e-mails
from addresses of their own. One minute after the load (``--after``), on the idle server,
every client logs in once more: none may be refused. The peer, measured in the same run on
the same cores, is raw argon2: one process per core verifying the demo password.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx

from bench.realtime.procs import Children, CpuMeter, progress, start_demo_server

TENANTS = {"assicurapp": "assicurapp.localhost", "rcadealer": "rcadealer.localhost"}
ACCOUNTS = ("admin", "responsabile", "agente", "subagente", "segnalatore", "dipendente")
PASSWORD = "demo1234"
MAX_RETRY_WAIT_S = 5.0
REASONS = {
    "Troppe richieste di accesso in corso": "429 hashing busy (capacity)",
    "Troppi tentativi di accesso in corso": "429 checks in flight",
    "Troppi tentativi di accesso non riusciti": "429 locked out",
    "Troppe richieste:": "429 rate limit or account pause",
}


@dataclass
class Tally:
    """Every answer the clients got."""

    answers: Counter[str] = field(default_factory=Counter)
    wrong_user: int = 0
    latencies: list[float] = field(default_factory=list)

    def record(self, response: httpx.Response) -> None:
        status = response.status_code
        if status == 429:
            message = response.json().get("error", {}).get("message", "")
            reason = next((r for p, r in REASONS.items() if message.startswith(p)), "429 other")
            self.answers[reason] += 1
        elif status >= 500:
            self.answers["5xx"] += 1
        else:
            self.answers[str(status)] += 1


@dataclass
class Client:
    tenant: str
    email: str
    address: str
    port: int

    def http(self) -> httpx.AsyncClient:
        return httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{self.port}",
            headers={"host": TENANTS[self.tenant]},
            transport=httpx.AsyncHTTPTransport(local_address=self.address),
            timeout=60,
        )

    async def login(self, http: httpx.AsyncClient, tally: Tally, password: str) -> httpx.Response:
        started = time.monotonic()
        answer = await http.post(
            "/api/auth/login", json={"email": self.email, "password": password}
        )
        tally.record(answer)
        if answer.status_code == 200:
            tally.latencies.append((time.monotonic() - started) * 1000)
            token = answer.json()["token"]
            me = await http.get("/api/auth/me", headers={"authorization": f"Bearer {token}"})
            if answer.json()["user"]["email"] != self.email or (
                me.status_code == 200 and me.json()["user"]["email"] != self.email
            ):
                tally.wrong_user += 1
            if me.status_code >= 500:
                tally.answers["5xx"] += 1
        return answer

    async def keep_logging_in(self, until: float, tally: Tally) -> None:
        async with self.http() as http:
            while time.monotonic() < until:
                answer = await self.login(http, tally, PASSWORD)
                wait = random.uniform(0, 0.2)
                if answer.status_code == 429:
                    wait = min(float(answer.headers.get("retry-after", 1)), MAX_RETRY_WAIT_S)
                await asyncio.sleep(wait)

    async def guess(self, until: float, tally: Tally, accounts: list[tuple[str, str]]) -> None:
        """A stranger: wrong passwords for the real accounts, and unknown e-mails."""
        async with self.http() as http:
            while time.monotonic() < until:
                self.tenant, self.email = random.choice(accounts)
                if random.random() < 0.3:
                    self.email = f"{secrets.token_hex(5)}@nowhere.it"
                await self.login(http, tally, f"guess-{secrets.token_hex(4)}")
                await asyncio.sleep(random.uniform(0, 0.2))


def _verify(seconds: float) -> int:
    """Verifications of the demo password with the production argon2 cost in ``seconds``."""
    from argon2 import PasswordHasher

    from core.settings import AuthSettings

    auth = AuthSettings()
    hasher = PasswordHasher(time_cost=auth.password_time_cost, memory_cost=auth.password_memory_kib)
    stored = hasher.hash(PASSWORD)
    done, until = 0, time.monotonic() + seconds
    while time.monotonic() < until:
        hasher.verify(stored, PASSWORD)
        done += 1
    return done


def raw_argon2_per_second(cores: int, seconds: float) -> float:
    with ProcessPoolExecutor(cores) as pool:
        counts = list(pool.map(_verify, [seconds] * cores))
    return sum(counts) / seconds


@dataclass
class Result:
    load: Tally
    after: Tally
    refused_after: list[str]
    duration: float
    server_cpu_pct: float
    machine_cpu_pct: float
    raw_per_s: float
    cores: int
    clients: int
    strangers: Tally | None


def _clients(n: int, port: int) -> list[Client]:
    return [
        Client(
            tenant=list(TENANTS)[i % 2],
            email=f"{ACCOUNTS[(i // 2) % len(ACCOUNTS)]}@demo.it",
            address=f"127.0.{1 + i // 250}.{2 + i % 250}",
            port=port,
        )
        for i in range(n)
    ]


async def _load(args: argparse.Namespace, port: int, server: CpuMeter) -> Result:
    clients = _clients(args.clients, port)
    strangers = [Client("assicurapp", "", f"127.0.9.{2 + i}", port) for i in range(args.strangers)]
    accounts = [(c.tenant, c.email) for c in clients]
    load, hostile = Tally(), Tally()
    progress(f"load: {args.clients} clients, {args.strangers} strangers, {args.duration:.0f} s")
    meter = CpuMeter(server.servers)
    started = time.monotonic()
    until = started + args.duration
    await asyncio.gather(
        *(c.keep_logging_in(until, load) for c in clients),
        *(s.guess(until, hostile, accounts) for s in strangers),
    )
    duration = time.monotonic() - started
    used = meter.used()
    cores = os.cpu_count() or 1
    progress(f"idle for {args.after:.0f} s, then every client logs in once")
    await asyncio.sleep(args.after)
    after, refused = Tally(), []
    for client in clients:
        async with client.http() as http:
            answer = await client.login(http, after, PASSWORD)
        if answer.status_code != 200:
            refused.append(f"{client.email} on {client.tenant} from {client.address}")
    progress(f"peer: raw argon2 on {cores} cores")
    raw = raw_argon2_per_second(cores, args.peer_seconds)
    return Result(
        load, after, refused, duration,
        100 * used.servers / (duration * cores), 100 * used.machine / (duration * cores),
        raw, cores, args.clients, hostile if strangers else None,
    )  # fmt: skip


def _report(result: Result, args: argparse.Namespace) -> str:
    load = result.load
    attempts = sum(load.answers.values())
    ok = load.answers["200"]
    logins_per_s = ok / result.duration
    lines = [
        f"Login load: {result.clients} clients for {result.duration:.0f} s "
        f"({'PostgreSQL' if args.postgres else 'SQLite'}), production argon2, "
        f"{result.cores} cores shared by client and server"
        + (f", {args.strangers} strangers guessing" if result.strangers else ""),
        "",
        "| figure | value |",
        "|---|---|",
        f"| login attempts | {attempts} |",
        f"| logged in (200) | {ok} ({logins_per_s:.1f}/s) |",
    ]
    for reason in sorted(r for r in load.answers if r.startswith("429")):
        lines.append(f"| {reason} | {load.answers[reason]} |")
    others = {k: v for k, v in load.answers.items() if k not in {"200", "5xx"} and k[:3] != "429"}
    if others:
        lines.append(f"| other answers | {dict(others)} |")
    lat = sorted(load.latencies)
    if lat:
        p50, p99 = lat[len(lat) // 2], lat[min(len(lat) - 1, round(0.99 * (len(lat) - 1)))]
        lines.append(f"| login p50 / p99 (ms) | {p50:.0f} / {p99:.0f} |")
    lines += [
        f"| responses 5xx | {load.answers['5xx'] + result.after.answers['5xx']} |",
        f"| wrong-user answers | {load.wrong_user + result.after.wrong_user} |",
        f"| server CPU during the load | {result.server_cpu_pct:.0f}% of {result.cores} cores "
        f"(machine {result.machine_cpu_pct:.0f}%) |",
        f"| clients refused {args.after:.0f} s after the load | "
        f"{len(result.refused_after)} of {result.clients} |",
    ]
    if result.strangers:
        s = result.strangers
        lines.append(f"| strangers' answers | {dict(sorted(s.answers.items()))} |")
    lines += [
        f"| peer: raw argon2 verifications on {result.cores} cores | {result.raw_per_s:.1f}/s |",
        "",
        f"logins/s ÷ raw argon2 verifications/s (same run): {logins_per_s / result.raw_per_s:.2f}×",
    ]
    if result.refused_after:
        lines += ["", "still refused: " + "; ".join(result.refused_after)]
    return "\n".join(lines)


async def run(args: argparse.Namespace) -> tuple[str, Result]:
    data = Path(tempfile.mkdtemp(prefix="sportello-login-"))
    children = Children(data)
    try:
        server, port = await start_demo_server(children, data, args.postgres)
        result = await _load(args, port, CpuMeter([server]))
        return _report(result, args), result
    finally:
        await children.stop_all()


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.login", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--duration", type=float, default=30.0, help="load, seconds")
    parser.add_argument("--after", type=float, default=60.0, help="idle before the last logins")
    parser.add_argument("--strangers", type=int, default=0, help="clients guessing passwords")
    parser.add_argument("--peer-seconds", type=float, default=5.0)
    parser.add_argument("--postgres", default="", help="a scratch PostgreSQL database URL")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> None:
    args = parse(sys.argv[1:] if argv is None else argv)
    table, result = asyncio.run(run(args))
    print(table)
    broken = (
        result.load.answers["5xx"] + result.after.answers["5xx"]
        or result.load.wrong_user + result.after.wrong_user
        or result.refused_after
    )
    if broken:
        raise SystemExit("invariants broken: 5xx, wrong-user answers or users still refused")


if __name__ == "__main__":
    main()
