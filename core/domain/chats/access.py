"""Who may read, write and count a chat room: one rule for HTTP, calls and the ``chat`` stream.

* a support room (``/support/{userId}``): that user and the admins;
* a quote's room (``{product}/{quoteId}``): whoever sees the quote, by the quotes' agent-tree
  rule (the room carries the quote's agent and parent agent, kept in step with it);
* a claim's room (``sinistri/{claimId}``): whoever sees the claim, by the same rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sqlalchemy import ColumnElement, and_, false, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.quotes.queries import in_agent_tree
from core.errors import NotFound

CHAT_NOT_FOUND = "Chat non trovata"


def may_subscribe(principal: Principal) -> bool:
    """Every user with a role: employees too, for their own support room."""
    return perm.has_role(principal)


def chat_visible(principal: Principal, chat: Mapping[str, Any]) -> bool:
    """Whether ``principal`` may see a room (keys ``userId``, or ``aId`` and ``agId``; a
    quote room's earlier scope, as tombstones and moves carry it, has only the latter)."""
    if chat.get("userId"):
        return principal.is_admin or chat["userId"] == principal.id
    return perm.sees_work(principal) and perm.record_visible(principal, chat)


def visible_chats(principal: Principal) -> ColumnElement[bool]:
    """:func:`chat_visible` in SQL."""
    support: ColumnElement[bool] = m.Chat.user_id.is_not(None)
    if not principal.is_admin:
        support = m.Chat.user_id == principal.id
    quote_rooms: ColumnElement[bool] = false()
    if perm.sees_work(principal):
        of_a_record = or_(m.Chat.quote_id.is_not(None), m.Chat.claim_id.is_not(None))
        quote_rooms = and_(of_a_record, in_agent_tree(principal, m.Chat))  # type: ignore[arg-type]
    return or_(support, quote_rooms)


async def visible_chat(session: AsyncSession, principal: Principal, chat_id: str) -> m.Chat:
    """The room ``chat_id`` if ``principal`` may see it; 404 otherwise (another user's room
    is not told apart from a missing one)."""
    found = await session.execute(
        select(m.Chat).where(m.Chat.id == chat_id, visible_chats(principal))
    )
    chat = found.scalar_one_or_none()
    if chat is None:
        raise NotFound(CHAT_NOT_FOUND)
    return chat
