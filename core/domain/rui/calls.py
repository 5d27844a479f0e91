"""The socket call of the RUI area: ``ruiFormazione`` (the HTTP twins are in
:mod:`core.domain.rui.controllers`)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.domain.rui.views import MAX_YEAR, MIN_YEAR, overview, user_detail
from core.extensions import CallContext
from core.i18n import today_in_rome
from core.realtime.guard import logged_in
from core.validation import parse


class ReadBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    userId: str | None = Field(default=None, min_length=1, max_length=32)  # noqa: N815
    year: int | None = Field(default=None, ge=MIN_YEAR, le=MAX_YEAR)


async def rui_formazione(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{userId?, year?}`` → ``{rows}`` (the list) or ``{user}`` (one collaborator)."""
    principal = logged_in(ctx)
    body = parse(ReadBody, data if data is not None else {})
    today = today_in_rome()
    year = body.year or today.year
    if body.userId is None:
        return {"rows": await overview(ctx.session, principal, year, today)}
    return {"user": await user_detail(ctx.session, principal, body.userId, year, today)}
