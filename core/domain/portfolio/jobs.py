"""Import jobs: one import (or dry run) as an asyncio task in the server process, its state
and progress in ``import_jobs`` so that any worker answers its status route.

The task beats (``updated_at``) at every chunk; a job still "in corso" whose beat is older
than :data:`STALE_AFTER` was interrupted (the process stopped) and reads as failed, and
``sportello migrate`` (the step before the workers start) marks every unfinished job failed.
Progress is pushed to the user who started the job on the ``importazioni`` stream."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import structlog
from sqlalchemy import select, update

from core.auth.principal import Principal
from core.context import acting_as, tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.domain.portfolio.engine import Checked, Counts, Importer, Sessions, check_rows
from core.domain.portfolio.fields import BadRow
from core.domain.portfolio.reader import Table
from core.errors import NotFound

log = structlog.get_logger(__name__)

QUEUED, RUNNING, DONE, FAILED = "in_coda", "in_corso", "completato", "fallito"
STALE_AFTER = timedelta(minutes=2)
MAX_ERRORS = 5000
"""Bad rows kept in a job's report; the count says how many there were."""
INTERRUPTED = "Importazione interrotta (il server si è fermato): ripetila, riprende da dove era"
FAILED_TEXT = "Importazione non riuscita: riprova o contatta l'assistenza"
NOT_FOUND = "Importazione non trovata"

_tasks: set[asyncio.Task[None]] = set()
"""The running tasks, kept so that none is collected before it ends."""


def job_payload(job: m.ImportJob) -> dict[str, Any]:
    status = job.status
    message = job.message
    if status in (QUEUED, RUNNING) and job.updated_at < utcnow() - STALE_AFTER:
        status, message = FAILED, INTERRUPTED
    percent = 100 if status == DONE else (int(job.done * 100 / job.total) if job.total else 0)
    return {
        "_id": job.id, "sourceId": job.source_id, "fileName": job.file_name,
        "dryRun": job.dry_run, "status": status, "total": job.total, "done": job.done,
        "percent": min(percent, 100), "counts": job.counts or {}, "message": message,
        "errors": (job.errors or [])[:500], "errorCount": (job.counts or {}).get("scartate", 0),
        "createdAt": job.created_at.isoformat(),
        "finishedAt": job.finished_at.isoformat() if job.finished_at else None,
    }  # fmt: skip


async def visible_job(session: Any, principal: Principal, job_id: str) -> m.ImportJob:
    job: m.ImportJob | None = await session.get(m.ImportJob, job_id)
    if job is None or (job.user_id != principal.id and not principal.is_admin):
        raise NotFound(NOT_FOUND)
    return job


async def create_job(
    session: Any, principal: Principal, source: m.ImportSource, file_name: str, total: int,
    dry_run: bool,
) -> m.ImportJob:  # fmt: skip
    job = m.ImportJob(
        source_id=source.id, user_id=principal.id, file_name=file_name[:200], dry_run=dry_run,
        status=QUEUED, total=total, done=0, counts={}, errors=[],
    )  # fmt: skip
    session.add(job)
    await session.flush()
    return job


async def run_import(
    sessions: Sessions, principal: Principal, source_id: str, table: Table,
    mapping: Mapping[str, str], *, dry_run: bool, job_id: str | None = None,
    notify: Any = None,
) -> tuple[Counts, list[BadRow]]:  # fmt: skip
    """Check and import ``table`` (the engine the job, the CLI and the bench share); with a
    ``job_id`` its row follows the progress."""

    async def progress(done: int, counts: Counts) -> None:
        if job_id is None:
            return
        async with sessions() as session:
            await session.execute(
                update(m.ImportJob).where(m.ImportJob.id == job_id)
                .values(status=RUNNING, done=done, counts=counts.wire(), updated_at=utcnow())
            )  # fmt: skip
        if notify is not None:
            await notify(done, counts)

    async with sessions() as session:
        checked: Checked = await check_rows(session, principal, table, mapping)
    importer = Importer(sessions, principal, source_id, checked, dry_run=dry_run,
                        progress=progress)  # fmt: skip
    counts = await importer.run()
    errors = sorted(importer.errors, key=lambda e: (e.row, e.column))
    return counts, errors


async def finish(sessions: Sessions, job_id: str, counts: Counts, errors: list[BadRow]) -> None:
    async with sessions() as session:
        job = await session.get(m.ImportJob, job_id)
        if job is None:
            return
        job.status, job.done, job.counts = DONE, job.total, counts.wire()
        job.errors = [e.wire() for e in errors[:MAX_ERRORS]]
        job.finished_at = utcnow()


async def fail(sessions: Sessions, job_id: str, message: str) -> None:
    async with sessions() as session:
        job = await session.get(m.ImportJob, job_id)
        if job is not None:
            job.status, job.message, job.finished_at = FAILED, message[:500], utcnow()


def start(
    sessions: Sessions, principal: Principal, job_id: str, source_id: str, table: Table,
    mapping: Mapping[str, str], dry_run: bool, notify: Any = None,
) -> None:  # fmt: skip
    """Run the job as a task of this process, in the principal's tenant and name."""

    async def work() -> None:
        with tenant_scope(principal.tenant_id), acting_as(principal.id):
            try:
                counts, errors = await run_import(
                    sessions, principal, source_id, table, mapping, dry_run=dry_run,
                    job_id=job_id, notify=notify,
                )  # fmt: skip
                await finish(sessions, job_id, counts, errors)
            except Exception as exc:
                log.exception("portfolio.import_failed", job=job_id)
                message = str(exc) if getattr(exc, "status_code", 500) < 500 else FAILED_TEXT
                await fail(sessions, job_id, message)
            if notify is not None:
                await notify(-1, None)

    task = asyncio.create_task(work(), name=f"import:{job_id}")
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def running() -> None:
    """Wait for every import task of this process (the tests, the shutdown)."""
    while _tasks:
        await asyncio.gather(*list(_tasks), return_exceptions=True)


async def fail_unfinished(sessions: Sessions, tenant_ids: list[str]) -> int:
    """Mark every job left unfinished by a stopped process failed (before serving)."""
    marked = 0
    for tenant_id in tenant_ids:
        with tenant_scope(tenant_id):
            async with sessions() as session:
                stmt = select(m.ImportJob).where(m.ImportJob.status.in_((QUEUED, RUNNING)))
                for job in (await session.execute(stmt)).scalars():
                    job.status, job.message, job.finished_at = FAILED, INTERRUPTED, utcnow()
                    marked += 1
    return marked
