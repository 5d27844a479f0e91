"""The production topology as local processes: one proxy, several workers, one database and
one bus (and an object store, when asked).

Started in order: the object store (moto's S3 on loopback), the one-shot migration (with the
demo data: ``sportello seed-demo``, which migrates first), the workers (``sportello serve
--no-prepare``
each on a port of its own, sharing the database, the Redis bus and the data folder), then
nginx on one port in front of them. Stopped in the reverse order; every child leads its own
process group, so nothing outlives :meth:`Cluster.stop`.
"""

from __future__ import annotations

import os
import secrets
import shutil
import sys
import tempfile
from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from types import TracebackType

from core.cluster import nginx
from core.cluster.database import ensure_database
from core.cluster.processes import (
    STOP_TIMEOUT_S,
    Child,
    ClusterError,
    free_port,
    port_free,
    wait_until_ready,
)
from core.settings import ROOT

DEFAULT_DATABASE_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/sportello_cluster"
DEFAULT_BUS_URL = "redis://127.0.0.1:6379/0"
BUCKET = "sportello"
ONE_SHOT_TIMEOUT_S = 300.0
START_TIMEOUT_S = 90.0
CLI = "from core.cli import app; app()"
INHERITED_NOT = ("DATABASE_", "TEST_DATABASE", "STORAGE_")
"""The caller's settings of these kinds never reach the children: the cluster sets its own."""


class Cluster:
    """A proxy on :attr:`url` in front of ``workers`` app processes.

    Usable as a context manager (``with Cluster(...) as cluster:``) or with :meth:`start` and
    :meth:`stop`. The methods block (a benchmark's event loop calls :meth:`restart_worker`
    through ``asyncio.to_thread``). ``port=0`` takes a free port; ``env`` is added to every
    child's environment last (settings such as ``TENANTS_FILE`` or ``PASSWORD_TIME_COST``).
    """

    def __init__(
        self,
        *,
        database_url: str = DEFAULT_DATABASE_URL,
        bus_url: str = DEFAULT_BUS_URL,
        port: int = 0,
        workers: int = 2,
        demo: bool = False,
        object_store: bool = False,
        data_dir: Path | None = None,
        run_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
        nginx_path: Path = nginx.NGINX,
        start_timeout: float = START_TIMEOUT_S,
    ) -> None:
        if workers < 1:
            raise ValueError("Serve almeno un worker")
        self.database_url = database_url
        self.bus_url = bus_url
        self.port = port or free_port()
        self.demo = demo
        self.object_store = object_store
        self.data_dir = data_dir or ROOT / "data" / "cluster"
        self._own_run_dir = run_dir is None
        self.run_dir = (
            run_dir or Path(tempfile.gettempdir()) / f"sportello-cluster-{secrets.token_hex(4)}"
        )
        self.extra_env = dict(env or {})
        self.nginx_path = nginx_path
        self.start_timeout = start_timeout
        self.worker_ports = [free_port() for _ in range(workers)]
        self.s3_port = free_port()
        self.workers: list[Child] = []
        self.proxy: Child | None = None
        self.s3: Child | None = None

    @property
    def url(self) -> str:
        """The proxy; a tenant is reached with its host, ``http://<host>:<port>``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def worker_urls(self) -> list[str]:
        """Each worker directly, bypassing the proxy."""
        return [f"http://127.0.0.1:{port}" for port in self.worker_ports]

    @property
    def tenants_file(self) -> Path:
        """The tenants the workers serve (``TENANTS_FILE``)."""
        path = self.extra_env.get("TENANTS_FILE") or os.environ.get("TENANTS_FILE")
        return Path(path) if path else ROOT / "tenants.yaml"

    @cached_property
    def health_host(self) -> str:
        """A tenant's host name, for the health checks (every route answers only a tenant)."""
        from tenants.loader import load_tenants

        return load_tenants(self.tenants_file).tenants[0].domains[0]

    def environment(self) -> dict[str, str]:
        """What every child runs with."""
        env = {k: v for k, v in os.environ.items() if not k.startswith(INHERITED_NOT)}
        env.update(
            DATABASE_URL=self.database_url,
            DATA_DIR=str(self.data_dir),
            BROADCAST_URL=self.bus_url,
            RATE_LIMIT_STORAGE_URL=self.bus_url,
            TRUSTED_PROXIES="127.0.0.1",
            MIGRATE_ON_START="false",
            SEED_DEMO="false",
            SECRET_KEY=self.extra_env.get("SECRET_KEY") or self._secret_key(),
        )
        if self.object_store:
            env.update(
                STORAGE_URL=f"s3://{BUCKET}",
                STORAGE_ENDPOINT=f"http://127.0.0.1:{self.s3_port}",
                STORAGE_REGION="us-east-1",
                STORAGE_ACCESS_KEY_ID="cluster",
                STORAGE_SECRET_ACCESS_KEY="cluster",
                STORAGE_ALLOW_HTTP="true",
            )
        env.update(self.extra_env)
        return env

    def _secret_key(self) -> str:
        """Every worker signs with the same key: SECRET_KEY, else one kept in the data folder
        (where ``sportello serve`` alone would keep it)."""
        if os.environ.get("SECRET_KEY"):
            return os.environ["SECRET_KEY"]
        path = self.data_dir / ".secret_key"
        if not path.exists():
            self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as key_file:
                key_file.write(secrets.token_urlsafe(48))
        return path.read_text().strip()

    def _child(self, name: str, argv: list[str], env: Mapping[str, str]) -> Child:
        return Child(name, argv, env, self.run_dir / "logs" / f"{name}.log", ROOT)

    def _sportello(self, name: str, env: Mapping[str, str], *args: str) -> Child:
        return self._child(name, [sys.executable, "-c", CLI, *args], env)

    def start(self) -> None:
        """Bring everything up and return once the proxy answers; on a failure, what was
        started is stopped and :class:`ClusterError` says which part failed and why."""
        if not port_free(self.port):
            raise ClusterError(f"La porta {self.port} è già in uso: --port ne sceglie un'altra")
        if not self.nginx_path.exists():
            raise ClusterError(f"nginx non trovato in {self.nginx_path}: `make nginx` lo installa")
        try:
            self._start()
        except BaseException:
            self.stop()
            raise

    def _start(self) -> None:
        self.run_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        ensure_database(self.database_url)
        env = self.environment()
        if self.object_store:
            self.s3 = self._child(
                "s3",
                [sys.executable, str(ROOT / "scripts" / "s3_server.py"),
                 "--port", str(self.s3_port), "--bucket", BUCKET],
                env,
            )  # fmt: skip
            self.s3.start()
            s3_url = f"http://127.0.0.1:{self.s3_port}/{BUCKET}"
            wait_until_ready(self.s3, s3_url, f"127.0.0.1:{self.s3_port}", self.start_timeout)
        # one process for both: `seed-demo` migrates first (each start imports the whole app)
        step = "seed-demo" if self.demo else "migrate"
        self._sportello(step, env, step).run(ONE_SHOT_TIMEOUT_S)
        self.workers = [
            self._sportello(
                f"worker-{i}", env, "serve", "--no-prepare", "--host", "127.0.0.1", "--port", str(p)
            )
            for i, p in enumerate(self.worker_ports)
        ]
        for worker in self.workers:
            worker.start()
        for i in range(len(self.workers)):
            self._wait_worker(i)
        conf = self.run_dir / "nginx.conf"
        conf.write_text(nginx.config(self.run_dir, self.port, self.worker_ports))
        for name in nginx.TEMP_PATHS:
            (self.run_dir / name).mkdir(exist_ok=True)
        self.proxy = self._child("nginx", nginx.command(self.run_dir, conf, self.nginx_path), env)
        self.proxy.start()
        wait_until_ready(self.proxy, f"{self.url}/readyz", self.health_host, self.start_timeout)

    def _wait_worker(self, index: int) -> None:
        url = f"{self.worker_urls[index]}/readyz"
        wait_until_ready(self.workers[index], url, self.health_host, self.start_timeout)

    def restart_worker(self, index: int, timeout: float = STOP_TIMEOUT_S) -> None:
        """Stop worker ``index`` (SIGTERM; SIGKILL after ``timeout`` seconds), start it again
        on its port and return once it answers ``/readyz``. The proxy sends the requests it
        refuses meanwhile to the other workers."""
        worker = self.workers[index]
        worker.stop(timeout)
        worker.start()
        self._wait_worker(index)

    def exited(self) -> list[str]:
        """The long-running parts that have stopped by themselves (empty while all is well)."""
        children = [self.s3, *self.workers, self.proxy]
        return [c.name for c in children if c is not None and c.exited()]

    def stop(self) -> None:
        """Stop the proxy, the workers, then the object store; remove the run folder when the
        cluster made it."""
        for child in [self.proxy, *self.workers, self.s3]:
            if child is not None:
                child.stop()
        if self._own_run_dir:
            shutil.rmtree(self.run_dir, ignore_errors=True)

    def __enter__(self) -> Cluster:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()
