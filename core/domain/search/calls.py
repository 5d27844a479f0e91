"""The socket call ``cerca``: the top bar's search, the same answer as ``GET /api/cerca``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from core.domain.search.queries import may_search, search, search_limit, search_text, worked_lines
from core.errors import ClientError
from core.extensions import CallContext
from core.guards import require
from core.i18n import today_in_rome
from core.messages import INVALID_DATA
from core.realtime.guard import logged_in


async def cerca(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{q, limit?}`` → ``{q, groups: [{kind, results}]}``."""
    principal = logged_in(ctx)
    require(may_search, principal)
    if not isinstance(data, Mapping):
        raise ClientError(INVALID_DATA)
    text = search_text(data.get("q"))
    limit = search_limit(data.get("limit"))
    lines = await worked_lines(ctx.session, ctx.host.lines, ctx.tenant, principal)
    return await search(
        ctx.session, principal, text, limit, today_in_rome(), lines, ctx.host.read_session
    )
