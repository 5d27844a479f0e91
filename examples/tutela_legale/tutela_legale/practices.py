"""The practices: their wire shape, who sees which, the stream and the call that writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import ColumnElement

from tutela_legale._core import (
    CallContext,
    NotFound,
    Principal,
    Publication,
    in_agent_tree,
    logged_in,
    parse,
    perm,
    rows_loader,
)
from tutela_legale.models import Practice

LINE = "tutela-legale"
CHANNEL = f"{LINE}/pratiche"
SAVE = "tutelaLegale.salvaPratica"
INVALID = "Dati della pratica non validi"
NOT_FOUND = "Pratica non trovata"
STATUSES = ("Aperta", "In corso", "Chiusa")


def practice_payload(practice: Any) -> dict[str, Any]:
    """What the stream, the call and the routes send (an instance or a plain row)."""
    return {
        "_id": practice.id,
        "aId": practice.agent_id,
        "agId": practice.parent_agent_id,
        "title": practice.title,
        "client": practice.client,
        "status": practice.status,
        "at": practice.created_at.isoformat(),
    }


def visible(principal: Principal) -> ColumnElement[bool]:
    """The agent-tree rule in SQL: the loader and the routes read through it."""
    return in_agent_tree(principal, Practice)


def hears_of(principal: Principal, practice: Mapping[str, Any]) -> bool:
    """The same rule for live events: who receives a change."""
    return perm.record_visible(principal, practice)


class PracticeBody(BaseModel):
    """``tutelaLegale.salvaPratica``: a new practice (no ``_id``) or the changes to one."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, str_strip_whitespace=True)
    id: str | None = Field(default=None, alias="_id", min_length=1, max_length=32)
    title: str = Field(min_length=1, max_length=200)
    client: str = Field(min_length=1, max_length=200)
    status: str = Field(default=STATUSES[0], pattern="^(" + "|".join(STATUSES) + ")$")


async def save_practice(ctx: CallContext, data: Any) -> dict[str, Any]:
    """Create a practice for the caller, or change one they may see → its payload."""
    principal = logged_in(ctx)
    body = parse(PracticeBody, data, INVALID)
    if body.id is None:
        practice = Practice(agent_id=principal.id, parent_agent_id=principal.parent_agent_id)
        ctx.session.add(practice)
    else:
        found = await ctx.session.get(Practice, body.id)
        if found is None or not hears_of(principal, practice_payload(found)):
            raise NotFound(NOT_FOUND)
        practice = found
    practice.title, practice.client, practice.status = body.title, body.client, body.status
    await ctx.session.flush()
    return practice_payload(practice)


PUBLICATION = Publication(
    CHANNEL, perm.sees_work, hears_of, Practice, "p", practice_payload, product=LINE,
    sync=rows_loader(Practice, practice_payload, visible),
)  # fmt: skip
"""The stream: live events to whom each practice concerns, and ``getDbData``'s sync."""
