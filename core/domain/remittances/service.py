"""Issuing a remittance for a company and period, and recording its payment.

* The figures are those of :mod:`core.domain.remittances.figures`, frozen on the remittance
  when it is issued; a period that overlaps an issued remittance of the same company is
  refused (a premium is remitted once), as is a period not yet over or without collections.
* The payment (day, method, reference) is an outgoing payment of the cash sheet: a day the
  cash sheet has closed takes none (:func:`core.domain.commissions.cash.ensure_open`); cash is
  refused from the general limit of art. 49 c. 1 and 3-bis D.Lgs. 231/2007 on.

Only admins, the cash sheet's users, see and handle remittances.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.context import current_tenant_id
from core.db import models as m
from core.db.locks import get_for_update, serialize
from core.domain.commissions.cash import ensure_open
from core.domain.policies.payment_rules import CASH, GENERAL_CASH_LIMIT, checked_method_in
from core.domain.remittances.figures import checked_company, checked_period, period_totals
from core.errors import ClientError, Conflict, Forbidden, NotFound
from core.i18n import today_in_rome
from core.money import euro_text
from core.validation import parse

ADMINS_ONLY = "Solo gli amministratori gestiscono le rimesse alle compagnie"
NOT_FOUND = "Rimessa non trovata"
OVERLAP = (
    "Il periodo si sovrappone alla rimessa a {company} dal {start:%d/%m/%Y} al {end:%d/%m/%Y}: "
    "un premio si rimette una volta sola"
)
NOT_OVER = "Il periodo non è ancora finito: la rimessa si emette per giorni già trascorsi"
NOTHING = "Nessun incasso di {company} nel periodo: non c'è nulla da rimettere"
ALREADY_PAID = "La rimessa è già pagata"
FUTURE_PAYMENT = "La data del pagamento non può essere futura"
EARLY_PAYMENT = "La data del pagamento non può precedere l'inizio del periodo"
CASH_LIMIT = (
    "Una rimessa di {amount} non si paga in contanti: il limite dell'art. 49 "
    "D.Lgs. 231/2007 è sotto {limit}"
)
MAX_LIST = 500


def require_admin(principal: Principal) -> None:
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)


class IssueBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True, str_strip_whitespace=True)
    company: str = Field(min_length=1, max_length=100)
    start: date = Field(alias="from")
    end: date = Field(alias="to")


class PayBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    paidOn: date  # noqa: N815 (wire names)
    method: str = Field(min_length=1, max_length=50)
    reference: str = Field(default="", max_length=200)


async def visible(session: AsyncSession, principal: Principal, remittance_id: str) -> m.Remittance:
    require_admin(principal)
    found = await session.get(m.Remittance, remittance_id) if len(remittance_id) <= 32 else None
    if found is None:
        raise NotFound(NOT_FOUND)
    return found


async def listing(
    session: AsyncSession, principal: Principal, company: str | None = None
) -> list[m.Remittance]:
    """The newest :data:`MAX_LIST` remittances, of ``company`` when given."""
    require_admin(principal)
    stmt = select(m.Remittance)
    if company:
        stmt = stmt.where(m.Remittance.company == company)
    stmt = stmt.order_by(m.Remittance.period_from.desc(), m.Remittance.created_at.desc())
    return list((await session.execute(stmt.limit(MAX_LIST))).scalars())


async def issue(session: AsyncSession, principal: Principal, data: Any) -> m.Remittance:
    require_admin(principal)
    body = parse(IssueBody, data)
    company = checked_company(body.company)
    first, last = checked_period(body.start, body.end)
    if last >= today_in_rome():
        raise ClientError(NOT_OVER)
    # two issues for one company never interleave: the second sees the first
    await serialize(session, f"rimesse:{current_tenant_id()}:{company}")
    overlap = select(m.Remittance).where(
        m.Remittance.company == company, m.Remittance.period_from <= last,
        m.Remittance.period_to >= first,
    )  # fmt: skip
    other = (await session.execute(overlap.limit(1))).scalars().first()
    if other is not None:
        raise Conflict(OVERLAP.format(company=company, start=other.period_from,
                                      end=other.period_to))  # fmt: skip
    totals = await period_totals(session, company, first, last)
    if totals.rows == 0:
        raise ClientError(NOTHING.format(company=company))
    remittance = m.Remittance(
        company=company, period_from=first, period_to=last, rows=totals.rows,
        gross=totals.gross, commission=totals.commission, amount=totals.amount,
        status="da_pagare", created_by=principal.id,
    )  # fmt: skip
    session.add(remittance)
    await session.flush()
    return remittance


async def pay(
    session: AsyncSession, principal: Principal, remittance_id: str, data: Any
) -> m.Remittance:
    require_admin(principal)
    body = parse(PayBody, data)
    await visible(session, principal, remittance_id)
    remittance = await get_for_update(session, m.Remittance, remittance_id)
    if remittance is None:
        raise NotFound(NOT_FOUND)
    if remittance.status == "pagata":
        raise Conflict(ALREADY_PAID)
    if body.paidOn > today_in_rome():
        raise ClientError(FUTURE_PAYMENT)
    if body.paidOn < remittance.period_from:
        raise ClientError(EARLY_PAYMENT)
    method = checked_method_in(None, body.method)
    if method == CASH and abs(remittance.amount) >= GENERAL_CASH_LIMIT:
        raise ClientError(CASH_LIMIT.format(amount=euro_text(remittance.amount),
                                            limit=euro_text(GENERAL_CASH_LIMIT)))  # fmt: skip
    await ensure_open(session, body.paidOn)
    remittance.status, remittance.paid_on = "pagata", body.paidOn
    remittance.method, remittance.reference = method, body.reference or None
    await session.flush()
    return remittance
