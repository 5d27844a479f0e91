"""Policy reads the list, the chip and the benchmark share, in SQL."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, timedelta

from sqlalchemy import ColumnElement, Select, String, cast, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.like import every_word
from core.domain.quotes.queries import in_agent_tree
from core.permissions import POLICY_ALERT_DAYS


def _expiring(today: date) -> tuple[ColumnElement[bool], ...]:
    return (
        m.Policy.type.is_(None),
        m.Policy.end_date >= today,
        m.Policy.end_date <= today + timedelta(days=POLICY_ALERT_DAYS),
    )


def policies_query(
    principal: Principal,
    *,
    search: str | None = None,
    company: str | None = None,
    expiring: bool = False,
    unpaid: bool = False,
    today: date,
) -> Select[m.Policy]:
    stmt = select(m.Policy).where(in_agent_tree(principal, m.Policy))
    if search and search.strip():
        stmt = stmt.where(every_word(search, m.Policy.number, cast(m.Policy.pr, String)))
    if company:
        stmt = stmt.where(m.Policy.company == company)
    if expiring:
        stmt = stmt.where(*_expiring(today))
    if unpaid:
        stmt = stmt.where(
            exists().where(m.Instalment.policy_id == m.Policy.id, m.Instalment.paid.is_(False))
        )
    return stmt


async def policies_page(
    session: AsyncSession,
    principal: Principal,
    *,
    limit: int,
    today: date,
    search: str | None = None,
    company: str | None = None,
    expiring: bool = False,
    unpaid: bool = False,
) -> Sequence[m.Policy]:
    """The first ``limit`` matching policies, soonest end date first."""
    stmt = policies_query(
        principal, search=search, company=company, expiring=expiring, unpaid=unpaid, today=today
    )
    stmt = stmt.order_by(m.Policy.end_date.asc(), m.Policy.id).limit(limit)
    return (await session.execute(stmt)).scalars().all()


async def alert_count(session: AsyncSession, principal: Principal, today: date) -> int:
    """SPEC §4 policy alerts: not typed, ``endDate`` within 16 days of today."""
    stmt = (
        select(func.count())
        .select_from(m.Policy)
        .where(in_agent_tree(principal, m.Policy), *_expiring(today))
    )
    return int((await session.execute(stmt)).scalar_one())
