"""Real processes for fault tests: ``sportello serve`` servers and a private redis-server."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import sys
from typing import Any

import httpx
from redis.asyncio import Redis
from redis.exceptions import RedisError


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def _wait_until(check: Any, timeout: float = 90) -> None:
    """Poll ``check`` until it answers true; not listening yet is not an error."""
    async with asyncio.timeout(timeout):
        while True:
            with contextlib.suppress(OSError, httpx.HTTPError, RedisError):
                if await check():
                    return
            await asyncio.sleep(0.1)


class RedisServer:
    """A redis-server of the test's own (pub/sub ignores database numbers: no sharing)."""

    def __init__(self) -> None:
        self.port = free_port()
        self.process: asyncio.subprocess.Process | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            "redis-server", "--port", str(self.port), "--bind", "127.0.0.1",
            "--save", "", "--appendonly", "no",
            stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        await _wait_until(self._pong)

    async def _pong(self) -> bool:
        client = Redis.from_url(self.url)
        try:
            return bool(await client.ping())
        finally:
            await client.aclose()

    async def kill(self) -> None:
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


class ServerProcess:
    """``sportello serve`` on a port of its own, with this run's database."""

    def __init__(self, **env: str) -> None:
        self.port = free_port()
        self.workers = 1
        """``sportello serve --workers``: set before :meth:`start`."""
        self.env = {**os.environ, "LOG_LEVEL": "WARNING", **env}
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-c", "from core.cli import app; app()", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--workers", str(self.workers),
            env=self.env, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.DEVNULL,
        )  # fmt: skip
        await _wait_until(self._ready)

    async def _ready(self) -> bool:
        assert self.process is not None
        if self.process.returncode is not None:
            raise AssertionError(f"server on {self.port} exited with {self.process.returncode}")
        async with httpx.AsyncClient() as client:
            answer = await client.get(f"http://127.0.0.1:{self.port}/readyz", timeout=1)
            return answer.status_code == 200

    async def kill(self) -> None:
        """SIGKILL: no shutdown, no goodbye to its sockets."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()

    async def stop(self) -> None:
        """SIGTERM: the server (and its workers) shut down."""
        if self.process is not None and self.process.returncode is None:
            self.process.terminate()
            try:
                async with asyncio.timeout(20):
                    await self.process.wait()
            except TimeoutError:
                await self.kill()

    def sockets_per_worker(self) -> dict[int, int]:
        """Worker pid → TCP connections it holds on this server's port (from ``/proc``)."""
        assert self.process is not None
        port = f"{self.port:04X}"
        inodes: set[str] = set()
        for table in ("/proc/net/tcp", "/proc/net/tcp6"):
            with contextlib.suppress(OSError), open(table) as lines:
                for line in list(lines)[1:]:
                    fields = line.split()
                    local, state, inode = fields[1], fields[3], fields[9]
                    if local.rsplit(":", 1)[1] == port and state == "01":  # ESTABLISHED
                        inodes.add(f"socket:[{inode}]")
        found: dict[int, int] = {}
        for pid in _children(self.process.pid):
            with contextlib.suppress(OSError):
                folder = f"/proc/{pid}/fd"
                links = [os.readlink(f"{folder}/{fd}") for fd in os.listdir(folder)]
                found[pid] = sum(1 for link in links if link in inodes)
        return found


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError), open(f"/proc/{entry}/stat") as stat:
                if int(stat.read().rsplit(")", 1)[1].split()[1]) == pid:
                    found.append(int(entry))
    return found
