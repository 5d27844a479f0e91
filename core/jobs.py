"""The plugins' background jobs (the ``register_jobs`` hook), run inside the server.

Each job runs once at start and then every ``every_s`` seconds in its own task; a failing
run is logged and retried at the next tick, and stopping the server cancels them all.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence

import structlog

from core.extensions import Host, Job

log = structlog.get_logger(__name__)


class JobRunner:
    def __init__(self, host: Host, jobs: Sequence[Job]) -> None:
        self._host = host
        self._jobs = list(jobs)
        self._tasks: list[asyncio.Task[None]] = []

    def start(self) -> None:
        self._tasks = [asyncio.create_task(self._loop(job), name=job.name) for job in self._jobs]

    async def _loop(self, job: Job) -> None:
        while True:
            try:
                await job.run(self._host)
            except Exception:
                log.exception("job.failed", job=job.name)
            await asyncio.sleep(job.every_s)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self._tasks = []
