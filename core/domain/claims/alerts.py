"""The claims' deadline alerts: a push to the office (admins and responsabili who see the
claim) when the report to the company is due within a day and the claim is not reported, and
when its rights lapse within :data:`LIMITATION_NOTICE_DAYS`. Each alert goes once per claim
(``alerts_sent``), whichever process runs the job first: the claims are read locked, so a
second process reads them again once the first has committed its marks."""

from __future__ import annotations

from datetime import date, timedelta

import structlog
from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.db.locks import for_update
from core.domain.claims.deadlines import (
    LIMITATION_YEARS,
    limitation_date,
    report_deadline,
)
from core.domain.claims.statuses import CLOSED, OPEN
from core.extensions import Host, Job
from core.i18n import today_in_rome
from core.push.sender import Push

log = structlog.get_logger(__name__)

REPORT_NOTICE_DAYS = 1
LIMITATION_NOTICE_DAYS = 60
REPORT, LIMITATION = "report", "limitation"
LONGEST_REPORT_TERM = timedelta(days=20)
"""Three days and the holidays that can follow them, with room: older unreported claims are
late already (and were alerted while they were due)."""


def due_alerts(claim: m.Claim, today: date) -> list[str]:
    """The alerts ``claim`` is due on ``today`` and has not had."""
    due = []
    sent = set(claim.alerts_sent or [])
    if (
        REPORT not in sent
        and claim.status == OPEN
        and claim.reported_on is None
        and (report_deadline(claim.known_on) - today).days <= REPORT_NOTICE_DAYS
    ):
        due.append(REPORT)
    limit = limitation_date(claim.event_date, claim.third_party_claim_on)
    if (
        LIMITATION not in sent
        and claim.status not in CLOSED
        and (limit - today).days <= LIMITATION_NOTICE_DAYS
    ):
        due.append(LIMITATION)
    return due


def _push(claim: m.Claim, alert: str) -> Push:
    if alert == REPORT:
        deadline = report_deadline(claim.known_on)
        title = "Sinistro da denunciare"
        body = f"{claim.customer}: denuncia alla compagnia entro il {deadline:%d/%m/%Y}"
    else:
        deadline = limitation_date(claim.event_date, claim.third_party_claim_on)
        title = "Sinistro vicino alla prescrizione"
        body = f"{claim.customer}: i diritti si prescrivono il {deadline:%d/%m/%Y}"
    return Push(
        claim.tenant_id, (), title, body, f"/sinistri/{claim.id}",
        tag=f"claim-{alert}-{claim.id}", office=(claim.agent_id, claim.parent_agent_id),
    )  # fmt: skip


async def alert_claims(session: AsyncSession, today: date) -> list[Push]:
    """Mark and return the alerts due today in the session's tenant (queued by the caller
    once the marks are committed)."""
    # a generous bound in SQL (the exact dates, with their holidays, are computed below)
    two_years_ago = date(today.year - LIMITATION_YEARS, today.month, min(today.day, 28))
    lapsing = two_years_ago + timedelta(days=LIMITATION_NOTICE_DAYS + 10)
    stmt = select(m.Claim).where(
        m.Claim.status.not_in(sorted(CLOSED)),
        or_(
            m.Claim.reported_on.is_(None) & (m.Claim.known_on >= today - LONGEST_REPORT_TERM),
            m.Claim.third_party_claim_on <= lapsing,
            m.Claim.third_party_claim_on.is_(None) & (m.Claim.event_date <= lapsing),
        ),
    )
    pushes = []
    for claim in (await session.execute(for_update(stmt, m.Claim))).scalars():
        due = due_alerts(claim, today)
        if due:
            claim.alerts_sent = [*(claim.alerts_sent or []), *due]
            pushes += [_push(claim, alert) for alert in due]
    await session.flush()
    return pushes


async def daily_claim_alerts(host: Host) -> None:
    """The job: every tenant's due alerts, pushed once their marks are committed."""
    today = today_in_rome()
    for tenant_id in host.tenant_ids():
        with tenant_scope(tenant_id):
            async with host.write_session() as session:
                pushes = await alert_claims(session, today)
        for push in pushes:
            host.push.send(push)
        if pushes:
            log.info("claims.alerted", tenant=tenant_id, alerts=len(pushes))


CLAIM_ALERTS_JOB = Job("claim-alerts", daily_claim_alerts, every_s=900)
