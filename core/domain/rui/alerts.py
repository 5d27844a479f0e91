"""The year-end training alerts (art. 89 Reg. IVASS 40/2018: the hours are owed by 31
December).

From 1 October (a quarter left: time to book courses, which are usually planned months ahead)
and again from 1 December (the last month), each collaborator still short of the year's hours
gets a push, and the office (admins and responsabili) one list of them. Each goes once per
recipient, year and threshold (``training_alerts``' unique key), whichever process or restart
sends it first; a job first run after both thresholds sends the later one only.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import structlog
from sqlalchemy import select, true
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.context import tenant_scope
from core.db import models as m
from core.db.once import insert_once
from core.domain.rui import rules
from core.domain.rui.serialize import hours_text
from core.domain.rui.service import collaborators, hours_by_user, rule_view
from core.extensions import Host, Job
from core.i18n import today_in_rome
from core.push.sender import Push

log = structlog.get_logger(__name__)

THRESHOLDS: tuple[tuple[int, int], ...] = ((10, 1), (12, 1))
"""(month, day) from which the alerts go: 1 October, then 1 December."""
OFFICE = "ufficio"
NAMES_IN_LIST = 5


def due_threshold(today: date) -> str | None:
    """The latest threshold reached by ``today`` in its year (``MM-DD``), or ``None``."""
    reached = [f"{month:02d}-{day:02d}" for month, day in THRESHOLDS
               if today >= date(today.year, month, day)]  # fmt: skip
    return reached[-1] if reached else None


def office_body(names: list[str]) -> str:
    shown = ", ".join(names[:NAMES_IN_LIST])
    more = len(names) - NAMES_IN_LIST
    return f"{shown} e altri {more}" if more > 0 else shown


async def _office_ids(session: AsyncSession) -> tuple[str, ...]:
    stmt = select(m.User.id).where(
        m.User.role_key.in_((perm.ADMIN, perm.RESPONSABILE)), m.User.suspended_at.is_(None)
    )
    return tuple(sorted((await session.execute(stmt)).scalars()))


async def alert_training(session: AsyncSession, tenant_id: str, today: date) -> list[Push]:
    """Mark and return the alerts due on ``today`` in the session's tenant (queued by the
    caller once the marks are committed)."""
    threshold = due_threshold(today)
    if threshold is None:
        return []
    year = today.year
    hours = await hours_by_user(session, year)
    pushes: list[Push] = []
    short: list[str] = []
    for user, reg in await collaborators(session, true()):
        if user.suspended_at is not None:
            continue
        status = rules.YearStatus(year, hours.get(user.id, Decimal(0)),
                                  rules.required_hours(rule_view(reg), year))  # fmt: skip
        if not status.short:
            continue
        short.append(user.name or user.email)
        mark = m.TrainingAlert(recipient=user.id, year=year, threshold=threshold)
        if await insert_once(session, mark):
            pushes.append(Push(
                tenant_id, (user.id,), "Formazione IVASS da completare",
                f"Mancano {hours_text(status.missing)} ore di aggiornamento su "
                f"{hours_text(status.required)} entro il 31/12/{year}",
                "/rui", tag=f"training-{year}-{threshold}",
            ))  # fmt: skip
    if short:
        mark = m.TrainingAlert(recipient=OFFICE, year=year, threshold=threshold)
        office = await _office_ids(session)
        if await insert_once(session, mark) and office:
            pushes.append(Push(
                tenant_id, office, f"Formazione IVASS: {len(short)} collaboratori sotto le ore",
                office_body(short), "/rui", tag=f"training-office-{year}-{threshold}",
            ))  # fmt: skip
    await session.flush()
    return pushes


async def daily_training_alerts(host: Host) -> None:
    """The job: every tenant's due alerts, pushed once their marks are committed."""
    today = today_in_rome()
    if due_threshold(today) is None:
        return
    for tenant_id in host.tenant_ids():
        with tenant_scope(tenant_id):
            async with host.write_session() as session:
                pushes = await alert_training(session, tenant_id, today)
        for push in pushes:
            host.push.send(push)
        if pushes:
            log.info("rui.training_alerted", tenant=tenant_id, alerts=len(pushes))


TRAINING_ALERTS_JOB = Job("training-alerts", daily_training_alerts, every_s=3600)
