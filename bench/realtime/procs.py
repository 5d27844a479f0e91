"""The bench's child processes: each in a session of its own, logged to a file, always stopped.

:class:`Children` remembers every process it started and stops them (SIGTERM to the child's
own process group, SIGKILL if it lingers), on success, failure or Ctrl-C alike.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import signal
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

STOP_GRACE = 5.0
PIPE_LIMIT = 256 * 1024 * 1024
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PYTHON = sys.executable
_STARTED = time.monotonic()


class ChildFailed(RuntimeError):
    """A child process exited or never became ready."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Child:
    name: str
    process: asyncio.subprocess.Process
    log: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far (Linux ``/proc``); 0 when unknown."""
        try:
            fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return 0.0
        return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS

    def tail(self, lines: int = 25) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def machine_busy_seconds() -> float:
    """CPU seconds every process on the machine has used since boot (Linux ``/proc/stat``)."""
    try:
        fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    except OSError:
        return 0.0
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(f) for f in fields[:8])
    return (user + nice + system + irq + softirq + steal) / CLOCK_TICKS


@dataclass(frozen=True)
class CpuUse:
    """CPU seconds used over a span: by the servers, by this process, by the whole machine."""

    servers: float
    own: float
    machine: float


class CpuMeter:
    """Measures :class:`CpuUse` from its creation to :meth:`used`."""

    def __init__(self, servers: list[Child]) -> None:
        self.servers = servers
        self.start = self._now()

    def _now(self) -> CpuUse:
        return CpuUse(
            sum(s.cpu_seconds() for s in self.servers), time.process_time(), machine_busy_seconds()
        )

    def used(self) -> CpuUse:
        end = self._now()
        return CpuUse(
            end.servers - self.start.servers,
            end.own - self.start.own,
            end.machine - self.start.machine,
        )


class Children:
    """Start, watch and stop the processes of one bench run."""

    def __init__(self, logs: Path) -> None:
        self.logs = logs
        self.running: list[Child] = []

    async def start(
        self, name: str, argv: list[str], env: dict[str, str], *, pipes: bool = False
    ) -> Child:
        """Start ``argv``; stderr (and stdout unless ``pipes``) go to ``<logs>/<name>.log``.

        Bytecode caching is left on: without it every server start compiles the whole
        dependency tree again (seconds of CPU that would blur the first measurements).
        """
        env = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        log = self.logs / f"{name}.log"
        with log.open("ab") as sink:
            process = await asyncio.create_subprocess_exec(
                *argv,
                env=env,
                stdin=asyncio.subprocess.PIPE if pipes else asyncio.subprocess.DEVNULL,
                stdout=asyncio.subprocess.PIPE if pipes else sink,
                stderr=sink,
                start_new_session=True,
                limit=PIPE_LIMIT,
            )
        child = Child(name, process, log)
        self.running.append(child)
        return child

    async def run(self, name: str, argv: list[str], env: dict[str, str]) -> str:
        """Run to completion; its stdout, or :class:`ChildFailed` with its log's tail."""
        child = await self.start(name, argv, env, pipes=True)
        assert child.process.stdout is not None
        out = await child.process.stdout.read()
        code = await child.process.wait()
        self.running.remove(child)
        if code != 0:
            raise ChildFailed(f"{name} exited with {code}:\n{child.tail()}")
        return out.decode()

    async def stop(self, child: Child) -> None:
        if child in self.running:
            self.running.remove(child)
        if child.process.returncode is not None:
            return
        _signal_group(child.pid, signal.SIGTERM)
        try:
            await asyncio.wait_for(child.process.wait(), STOP_GRACE)
        except TimeoutError:
            _signal_group(child.pid, signal.SIGKILL)
            await child.process.wait()

    async def stop_all(self) -> None:
        for child in reversed(list(self.running)):
            await self.stop(child)

    def kill_all(self) -> None:
        """Last resort when the event loop is gone: SIGKILL whatever is left."""
        for child in self.running:
            _signal_group(child.pid, signal.SIGKILL)
        self.running.clear()


def _signal_group(pid: int, sig: signal.Signals) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, sig)  # the child leads its own session: its group is its own id


async def wait_ready(
    child: Child, url: str, within: float = 60, host: str | None = None, any_status: bool = False
) -> None:
    """Poll ``url`` until it answers 200 (any answer with ``any_status``); fail early, with
    the log, if the child exits."""
    deadline = time.monotonic() + within
    headers = {"Host": host} if host else {}
    async with httpx.AsyncClient(timeout=2) as client:
        while time.monotonic() < deadline:
            if child.process.returncode is not None:
                raise ChildFailed(f"{child.name} exited:\n{child.tail()}")
            with contextlib.suppress(httpx.HTTPError):
                status = (await client.get(url, headers=headers)).status_code
                if status == 200 or any_status:
                    return
            await asyncio.sleep(0.1)
    raise ChildFailed(f"{child.name} not ready after {within:.0f} s:\n{child.tail()}")


def progress(message: str) -> None:
    """A line on stderr telling where the run is (the table goes to stdout)."""
    print(f"[{time.monotonic() - _STARTED:6.1f} s] {message}", file=sys.stderr, flush=True)


async def start_demo_server(
    children: Children, data: Path, postgres: str = ""
) -> tuple[Child, int]:
    """``sportello serve`` with the demo data in ``data`` (SQLite there, or the scratch
    PostgreSQL database ``postgres``), once it is ready; the child and its port."""
    port = free_port()
    env = {
        **os.environ, "DATA_DIR": str(data), "SEED_DEMO": "true", "LOG_LEVEL": "WARNING",
        "ENVIRONMENT": "development", "SECRET_KEY": secrets.token_urlsafe(40),
    }  # fmt: skip
    if postgres:
        env["DATABASE_URL"] = postgres
    else:
        env.pop("DATABASE_URL", None)
    server = await children.start(
        "server",
        [PYTHON, "-c", "from core.cli import app; app()", "serve", "--port", str(port)],
        env,
    )
    await wait_ready(server, f"http://127.0.0.1:{port}/readyz", within=120)
    return server, port
