"""Child processes of the local cluster: each in a session of its own, its output in a file.

A child leads its own process group, so stopping it reaches whatever it started (nginx's
workers) and a Ctrl-C in the terminal reaches only the cluster, which then stops them in order.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path

STOP_TIMEOUT_S = 40.0
"""How long a child has to exit after SIGTERM before it is killed: more than a worker's
SHUTDOWN_GRACE_S (30 s), which lets its calls in flight finish."""


class ClusterError(RuntimeError):
    """A part of the cluster did not start; the message says which and ends with its log."""


def free_port() -> int:
    """A TCP port nobody listens on now, on the loopback address."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def port_free(port: int) -> bool:
    """Whether nobody listens on ``127.0.0.1:port`` now."""
    with socket.socket() as probe:
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
        return True


class Child:
    """One process of the cluster: started, stopped and restarted with the same command."""

    def __init__(
        self, name: str, argv: Sequence[str], env: Mapping[str, str], log: Path, cwd: Path
    ) -> None:
        self.name = name
        self.argv = list(argv)
        self.env = dict(env)
        self.log = log
        self.cwd = cwd
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.log.parent.mkdir(parents=True, exist_ok=True)
        with self.log.open("ab") as output:
            self.process = subprocess.Popen(
                self.argv, env=self.env, cwd=self.cwd, stdin=subprocess.DEVNULL,
                stdout=output, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def exited(self) -> bool:
        """Started, not stopped, and no longer running: it ended by itself."""
        return self.process is not None and self.process.poll() is not None

    def run(self, timeout: float) -> None:
        """Start it and wait for it to exit with 0 (a one-shot step)."""
        self.start()
        assert self.process is not None
        try:
            code = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.stop()
            raise ClusterError(self.failure(f"non è finito entro {timeout:.0f} s")) from None
        if code != 0:
            raise ClusterError(self.failure(f"è uscito con codice {code}"))

    def stop(self, timeout: float = STOP_TIMEOUT_S) -> None:
        """SIGTERM to its process group; SIGKILL when it has not exited within ``timeout``.
        A second call does nothing (the group's id may belong to someone else by then)."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            self._signal(process, signal.SIGTERM)
            try:
                process.wait(timeout)
            except subprocess.TimeoutExpired:
                self._signal(process, signal.SIGKILL)
                process.wait()
        self._signal(process, signal.SIGKILL)  # anything the leader left behind in its group

    @staticmethod
    def _signal(process: subprocess.Popen[bytes], signum: signal.Signals) -> None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signum)

    def failure(self, what: str, lines: int = 30) -> str:
        """``what`` went wrong with this child, followed by the end of its log."""
        tail = ""
        with contextlib.suppress(OSError):
            tail = "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        return f"{self.name} {what} (log: {self.log})\n{tail}"


def answers(url: str, host: str, timeout: float = 2.0) -> bool:
    """Whether ``url`` answers 200 to a GET with ``Host: host``."""
    request = urllib.request.Request(url, headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return int(response.status) == 200
    except (OSError, urllib.error.URLError):
        return False


def wait_until_ready(child: Child, url: str, host: str, timeout: float) -> None:
    """Poll ``url`` until it answers 200; fail early when ``child`` has exited."""
    deadline = time.monotonic() + timeout
    while not answers(url, host):
        if not child.running():
            raise ClusterError(child.failure("è uscito durante l'avvio"))
        if time.monotonic() > deadline:
            raise ClusterError(child.failure(f"non risponde entro {timeout:.0f} s"))
        time.sleep(0.1)
