"""One bench run: databases, servers and load processes started, measured, always cleaned up."""

from __future__ import annotations

import asyncio
import os
import secrets
import shutil
import signal
import tempfile
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jwt

from bench.realtime.clients import LoadClients
from bench.realtime.fanout import ChangePlan, FanoutResult, Pace, Target, measure_fanout
from bench.realtime.memory import MemoryResult, measure_memory
from bench.realtime.procs import Children, CpuMeter, progress
from bench.realtime.servers import (
    HOST,
    Server,
    postgres_problem,
    postgres_schema,
    redis_binary,
    seed,
    sportello_env,
    start_bare,
    start_redis,
    start_socketio,
    start_sportello,
)
from bench.realtime.sync import SyncResult, measure_sync
from bench.realtime.wire import Compression, ScConnection

SOCKET_ACCOUNTS = ("agente", "responsabile", "admin")
"""The load sockets log in as these in turn: each sees every quote of the bench agent."""


@dataclass
class Options:
    sockets: int = 1000
    memory_sockets: int = 5000
    """Idle sockets the memory per socket is measured over (0: not measured)."""
    memory_warm: int = 1000
    """Of those, the ones opened before the measure starts."""
    changes: int = 200
    rate: float = 0.0
    """Latency phase: changes per second; 0 makes each change once the previous one arrived."""
    batch: int = 50
    quotes: int = 10_000
    policies: int = 5_000
    sync_runs: int = 5
    resync_runs: int = 20
    client_processes: int = 1
    compression: Compression = "deflate"
    db: str = "sqlite"
    postgres: str = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    single: bool = True
    cross: bool = True
    burst: bool = True
    patience: float = 10.0
    """Seconds without a new delivery after which the missing ones count as lost."""

    @property
    def pace(self) -> Pace:
        return self.rate if self.rate > 0 else "one-by-one"


@dataclass
class Results:
    options: Options
    sync: SyncResult | None = None
    sportello: FanoutResult | None = None
    socketio: FanoutResult | None = None
    bare: FanoutResult | None = None
    """The ceiling: a bare ``websockets`` broadcast server, same sockets and frames."""
    memory: dict[str, MemoryResult] = field(default_factory=dict)
    """Per server (its label): the memory per idle socket."""
    cold_connect_seconds: float | None = None
    """Opening the same sockets again, each with a login token new to the server process."""
    cold_connect_cpu: float | None = None
    """The server's CPU seconds meanwhile."""
    cross: FanoutResult | None = None
    cross_skipped: str | None = None
    load_average: tuple[float, float] = (0.0, 0.0)
    """The machine's 1-minute load average at the start and at the end."""


async def _mint_tokens(port: int) -> dict[str, str]:
    """One ``login`` per account; the load sockets reuse the tokens in their handshake."""
    tokens: dict[str, str] = {}
    for account in SOCKET_ACCOUNTS:
        connection = await ScConnection.open(port, HOST)
        try:
            await connection.handshake(None)
            answer = await connection.invoke(
                "login", {"email": f"{account}@demo.it", "password": "demo1234", "keep": True}
            )
            tokens[account] = answer["token"]
        finally:
            await connection.close()
    return tokens


def new_logins(key: str, tokens: list[str], count: int) -> list[str]:
    """``count`` login tokens of the same users, each with its own ``jti``: as many browsers
    logged in, none of whose logins the server has checked yet."""
    claims = [jwt.decode(t, key, algorithms=["HS256"]) for t in tokens]
    return [
        jwt.encode({**claims[i % len(claims)], "jti": secrets.token_hex(12)}, key, "HS256")
        for i in range(count)
    ]


def _target(label: str, sockets_on: Server, changes_on: Server, tokens: dict[str, str],
            servers: list[Server]) -> Target:  # fmt: skip
    return Target(
        label, "sc", sockets_on.port, changes_on.port, [s.child for s in servers],
        [tokens[a] for a in SOCKET_ACCOUNTS], tokens["admin"],
    )  # fmt: skip


def _socketio_target(server: Server) -> Target:
    return Target("python-socketio", "sio", server.port, server.port, [server.child], [])


def _bare_target(server: Server) -> Target:
    """The ceiling logs nobody in: any token will do, and changes need no admin."""
    return Target("bare websockets", "sc", server.port, server.port, [server.child], ["-"], "-")


class Run:
    def __init__(self, options: Options, children: Children, folder: Path) -> None:
        self.options = options
        self.children = children
        self.folder = folder
        self.clients = LoadClients(children, options.client_processes)
        self.results = Results(options)

    async def fanout(self, target: Target, plan: ChangePlan, *, burst: bool) -> FanoutResult:
        o = self.options
        return await measure_fanout(
            target, self.clients, plan, sockets=o.sockets, changes=o.changes, pace=o.pace,
            batch=o.batch, compression=o.compression, burst=burst, patience=o.patience,
        )  # fmt: skip

    async def memory(self, start: Callable[[], Awaitable[Server]],
                     target_of: Callable[[Server], Target]) -> None:  # fmt: skip
        """Memory per idle socket, on a server of its own that serves nothing else."""
        o = self.options
        if not o.memory_sockets:
            return
        server = await start()
        try:
            target = target_of(server)
            self.results.memory[target.label] = await measure_memory(
                target, self.clients, sockets=o.memory_sockets, warm=o.memory_warm,
                batch=o.batch, compression=o.compression,
            )  # fmt: skip
        finally:
            await self.children.stop(server.child)

    @asynccontextmanager
    async def database(self, name: str, postgres: bool) -> AsyncIterator[str]:
        if postgres:
            async with postgres_schema(self.options.postgres) as url:
                yield url
        else:
            yield f"sqlite+aiosqlite:///{self.folder / name / 'sportello.db'}"

    async def seeded_env(self, name: str, url: str, bus: str) -> tuple[dict[str, str], Any]:
        progress(f"seeding {name} database ({url.split(':')[0]})")
        env = sportello_env(self.folder / name, url, bus)
        return env, await seed(self.children, env, self.options.quotes, self.options.policies)

    async def single_process(self) -> None:
        o = self.options
        async with self.database("single", o.db == "postgres") as url:
            env, seeded = await self.seeded_env("single", url, "memory://")
            ids = seeded["quote_ids"]
            progress("starting sportello serve")
            server = await start_sportello(self.children, env, "sportello")
            try:
                tokens = await _mint_tokens(server.port)

                def sportello_target(on: Server) -> Target:
                    return _target("sportello", on, on, tokens, [on])

                progress("cold syncs and resyncs")
                self.results.sync = await measure_sync(
                    server.port, tokens["agente"], o.sync_runs, o.resync_runs
                )
                target = sportello_target(server)
                self.results.sportello = await self.fanout(target, ChangePlan(ids), burst=o.burst)
                progress("sportello: sockets each with a token new to the process")
                fresh = new_logins(env["SECRET_KEY"], target.tokens, o.sockets)
                meter = CpuMeter([server.child])
                self.results.cold_connect_seconds = await self.clients.connect(
                    "sc", server.port, HOST, fresh, o.sockets, o.batch, o.compression
                )
                self.results.cold_connect_cpu = meter.used().servers
                await self.clients.disconnect()
            finally:
                await self.children.stop(server.child)
            await self.memory(  # before the database goes
                lambda: start_sportello(self.children, env, "sportello"), sportello_target
            )
        template = seeded["template"]
        progress("starting python-socketio")
        reference = await start_socketio(self.children, template, self.folder)
        target = _socketio_target(reference)
        self.results.socketio = await self.fanout(target, ChangePlan(ids), burst=o.burst)
        await self.children.stop(reference.child)
        await self.memory(
            lambda: start_socketio(self.children, template, self.folder), _socketio_target
        )
        progress("starting the bare websockets server")
        bare = await start_bare(self.children, template, self.folder)
        target = _bare_target(bare)
        self.results.bare = await self.fanout(target, ChangePlan(ids), burst=o.burst)
        await self.children.stop(bare.child)
        await self.memory(lambda: start_bare(self.children, template, self.folder), _bare_target)

    def cross_problem(self) -> str | None:
        if not self.options.cross:
            return "skipped (--no-cross)"
        if redis_binary() is None:
            return "skipped: no redis-server on PATH"
        problem = postgres_problem(self.options.postgres)
        return f"skipped: {problem}" if problem else None

    async def cross_process(self) -> None:
        problem = self.cross_problem()
        if problem:
            self.results.cross_skipped = problem
            return
        redis = await start_redis(self.children, redis_binary() or "redis-server")
        async with self.database("cross", postgres=True) as url:
            env, seeded = await self.seeded_env("cross", url, redis)
            servers: list[Server] = []
            progress("starting two sportello serve sharing Redis")
            try:
                servers.append(await start_sportello(self.children, env, "sportello-a"))
                servers.append(await start_sportello(self.children, env, "sportello-b"))
                first, second = servers
                tokens = await _mint_tokens(first.port)
                target = _target("cross-process", second, first, tokens, servers)
                self.results.cross = await self.fanout(
                    target, ChangePlan(seeded["quote_ids"]), burst=False
                )
            finally:
                for server in servers:  # before their database goes
                    await self.children.stop(server.child)


async def run(options: Options, children: Children, folder: Path) -> Results:
    bench = Run(options, children, folder)
    started = os.getloadavg()[0]
    main = asyncio.current_task()
    assert main is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, main.cancel)  # as Ctrl-C
    try:
        await bench.clients.start()
        if options.single:
            await bench.single_process()
        await bench.cross_process()
    finally:
        await bench.clients.stop()
        await children.stop_all()
    bench.results.load_average = (started, os.getloadavg()[0])
    return bench.results


def new_folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="sportello-realtime-bench-"))


def remove_folder(folder: Path) -> None:
    shutil.rmtree(folder, ignore_errors=True)
