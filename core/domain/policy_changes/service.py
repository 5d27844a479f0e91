"""Endorsing and cancelling a policy: checked once for HTTP and the socket.

* Admins only, as for the policy's instalments (:mod:`core.domain.policies.payments`), on a
  policy they see; a policy takes at most :data:`MAX_CHANGES` changes.
* An **endorsement** (appendice) effective on a day of the policy's period moves the yearly
  premium to a new gross (or by a signed difference); its receipt is the difference for the
  days left after that day, pro rata (:mod:`.amounts`), added as an instalment row
  (``info.kind = "appendice"``), positive when the customer pays, negative when they get
  money back. A change that moves no premium adds no row.
* A **cancellation** (annullamento) on a day of the period, for one of :data:`REASONS`,
  gives back the unused net premium of what was paid (:mod:`.periods`; taxes are not given
  back, art. 171 c. 1 n. 1 D.Lgs. 209/2005) as one instalment row (``info.kind = "rimborso"``),
  negative and paid on the day it is refunded (a closed cash day refuses it); the unpaid
  rows of the days after are set aside (``SOSP``, ``annullata``). The ledger takes back the
  commissions on the net given back (:mod:`core.domain.commissions.takebacks`).
* ``preview``: the same figures, nothing saved.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.commissions.cash import ensure_open
from core.domain.commissions.ledger import settle
from core.domain.policies.paid_state import follow_instalments
from core.domain.policies.payment_rules import checked_method
from core.domain.policy_changes.amounts import (
    Parts,
    commission_parts,
    days_after,
    prorate,
    rates_of,
    scaled,
    split_gross,
)
from core.domain.policy_changes.bodies import CancellationBody, EndorsementBody
from core.domain.policy_changes.periods import receipts, taken_back, to_set_aside
from core.domain.policy_changes.reasons import (
    ANNULLAMENTO,
    APPENDICE,
    CANCELLED_BY,
    RECEIPT_KIND,
    REFUND,
    SET_ASIDE,
)
from core.domain.products.fields.values import MIN_DATE
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, NotFound
from core.i18n import rome_day, today_in_rome
from core.messages import POLICY_NOT_FOUND
from core.money import ZERO

MAX_CHANGES = 40
"""The changes a policy takes (its rows stay bounded)."""
ADMINS_ONLY = "Solo gli amministratori registrano appendici e annullamenti"
CANCELLED = "La polizza è già stata annullata il {day}"
NO_PERIOD = "La polizza non ha date di decorrenza e scadenza: correggile prima"
OUTSIDE = (
    "La data deve cadere nel periodo della polizza: dal {start} al giorno prima della "
    "scadenza del {end}"
)
TOO_MANY = "La polizza ha già {n} variazioni: non se ne registrano altre"
REFUND_IN_FUTURE = "Il rimborso non può avere una data futura: la data più lontana è oggi, {today}"
REFUND_BEFORE_START = "La data del rimborso non può precedere la decorrenza della polizza"


def _it(day: date) -> str:
    return f"{day:%d/%m/%Y}"


async def editable_policy(session: AsyncSession, principal: Principal, policy_id: str) -> m.Policy:
    """The policy, locked, when ``principal`` may change it."""
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    stmt = select(m.Policy).where(m.Policy.id == policy_id, in_agent_tree(principal, m.Policy))
    policy = (await session.execute(stmt.with_for_update())).scalar_one_or_none()
    if policy is None:
        raise NotFound(POLICY_NOT_FOUND)
    return policy


async def _checked(session: AsyncSession, policy: m.Policy, day: date) -> tuple[date, date]:
    """The policy's period, refusing a cancelled policy, a day outside it and one change too
    many."""
    if policy.cancelled_on is not None:
        raise ClientError(CANCELLED.format(day=_it(policy.cancelled_on)))
    start, end = policy.start_date, policy.end_date
    if start is None or end is None or end <= start:
        raise ClientError(NO_PERIOD)
    if not start <= day < end:
        raise ClientError(OUTSIDE.format(start=_it(start), end=_it(end)))
    count = select(func.count(m.PolicyChange.id)).where(m.PolicyChange.policy_id == policy.id)
    made = int((await session.execute(count)).scalar_one())
    if made >= MAX_CHANGES:
        raise ClientError(TOO_MANY.format(n=made))
    return start, end


def _change(policy: m.Policy, principal: Principal, kind: str, subtype: str, day: date,
            description: str, details: dict[str, Any], parts: Parts) -> m.PolicyChange:  # fmt: skip
    return m.PolicyChange(
        tenant_id=policy.tenant_id, policy_id=policy.id, kind=kind, subtype=subtype,
        effective_on=day, description=description, details=details, total=parts.total,
        net=parts.net, tax=parts.tax, commission=parts.commission, agent_total=parts.agent,
        parent_total=parts.parent, referrer_total=parts.referrer, created_by=principal.id,
        agent_id=policy.agent_id, parent_agent_id=policy.parent_agent_id,
        client_id=policy.client_id,
    )  # fmt: skip


def _receipt(policy: m.Policy, change: m.PolicyChange, kind: str, parts: Parts) -> m.Instalment:
    number = max((r.number for r in policy.instalments), default=0) + 1
    return m.Instalment(
        tenant_id=policy.tenant_id, policy_id=policy.id, number=number,
        cassa_date=change.effective_on, total=parts.total, net=parts.net, tax=parts.tax,
        commission=parts.commission, agent_total=parts.agent, parent_total=parts.parent,
        referrer_total=parts.referrer, paid=False,
        info={RECEIPT_KIND: kind, "change": change.id},
    )  # fmt: skip


def annual_premium(policy: m.Policy, changes: list[m.PolicyChange]) -> Decimal:
    """The yearly gross in force: the last endorsement's, else the policy's."""
    for change in sorted(changes, key=lambda c: (c.created_at, c.id), reverse=True):
        after = (change.details or {}).get("annualAfter")
        if change.kind == APPENDICE and after is not None:
            return Decimal(str(after))
    return policy.premium


async def changes_of(session: AsyncSession, policy_id: str) -> list[m.PolicyChange]:
    stmt = select(m.PolicyChange).where(m.PolicyChange.policy_id == policy_id)
    stmt = stmt.order_by(m.PolicyChange.effective_on, m.PolicyChange.created_at)
    return list((await session.execute(stmt.limit(MAX_CHANGES + 1))).scalars())


def endorsement_parts(policy: m.Policy, gross: Decimal) -> Parts:
    """``gross`` split into net and taxes at the policy's rates, with its commission parts."""
    net, tax = split_gross(gross, policy.taxes or [])
    stored = rates_of(policy.rates or {})
    if stored is not None:
        found = commission_parts(net, *stored)
    else:
        whole = Parts(policy.net_premium, ZERO, policy.commission, policy.agent_total,
                      policy.parent_total, policy.referrer_total)  # fmt: skip
        found = scaled(whole, net)
    return Parts(net, tax, found.commission, found.agent, found.parent, found.referrer)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A change made (or previewed) and the policy after it."""

    change: m.PolicyChange
    receipt: m.Instalment | None
    policy: m.Policy
    saved: bool


async def endorse(session: AsyncSession, principal: Principal, body: EndorsementBody) -> Outcome:
    policy = await editable_policy(session, principal, body.policyId)
    start, end = await _checked(session, policy, body.effectiveOn)
    before = annual_premium(policy, await changes_of(session, policy.id))
    difference = body.annualDifference
    if difference is None:
        difference = ZERO if body.annualPremium is None else body.annualPremium - before
    if before + difference < 0:
        raise ClientError("Il nuovo premio annuo non può essere negativo")
    days, period = days_after(body.effectiveOn, start, end), (end - start).days
    gross = prorate(difference, days, period)
    parts = endorsement_parts(policy, gross)
    details = {
        **body.details.model_dump(exclude_defaults=True), "annualBefore": str(before),
        "annualAfter": str(before + difference), "annualDifference": str(difference),
        "days": days, "period": period,
    }  # fmt: skip
    change = _change(policy, principal, APPENDICE, body.subtype, body.effectiveOn,
                     body.description, details, parts)  # fmt: skip
    if body.preview:
        return Outcome(change, None, policy, saved=False)
    session.add(change)
    await session.flush()
    receipt = None
    if parts.total != 0:
        receipt = _receipt(policy, change, APPENDICE, parts)
        policy.instalments.append(receipt)
        await session.flush()
        change.instalment_id = receipt.id
    follow_instalments(policy)  # a receipt still to collect leaves the policy unpaid
    policy.updated_at = utcnow()  # the policy's event carries its instalments
    await session.flush()
    return Outcome(change, receipt, policy, saved=True)


def _refund_at(body: CancellationBody, start: date) -> datetime:
    today = today_in_rome()
    day = body.refundedOn or today
    if day < max(start, MIN_DATE):
        raise ClientError(REFUND_BEFORE_START)
    if day > today:
        raise ClientError(REFUND_IN_FUTURE.format(today=_it(today)))
    return datetime.combine(day, time(12), tzinfo=UTC)


async def cancel(session: AsyncSession, principal: Principal, body: CancellationBody) -> Outcome:
    policy = await editable_policy(session, principal, body.policyId)
    start, _end = await _checked(session, policy, body.cancelledOn)
    found = receipts(policy)
    taken = taken_back(found, body.cancelledOn)
    given = Parts()
    for item in taken:
        given = given.plus(item.parts)
    details = {
        "refund": [{"id": t.receipt.id, "n": t.receipt.number, "days": t.days,
                    "period": t.period, **t.parts.wire()} for t in taken],
        "setAside": [row.number for row in to_set_aside(found, body.cancelledOn)],
    }  # fmt: skip
    change = _change(policy, principal, ANNULLAMENTO, body.reason, body.cancelledOn,
                     body.description, details, given.negated())  # fmt: skip
    if body.preview:
        return Outcome(change, None, policy, saved=False)
    paid_at = _refund_at(body, start)
    receipt, method = None, None
    if given.net != 0:
        await ensure_open(session, rome_day(paid_at))
        method = await checked_method(session, body.method or policy.payment_method)
    session.add(change)
    await session.flush()
    for row in to_set_aside(found, body.cancelledOn):
        row.info = {**(row.info or {}), SET_ASIDE: True, CANCELLED_BY: change.id}
    if given.net != 0:
        receipt = _receipt(policy, change, REFUND, given.negated())
        receipt.paid, receipt.paid_at, receipt.paid_method = True, paid_at, method
        policy.instalments.append(receipt)
        await session.flush()
        change.instalment_id = receipt.id
    policy.cancelled_on, policy.cancel_reason = body.cancelledOn, body.reason
    follow_instalments(policy)  # what was set aside is no longer owed
    policy.updated_at = utcnow()
    await session.flush()
    await settle(session, policy, by=principal.id)
    return Outcome(change, receipt, policy, saved=True)
