"""The quote fields a client may change with ``saveData``, by field and role.

A status change is allowed only to a status whose canSelectedBy admits the user's role
(SPEC §4); every change is audited and published like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.statuses import can_select_status, tenant_statuses
from core.errors import Forbidden, NotFound
from core.extensions import CallContext
from core.lines import stored_settings
from core.messages import LINE_NOT_AVAILABLE, QUOTE_NOT_FOUND
from core.validation import StrictBool, strict

NOT_ALLOWED = "Non puoi modificare il campo {field}"


class QuoteChanges(BaseModel):
    """The quote fields a client may set, with their types."""

    model_config = ConfigDict(extra="forbid")
    status: str | None = Field(default=None, min_length=1, max_length=100)
    archived: StrictBool | None = None
    docStatus: int | None = Field(default=None, ge=-1, le=1)  # noqa: N815 (wire name)


# field → (model attribute, who may set it)
QUOTE_FIELDS: dict[str, tuple[str, Callable[[Principal], bool]]] = {
    "status": ("status", lambda p: True),  # the status itself is checked by canSelectedBy
    "archived": ("archived", perm.can_edit),
    "docStatus": ("doc_status", perm.can_edit),
}


async def save_quote(
    ctx: CallContext, principal: Principal, quote_id: str, fields: Mapping[str, Any]
) -> int:
    """Apply ``fields`` to the quote; how many records changed (0 or 1)."""
    changes = strict(QuoteChanges, fields).model_dump(exclude_unset=True)
    for field in changes:
        if not QUOTE_FIELDS[field][1](principal):
            raise Forbidden(NOT_ALLOWED.format(field=field))
    statuses = tenant_statuses(ctx.host, await stored_settings(ctx.session))
    if "status" in changes and not can_select_status(principal, statuses, changes["status"]):
        raise Forbidden(f"Non puoi impostare lo stato {changes['status']!r}")
    stmt = select(m.Quote).where(m.Quote.id == quote_id, in_agent_tree(principal, m.Quote))
    quote = (await ctx.session.execute(for_update(stmt, m.Quote))).scalar_one_or_none()
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    if not await ctx.host.lines.is_on(ctx.session, quote.tenant_id, quote.type):
        raise NotFound(LINE_NOT_AVAILABLE)
    modified = 0
    for field, value in changes.items():
        attribute = QUOTE_FIELDS[field][0]
        if getattr(quote, attribute) != value:
            setattr(quote, attribute, value)
            modified = 1
    return modified
