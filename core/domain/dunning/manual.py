"""A reminder sent now, from the overdue list: ``inviaSollecito {policyId, n}`` and its HTTP
twin ``POST /api/polizze/insolute/sollecito``. The customer gets the job's e-mail with a fresh
purchase link; for a policy the caller sees (agent tree), a regular instalment unpaid and not
set aside, and not twice within :data:`MANUAL_GAP` (any reminder of it, the job's included)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from litestar import Request, post
from litestar.params import JSONBody
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import delete, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.db.types import utcnow
from core.domain.dunning.job import purchase_link
from core.domain.dunning.reminders import MAIL_PURPOSE, Pick, mail_for, mark, policy_views
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, NotFound, TooManyAttempts
from core.extensions import CallContext, Host
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.http.origin import client_origin
from core.i18n import hour_minute
from core.mail import send_mail
from core.messages import POLICY_NOT_FOUND
from core.realtime.guard import logged_in
from core.validation import parse
from tenants.config import Tenant

MANUAL_GAP = timedelta(hours=1)
INSTALMENT_NOT_FOUND = "Rata non trovata"
ALREADY_PAID = "La rata è già pagata: nessun sollecito da inviare"
NOT_DUE = "La rata non è da incassare (sospesa, annullata o non è un premio): nessun sollecito"
NO_EMAIL = "Il cliente della polizza non ha un indirizzo e-mail: sollecito non inviato"
TOO_SOON = "Sollecito già inviato alle {at}: se ne può inviare un altro dopo un'ora"


class ReminderBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    n: int = Field(strict=True, ge=1, le=1000)


async def send_now(
    session: AsyncSession, host: Host, tenant: Tenant, principal: Principal, data: Any,
    origin: str | None, now: datetime,
) -> dict[str, Any]:  # fmt: skip
    """Send the reminder of instalment ``n`` of the policy now; ``{sentAt, to}``."""
    require(perm.sees_work, principal)
    body = parse(ReminderBody, data)
    visible = select(m.Policy.id).where(
        m.Policy.id == body.policyId, in_agent_tree(principal, m.Policy)
    )
    if (await session.execute(visible)).first() is None:
        raise NotFound(POLICY_NOT_FOUND)
    stmt = select(m.Instalment).where(
        m.Instalment.policy_id == body.policyId, m.Instalment.number == body.n
    )
    rate = (await session.execute(for_update(stmt))).scalar_one_or_none()  # one send at a time
    if rate is None or rate.cassa_date is None:
        raise NotFound(INSTALMENT_NOT_FOUND)
    if rate.paid:
        raise ClientError(ALREADY_PAID)
    if (rate.info or {}).get("kind") or (rate.info or {}).get("SOSP"):
        raise ClientError(NOT_DUE)
    last = select(func.max(m.DunningReminder.at)).where(m.DunningReminder.instalment_id == rate.id)
    latest = (await session.execute(last)).scalar()
    if latest is not None:
        latest = latest if latest.tzinfo else latest.replace(tzinfo=now.tzinfo)
        if now - latest < MANUAL_GAP:
            retry = int((latest + MANUAL_GAP - now).total_seconds()) + 1
            raise TooManyAttempts(TOO_SOON.format(at=hour_minute(latest)), retry_after=retry)
    pick = Pick(rate.id, rate.policy_id, rate.number, rate.cassa_date, rate.total, None)
    view = (await policy_views(session, [rate.policy_id]))[rate.policy_id]
    if not view.email:
        raise ClientError(NO_EMAIL)
    link = purchase_link(host, tenant, view.id, principal.id, origin)
    mail = mail_for(pick, view, now, link)
    assert mail is not None
    reminder = mark(pick, mailed=True, by=principal.id)
    session.add(reminder)
    await session.flush()

    async def take_back(session: AsyncSession) -> None:  # a mail that did not go: send again
        await session.execute(delete(m.DunningReminder).where(m.DunningReminder.id == reminder.id))

    await send_mail(session, host.settings, to=mail.to, subject=mail.subject, text=mail.text,
                    purpose=MAIL_PURPOSE, undo=take_back)  # fmt: skip
    return {"sentAt": now.isoformat(), "to": mail.to}


async def invia_sollecito(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{policyId, n}`` → ``{sentAt, to}``."""
    principal = logged_in(ctx)
    return await send_now(ctx.session, ctx.host, ctx.tenant, principal, data, ctx.origin, utcnow())


@post(
    "/api/polizze/insolute/sollecito",
    summary="Send the reminder of an unpaid instalment now (the twin of inviaSollecito)",
    tags=["policies"],
    status_code=200,
)
async def reminder_now(
    data: JSONBody[dict[str, Any]],
    request: Request[Any, Any, Any],
    principal: PrincipalDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """``{policyId, n}`` → ``{sentAt, to}``."""
    origin = client_origin(request.headers, request.url.scheme, tenant)
    return await send_now(db_session, runtime, tenant, principal, data, origin, utcnow())
