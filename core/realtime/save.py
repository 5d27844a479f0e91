"""``saveData``: field updates from clients, whitelisted per collection, field and role.

``{coll: "preventivi", _id, upd: {"$set": {status}}}`` → ``{"modifiedCount": n}``. A status
change is allowed only to a status whose canSelectedBy admits the user's role (SPEC §4);
every change is audited and published like any other.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import CallContext
from core.realtime.guard import logged_in
from core.runtime import LINE_NOT_AVAILABLE
from core.validation import StrictBool

NOT_ALLOWED = "Non puoi modificare il campo {field}"


class SetOnly(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    set: dict[str, Any] = Field(alias="$set", min_length=1, max_length=10)


class SaveBody(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    coll: str = Field(max_length=40)
    id: str = Field(alias="_id", min_length=1, max_length=32)
    upd: SetOnly


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


async def save_data(ctx: CallContext, data: Any) -> dict[str, int]:
    principal = logged_in(ctx)
    body = SaveBody.model_validate(data)
    if body.coll != "preventivi":
        raise ClientError(f"Collezione non modificabile: {body.coll[:40]}")
    changes = QuoteChanges.model_validate(body.upd.set).model_dump(exclude_unset=True)
    for field in changes:
        if not QUOTE_FIELDS[field][1](principal):
            raise Forbidden(NOT_ALLOWED.format(field=field))
    if "status" in changes and not perm.can_select_status(
        principal, ctx.runtime.statuses, changes["status"]
    ):
        raise Forbidden(f"Non puoi impostare lo stato {changes['status']!r}")
    quote = (
        await ctx.session.execute(
            select(m.Quote).where(m.Quote.id == body.id, in_agent_tree(principal, m.Quote))
        )
    ).scalar_one_or_none()
    if quote is None:
        raise NotFound("Preventivo non trovato")
    if not await ctx.runtime.line_enabled(ctx.session, quote.tenant_id, quote.type):
        raise NotFound(LINE_NOT_AVAILABLE)
    modified = 0
    for field, value in changes.items():
        attribute = QUOTE_FIELDS[field][0]
        if getattr(quote, attribute) != value:
            setattr(quote, attribute, value)
            modified = 1
    return {"modifiedCount": modified}
