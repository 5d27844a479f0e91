"""``GET /api/preventivi`` and ``GET /api/preventivi/{id}``: quotes over HTTP for API clients,
by the agent-tree rule the socket applies; a product line's only where it is on and to users
who may work it."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import get
from litestar.params import FromPath, QueryParameter
from sqlalchemy import select

from core import permissions as perm
from core.db import models as m
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.serialize import quote_payload
from core.errors import NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep
from core.messages import LINE_NOT_AVAILABLE, QUOTE_NOT_FOUND

MAX_LIMIT = 1000
NOT_FOUND = QUOTE_NOT_FOUND


@get("/api/preventivi", summary="Quotes the user may see, newest first", tags=["quotes"])
async def quotes_list(
    principal: PrincipalDep,
    db_session: SessionDep,
    runtime: RuntimeDep,
    line: Annotated[str | None, QueryParameter(name="type", max_length=64)] = None,
    limit: Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)] = 200,
) -> list[dict[str, Any]]:
    """Plain quotes (no ``type``), or a product line's with ``?type={line}``."""
    require(perm.sees_work, principal)
    if not await runtime.lines.works(db_session, principal, line):
        raise NotFound(LINE_NOT_AVAILABLE)
    stmt = select(m.Quote).where(in_agent_tree(principal, m.Quote))
    stmt = stmt.where(m.Quote.type.is_(None) if line is None else m.Quote.type == line)
    quotes = (await db_session.execute(stmt.order_by(m.Quote.at.desc()).limit(limit))).scalars()
    return [quote_payload(quote) for quote in quotes]


@get("/api/preventivi/{quote_id:str}", summary="One quote", tags=["quotes"])
async def quote_detail(
    quote_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep, runtime: RuntimeDep
) -> dict[str, Any]:
    require(perm.sees_work, principal)
    stmt = select(m.Quote).where(m.Quote.id == quote_id, in_agent_tree(principal, m.Quote))
    quote = (await db_session.execute(stmt)).scalar_one_or_none()
    if quote is None or not await runtime.lines.works(db_session, principal, quote.type):
        raise NotFound(NOT_FOUND)
    return quote_payload(quote)
