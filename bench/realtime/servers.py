"""The servers under test: ``sportello serve``, the python-socketio reference, a private Redis,
and a throwaway PostgreSQL schema."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.realtime.procs import PYTHON, Child, ChildFailed, Children, free_port, wait_ready

HOST = "assicurapp.localhost"
"""The tenant every socket talks to (chosen by the Host header)."""

# Server settings the bench sets; printed with the results.
SERVER_SETTINGS = {
    "ENVIRONMENT": "production",
    "SEED_DEMO": "true",
    "LOG_LEVEL": "WARNING",
    "REALTIME_CALLS_PER_SECOND": "1000",
    "REALTIME_ANONYMOUS_PER_ADDRESS": "100000",
    "DAILY_JOBS": "false",
}
"""One admin socket sends every change: its per-socket call budget is raised; the load
generator opens every socket from one address, so the cap on sockets not yet logged in is;
the daily renewal run is off (at start-up it would open renewal quotes for the bench's
policies, which the resyncs measured next would resend)."""

SPORTELLO = str(Path(PYTHON).with_name("sportello"))
CLEARED = ("DATABASE_URL", "BROADCAST_URL", "DATA_DIR", "PORT", "HOST", "SECRET_KEY", "LOG_JSON")


@dataclass
class Server:
    name: str
    port: int
    child: Child


def sportello_env(data_dir: Path, database_url: str, broadcast_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in CLEARED}
    env.update(SERVER_SETTINGS)
    env.update(
        DATA_DIR=str(data_dir),
        DATABASE_URL=database_url,
        BROADCAST_URL=broadcast_url,
        SECRET_KEY=secrets.token_urlsafe(48),
    )
    return env


async def seed(
    children: Children, env: dict[str, str], quotes: int, policies: int, extra_bytes: int = 0
) -> Any:
    """Migrate, seed the demo and the bench portfolio; what ``bench.realtime.seed`` prints."""
    argv = [PYTHON, "-m", "bench.realtime.seed", f"--quotes={quotes}", f"--policies={policies}",
            f"--extra-bytes={extra_bytes}"]  # fmt: skip
    out = await children.run("seed", argv, env)
    return json.loads(out.strip().splitlines()[-1])


async def start_sportello(children: Children, env: dict[str, str], name: str) -> Server:
    port = free_port()
    argv = [SPORTELLO, "serve", "--host=127.0.0.1", f"--port={port}"]
    child = await children.start(name, argv, env)
    await wait_ready(child, f"http://127.0.0.1:{port}/readyz", host=HOST)
    return Server(name, port, child)


async def start_socketio(children: Children, template: dict[str, Any], folder: Path) -> Server:
    path = folder / "sio-template.json"
    path.write_text(json.dumps(template))
    port = free_port()
    env = {**os.environ, "BENCH_SIO_TEMPLATE": str(path)}
    argv = [PYTHON, "-m", "uvicorn", "bench.realtime.sio_server:app", "--host=127.0.0.1",
            f"--port={port}", "--log-level=warning"]  # fmt: skip
    child = await children.start("python-socketio", argv, env)
    await wait_ready(child, f"http://127.0.0.1:{port}/", any_status=True)
    return Server("python-socketio", port, child)


async def start_bare(children: Children, template: dict[str, Any], folder: Path) -> Server:
    """The ceiling: :mod:`bench.realtime.bare_server` (``websockets``, no filtering)."""
    path = folder / "bare-template.json"
    path.write_text(json.dumps(template))
    port = free_port()
    env = {**os.environ, "BENCH_SIO_TEMPLATE": str(path)}
    argv = [PYTHON, "-m", "bench.realtime.bare_server", str(port)]
    child = await children.start("bare websockets", argv, env)
    await wait_ready(child, f"http://127.0.0.1:{port}/", any_status=True)
    return Server("bare websockets", port, child)


async def start_redis(children: Children, binary: str) -> str:
    """A private redis-server on a free port (pub/sub ignores database numbers)."""
    from redis.asyncio import Redis
    from redis.exceptions import RedisError

    port = free_port()
    argv = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
            "--appendonly", "no"]  # fmt: skip
    child = await children.start("redis", argv, dict(os.environ))
    url = f"redis://127.0.0.1:{port}"
    client = Redis.from_url(url)
    try:
        for _ in range(100):
            if child.process.returncode is not None:
                raise ChildFailed(f"redis-server exited:\n{child.tail()}")
            with contextlib.suppress(RedisError, OSError):  # refused while it starts
                if await client.ping():
                    return url
            await asyncio.sleep(0.05)
    finally:
        await client.aclose()
    raise ChildFailed("redis-server did not answer PING")


def redis_binary() -> str | None:
    return shutil.which("redis-server")


def _plain(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(drivername="postgresql", query={}).render_as_string(False)


def postgres_problem(url: str) -> str | None:
    """Why PostgreSQL at ``url`` cannot be used, or ``None``."""
    import psycopg

    try:
        with psycopg.connect(_plain(url), connect_timeout=3):
            return None
    except Exception as exc:  # psycopg.OperationalError and bad URLs alike
        return f"PostgreSQL unreachable ({str(exc).strip().splitlines()[0]})"


@asynccontextmanager
async def postgres_schema(url: str) -> AsyncIterator[str]:
    """A schema of its own on the server at ``url``, dropped afterwards; its database URL."""
    import psycopg

    schema = f"sportello_bench_{secrets.token_hex(4)}"
    with psycopg.connect(_plain(url), autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    joiner = "&" if "?" in url else "?"
    try:
        yield f"{url}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with psycopg.connect(_plain(url), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
