"""Reading records a principal may see: the agent-tree rule of :mod:`core.permissions` as SQL."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import ColumnElement, Select, false, or_, select, true
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.base import InAgentTree
from core.db.locks import for_update
from core.errors import NotFound
from core.messages import QUOTE_NOT_FOUND


def in_agent_tree(principal: Principal, model: type[InAgentTree]) -> ColumnElement[bool]:
    """Rows of ``model`` whose ``aId``/``agId`` the principal's :func:`perm.agent_scope` covers."""
    scope = perm.agent_scope(principal)
    if scope.all:
        return true()
    conditions: list[ColumnElement[bool]] = []
    if scope.agent_ids:
        conditions.append(model.agent_id.in_(scope.agent_ids))
    if scope.parent_agent_id:
        conditions.append(model.parent_agent_id == scope.parent_agent_id)
    return or_(*conditions) if conditions else false()


def visible_quotes_query(principal: Principal, *, line: str | None = None) -> Select[m.Quote]:
    """Quotes the principal may see, optionally of one product line."""
    stmt = select(m.Quote).where(in_agent_tree(principal, m.Quote))
    return stmt if line is None else stmt.where(m.Quote.type == line)


async def visible_quotes(
    session: AsyncSession, principal: Principal, *, line: str | None = None, limit: int = 1000
) -> Sequence[m.Quote]:
    """The quotes the principal may see (optionally of one line), newest first."""

    stmt = visible_quotes_query(principal, line=line).order_by(m.Quote.at.desc()).limit(limit)
    return (await session.execute(stmt)).scalars().all()


async def line_quote(
    session: AsyncSession, principal: Principal, line: str, quote_id: str, *, lock: bool = False
) -> m.Quote:
    """A quote of ``line`` in the principal's agent tree, or :class:`NotFound` ('Preventivo
    non trovato'); with ``lock``, its row held until the transaction ends (it is about to
    change)."""
    stmt = visible_quotes_query(principal, line=line).where(m.Quote.id == quote_id)
    found = await session.execute(for_update(stmt, m.Quote) if lock else stmt)
    quote = found.scalar_one_or_none()
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    return quote
