"""Reading quotes a principal may see: the agent-tree rule of :mod:`core.permissions` as SQL."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, Select, false, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m


def visible_quotes_query(principal: Principal, *, line: str | None = None) -> Select[m.Quote]:
    """Quotes whose ``aId``/``agId`` the principal's :func:`perm.agent_scope` covers."""
    scope = perm.agent_scope(principal)
    stmt = select(m.Quote)
    if line is not None:
        stmt = stmt.where(m.Quote.type == line)
    if scope.all:
        return stmt
    conditions: list[ColumnElement[bool]] = []
    if scope.agent_ids:
        conditions.append(m.Quote.agent_id.in_(scope.agent_ids))
    if scope.parent_agent_id:
        conditions.append(m.Quote.parent_agent_id == scope.parent_agent_id)
    return stmt.where(or_(*conditions) if conditions else false())


async def visible_quotes(
    session: AsyncSession, principal: Principal, *, line: str | None = None, limit: int = 1000
) -> Sequence[m.Quote]:
    stmt = visible_quotes_query(principal, line=line).order_by(m.Quote.at.desc()).limit(limit)
    return (await session.execute(stmt)).scalars().all()
