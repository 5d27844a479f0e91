"""The daily job ``dunning-reminders``: in every tenant, the reminders due today (see
:mod:`.reminders`) marked in one transaction, then sent — an e-mail to the customer with a
fresh purchase link, a push to the policy's agent and to the office — once the marks are
committed: a reminder is never sent twice, whichever process runs the job."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import structlog
from sqlalchemy import insert
from sqlalchemy.ext.asyncio import AsyncSession

from core.context import tenant_scope
from core.db import models as m
from core.db.locks import serialize
from core.db.types import utcnow
from core.domain.dunning.plan import Plan, plan_of
from core.domain.dunning.reminders import (
    MAIL_PURPOSE,
    Pick,
    PolicyView,
    mail_for,
    mark_row,
    pick_due,
    policy_views,
)
from core.domain.policies.links import PURPOSE as LINK_PURPOSE
from core.domain.quotes.links import mint_code
from core.domain.settings.payload import tenant_data
from core.extensions import Host, Job
from core.http.origin import default_origin
from core.i18n import ROME
from core.mail import Mail, send_mails
from core.push.sender import Push
from tenants.config import Tenant

log = structlog.get_logger(__name__)
JOB_BY = "sollecito"
"""The ``by`` of the links the job mints (no user sent them)."""


@dataclass
class Run:
    """One tenant's run: what was marked, and what to send once the marks are committed."""

    marked: int = 0
    mails: list[Mail] = field(default_factory=list)
    pushes: list[Push] = field(default_factory=list)


def purchase_link(host: Host, tenant: Tenant, policy_id: str, by: str, origin: str | None) -> str:
    """The customer's purchase page, as ``createLinkPolizza`` makes it."""
    code = mint_code(host.settings, tenant, policy_id, by, LINK_PURPOSE)
    return (
        f"{origin or default_origin(tenant, host.settings)}/acquisto-polizza/{policy_id}?c={code}"
    )


def pushes_for(tenant_id: str, pick: Pick, view: PolicyView) -> list[Push]:
    """To the policy's agent and to the office who see it."""
    late = pick.offset is None or pick.offset >= 0
    title = "Rata insoluta" if late else "Rata in scadenza"
    who = view.customer or view.label
    body = f"{who}: rata {pick.number} del {pick.due:%d/%m/%Y}, sollecito inviato"
    url = f"/polizza/{view.id}"
    tag = f"dunning-{pick.instalment_id}"
    pushes = [Push(tenant_id, (), title, body, url, tag=tag,
                   office=(view.agent_id, view.parent_agent_id))]  # fmt: skip
    if view.agent_id:
        pushes.append(Push(tenant_id, (view.agent_id,), title, body, url, tag=tag))
    return pushes


async def mark_due(
    session: AsyncSession, host: Host, tenant: Tenant, plan: Plan, now: datetime
) -> Run:
    """Mark today's reminders of the session's tenant and return what to send."""
    await serialize(session, f"dunning:{tenant.id}")  # a second process waits, then finds marks
    today = now.astimezone(ROME).date()
    picks = await pick_due(session, today, plan.offsets)
    run = Run()
    if not picks:
        return run
    views = await policy_views(session, [pick.policy_id for pick in picks])
    links: dict[str, str] = {}
    marks: list[dict[str, Any]] = []
    for pick in picks:
        view = views[pick.policy_id]
        mail = None
        if plan.email and view.email:
            if view.id not in links:
                links[view.id] = purchase_link(host, tenant, view.id, JOB_BY, None)
            mail = mail_for(pick, view, now, links[view.id])
        if mail is not None:
            run.mails.append(mail)
        if plan.push:
            run.pushes += pushes_for(tenant.id, pick, view)
        marks.append(mark_row(pick, mailed=mail is not None, at=now))
    await session.execute(insert(m.DunningReminder), marks)  # one statement, stamped per tenant
    run.marked = len(picks)
    return run


async def send_run(host: Host, session: AsyncSession, run: Run) -> None:
    """Send (development: also keep in the outbox) a committed run's mails; queue its pushes."""
    await send_mails(session, host.settings, run.mails, purpose=MAIL_PURPOSE)
    for push in run.pushes:
        host.push.send(push)


async def remind_tenant(host: Host, tenant_id: str, now: datetime) -> int:
    """One tenant's run at ``now``: the number of reminders marked (and sent)."""
    tenant = host.tenant(tenant_id)
    if tenant is None:
        return 0
    with tenant_scope(tenant_id):
        async with host.write_session() as session:
            plan = plan_of(await tenant_data(session, host))
            run = await mark_due(session, host, tenant, plan, now)
        if run.mails or run.pushes:
            async with host.write_session() as session:
                await send_run(host, session, run)
    if run.marked:
        log.info("dunning.reminded", tenant=tenant_id, reminders=run.marked, mails=len(run.mails))
    return run.marked


async def daily_dunning(host: Host) -> None:
    """The job: every tenant's reminders due today."""
    now = utcnow()
    for tenant_id in host.tenant_ids():
        await remind_tenant(host, tenant_id, now)


DUNNING_JOB = Job("dunning-reminders", daily_dunning, every_s=900)
