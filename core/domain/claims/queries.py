"""Claims a user may see, filtered for the list, and the count behind the menu's chip."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, String, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.like import every_word
from core.domain.claims.statuses import CLOSED, OPEN
from core.domain.quotes.queries import in_agent_tree


async def claims_page(
    session: AsyncSession,
    principal: Principal,
    *,
    status: str | None = None,
    waiting: bool = False,
    closed: bool | None = None,
    policy_id: str | None = None,
    search: str | None = None,
    limit: int = 200,
    within: ColumnElement[bool] | None = None,
) -> Sequence[m.Claim]:
    """Newest first. ``waiting``: still ``aperto`` (the office has not taken them up);
    ``closed`` true or false: closed or still open; ``search`` in the customer, the policy's
    number, the company's claim number, the place and the counterparties' plates; ``within``:
    a condition narrowing the rows these are checked on (the search box's,
    :func:`core.db.search_indexes.narrowed`)."""
    where: list[ColumnElement[bool]] = [in_agent_tree(principal, m.Claim)]
    if status is not None:
        where.append(m.Claim.status == status)
    if waiting:
        where.append(m.Claim.status == OPEN)
    if closed is not None:
        in_closed = m.Claim.status.in_(sorted(CLOSED))
        where.append(in_closed if closed else ~in_closed)
    if policy_id is not None:
        where.append(m.Claim.policy_id == policy_id)
    if within is not None:
        where.append(within)
    if search and search.strip():
        columns = (
            m.Claim.customer, m.Claim.policy_number, m.Claim.company_claim_number, m.Claim.place,
            cast(m.Claim.counterparties, String),
        )  # fmt: skip
        where.append(every_word(search, *columns))
    stmt = select(m.Claim).where(*where).order_by(m.Claim.opened_at.desc(), m.Claim.id).limit(limit)
    return list((await session.execute(stmt)).scalars())


async def waiting_count(session: AsyncSession, principal: Principal) -> int:
    """Claims still waiting on the office, among those the user sees."""
    stmt = select(func.count()).where(in_agent_tree(principal, m.Claim), m.Claim.status == OPEN)
    return int((await session.execute(stmt)).scalar_one())
