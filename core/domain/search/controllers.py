"""``GET /api/cerca``: the top bar's search over HTTP, the twin of the socket call ``cerca``."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import get
from litestar.params import QueryParameter

from core.domain.search.queries import (
    MAX_LIMIT,
    may_search,
    search,
    search_limit,
    search_text,
    worked_lines,
)
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.i18n import today_in_rome

MAX_RAW = 500
"""What the query string may carry before trimming; the search itself takes 2 to 100."""


@get("/api/cerca", summary="Clients, quotes, policies and claims matching a text", tags=["search"])
async def search_all(
    principal: PrincipalDep,
    db_session: SessionDep,
    runtime: RuntimeDep,
    tenant: TenantDep,
    q: Annotated[str, QueryParameter(max_length=MAX_RAW)] = "",
    limit: Annotated[int | None, QueryParameter(ge=1, le=MAX_LIMIT)] = None,
) -> dict[str, Any]:
    """One group per list the user may open (clienti, preventivi, polizze, sinistri), a few
    results each, by the lists' own visibility rules; the quotes of the product lines the
    user works with the plain ones."""
    require(may_search, principal)
    text = search_text(q)
    lines = await worked_lines(db_session, runtime.lines, tenant, principal)
    limit_ = search_limit(limit)
    today = today_in_rome()
    return await search(db_session, principal, text, limit_, today, lines, runtime.read_session)
