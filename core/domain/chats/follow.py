"""A quote's room follows the quote's agent tree: reassign the quote, and the room moves with
it (its change events and tombstones tell the users who lose it, as for the quote)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, inspect, select
from sqlalchemy.orm import Session

from core.db import models as m
from core.db.tenancy import TenantSession

TREE = ("agent_id", "parent_agent_id")


# first among the flush's listeners, so that the tombstones see the rooms' moves too
@event.listens_for(TenantSession, "before_flush", insert=True)
def _follow_quotes(session: Session, _ctx: Any, _instances: Any) -> None:
    moved = {
        quote.id: quote
        for quote in session.dirty
        if isinstance(quote, m.Quote)
        and any(inspect(quote).attrs[a].history.has_changes() for a in TREE)
    }
    if not moved:
        return
    rooms = session.execute(select(m.Chat).where(m.Chat.quote_id.in_(moved))).scalars()
    for room in rooms:
        quote = moved[room.quote_id or ""]
        room.agent_id, room.parent_agent_id = quote.agent_id, quote.parent_agent_id
