"""``aggiornaRata``: an admin marks an instalment paid (date, method) or suspended, and undoes.

``{policyId, n, action, date?, method?}`` → the policy. ``action`` is ``paga`` (paid on
``date``, default today, never after it, with ``method``, default the policy's, one of the
tenant's methods and within the cash limits: :mod:`core.domain.policies.payment_rules`),
``annulla`` (not paid),
``sospendi`` (info ``SOSP``: an unpaid instalment the company suspended) or ``riattiva``.
``n`` 0 stands for the single payment of a UNICO policy (the policy's ``paid``). The policy
is ``paid`` once every instalment is; each change is audited and published live, and the
balance ledger follows it (:func:`core.domain.commissions.ledger.settle`: a collection
credits the collaborator once, an undo reverses the credit).
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.commissions.cash import ensure_open
from core.domain.commissions.ledger import settle
from core.domain.policies.paid_state import follow_instalments
from core.domain.policies.payment_rules import CASH, check_cash, check_day, checked_method
from core.domain.policies.serialize import policy_payload
from core.domain.products.fields.values import MAX_DATE, MIN_DATE
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import CallContext
from core.i18n import rome_day
from core.messages import POLICY_NOT_FOUND
from core.realtime.guard import logged_in
from core.validation import parse

ADMINS_ONLY = "Solo gli amministratori registrano i pagamenti delle rate"
NO_INSTALMENT = "Rata {n} non trovata"
SUSPENDED = "La rata è sospesa: riattivala prima di segnarla pagata"
PAID = "La rata è già pagata: annulla il pagamento prima di sospenderla"
BAD_DATE = "Data di pagamento fuori dai limiti"
CANCELLED = "La rata non è più dovuta: la polizza è stata annullata"
SUSPENDED_KEY = "SOSP"


class InstalmentBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    n: int = Field(ge=0, le=99)  # 12 instalments, then the changes' receipts
    action: Literal["paga", "annulla", "sospendi", "riattiva"]
    day: date | None = Field(default=None, alias="date")
    method: str | None = Field(default=None, min_length=1, max_length=50)


def _paid_at(day: date | None) -> datetime:
    if day is None:
        return utcnow()
    if not MIN_DATE <= day <= MAX_DATE:
        raise ClientError(BAD_DATE)
    check_day(day)
    return datetime.combine(day, time(12), tzinfo=UTC)


def _apply(target: m.Instalment, body: InstalmentBody, method: str | None) -> None:
    info = dict(target.info or {})
    if info.get("annullata") and body.action in ("paga", "riattiva"):
        raise ClientError(CANCELLED)  # set aside by a cancellation (core.domain.policy_changes)
    if body.action == "paga":
        if info.get(SUSPENDED_KEY):
            raise ClientError(SUSPENDED)
        target.paid, target.paid_at = True, _paid_at(body.day)
        target.paid_method = method
    elif body.action == "annulla":
        target.paid, target.paid_at, target.paid_method = False, None, None
    elif body.action == "sospendi":
        if target.paid:
            raise ClientError(PAID)
        info[SUSPENDED_KEY] = True
    else:
        info.pop(SUSPENDED_KEY, None)
    target.info = info


async def _days_open(session: AsyncSession, body: InstalmentBody, paid_at: datetime | None) -> None:
    """A payment dated on a closed cash day cannot be made, moved or undone."""
    if body.action not in ("paga", "annulla"):
        return
    days = [rome_day(paid_at)] if paid_at is not None else []
    if body.action == "paga":
        days.append(rome_day(_paid_at(body.day)))
    if days:
        await ensure_open(session, *days)


async def _method(
    session: AsyncSession, body: InstalmentBody, policy: m.Policy, target: m.Instalment | None,
    amount: Decimal,
) -> str:  # fmt: skip
    """The payment's method code: the one given, else the policy's; one the tenant accepts,
    and in cash only within the limits."""
    method = await checked_method(session, body.method or policy.payment_method)
    if method == CASH:
        check_cash(policy, target, amount)
    return method


async def aggiorna_rata(ctx: CallContext, data: Any) -> dict[str, Any]:
    return await update_instalment(ctx.session, logged_in(ctx), data)


async def update_instalment(
    session: AsyncSession, principal: Principal, data: Any
) -> dict[str, Any]:
    """Apply ``data`` (an :class:`InstalmentBody`) for ``principal``; the policy."""
    body = parse(InstalmentBody, data)
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    stmt = select(m.Policy).where(m.Policy.id == body.policyId)
    policy = (await session.execute(stmt.with_for_update())).scalar_one_or_none()
    if policy is None:
        raise NotFound(POLICY_NOT_FOUND)
    if body.n == 0:
        if any(not (r.info or {}).get("kind") for r in policy.instalments):
            raise ClientError(NO_INSTALMENT.format(n=0))
        if body.action in ("sospendi", "riattiva"):
            raise ClientError("Il pagamento unico non si sospende")
        await _days_open(session, body, policy.paid_at if policy.paid else None)
        if body.action == "paga":
            policy.payment_method = await _method(session, body, policy, None, policy.premium)
        policy.paid = body.action == "paga"
        policy.paid_at = _paid_at(body.day) if policy.paid else None
    else:
        target = next((r for r in policy.instalments if r.number == body.n), None)
        if target is None:
            raise NotFound(NO_INSTALMENT.format(n=body.n))
        await _days_open(session, body, target.paid_at if target.paid else None)
        method = None
        if body.action == "paga" and not (target.info or {}).get(SUSPENDED_KEY):
            method = await _method(session, body, policy, target, target.total)
        _apply(target, body, method)
        follow_instalments(policy)
    policy.updated_at = utcnow()  # the policy's event carries its instalments
    await session.flush()
    await settle(session, policy, by=principal.id)
    return policy_payload(policy)
