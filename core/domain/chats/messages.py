"""A room's messages, what a user has seen, and their unread counts.

* ``chatMessages {chatId, before?, afterId?, limit?}``: a page of messages, oldest first —
  the newest ones, those before a moment (older pages), or those after a message (what
  arrived since the last one shown);
* ``chatSeen {chatId}``: the user has seen the room up to now; their other devices hear it on
  ``priv/{userId}`` and clear that room's count;
* ``chatUnread``: per room, the messages of others the user has not seen.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import and_, func, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.db.once import insert_once
from core.db.types import utcnow
from core.domain.chats.access import visible_chat, visible_chats
from core.domain.chats.serialize import message_payload
from core.domain.quotes.serialize import iso
from core.extensions import AppEvents, CallContext
from core.messages import BAD_REQUEST as INVALID
from core.realtime.guard import logged_in
from core.validation import parse

MAX_PAGE = 100


class PageBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chatId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    before: datetime | None = None
    afterId: str | None = Field(default=None, min_length=1, max_length=32)  # noqa: N815
    limit: int = Field(default=50, ge=1, le=MAX_PAGE)


class SeenBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    chatId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)


async def message_page(
    session: AsyncSession, principal: Principal, body: PageBody
) -> dict[str, Any]:
    chat = await visible_chat(session, principal, body.chatId)
    stmt = select(m.ChatMessage).where(m.ChatMessage.chat_id == chat.id)
    newest_first = True
    if body.afterId:
        anchor = await session.get(m.ChatMessage, body.afterId)
        if anchor is not None and anchor.chat_id == chat.id:
            stmt = stmt.where(
                or_(m.ChatMessage.at > anchor.at,
                    and_(m.ChatMessage.at == anchor.at, m.ChatMessage.id > anchor.id))
            )  # fmt: skip
            newest_first = False
    elif body.before is not None:
        stmt = stmt.where(m.ChatMessage.at < body.before)
    order = (m.ChatMessage.at, m.ChatMessage.id)
    stmt = stmt.order_by(*(c.desc() for c in order) if newest_first else order)
    rows = list((await session.execute(stmt.limit(body.limit + 1))).scalars())
    more = len(rows) > body.limit
    rows = rows[: body.limit]
    if newest_first:
        rows.reverse()
    return {"chatId": chat.id, "messages": [message_payload(r) for r in rows], "more": more}


async def mark_seen(session: AsyncSession, principal: Principal, chat: m.Chat) -> datetime:
    """Record that ``principal`` has seen ``chat`` up to now (once per user and room, even
    when two devices say so at once)."""
    now = utcnow()
    stmt = for_update(
        select(m.ChatLastSeen).where(
            m.ChatLastSeen.chat_id == chat.id, m.ChatLastSeen.user_id == principal.id
        )
    )  # locked: a later "seen" is never written over by an earlier one
    seen = (await session.execute(stmt)).scalar_one_or_none()
    if seen is None:
        if await insert_once(
            session, m.ChatLastSeen(chat_id=chat.id, user_id=principal.id, at=now)
        ):
            return now
        seen = (await session.execute(stmt)).scalar_one()
    seen.at = max(seen.at, now)
    await session.flush()
    return seen.at


async def unread_counts(session: AsyncSession, principal: Principal) -> dict[str, int]:
    """Room id → messages of others after the user last saw the room (rooms with none left
    out). The last-seen table joins by alias with its tenant in the ON clause: the entity
    would get the tenant filter in WHERE and lose the rooms never seen."""
    seen = m.ChatLastSeen.__table__.alias("seen")
    message = m.ChatMessage
    stmt = (
        select(message.chat_id, func.count())
        .join(m.Chat, m.Chat.id == message.chat_id)
        .outerjoin(seen, (seen.c.chat_id == message.chat_id) & (seen.c.user_id == principal.id)
                   & (seen.c.tenant_id == message.tenant_id))
        .where(visible_chats(principal),
               or_(message.sender_id.is_(None), message.sender_id != principal.id),
               or_(seen.c.at.is_(None), message.at > seen.c.at))
        .group_by(message.chat_id)
    )  # fmt: skip
    return {chat_id: count for chat_id, count in await session.execute(stmt)}


async def chat_messages_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    return await message_page(ctx.session, principal, parse(PageBody, data or {}, INVALID))


async def see_room(
    session: AsyncSession, hub: AppEvents, principal: Principal, chat_id: str
) -> dict[str, Any]:
    """``chatSeen`` and its HTTP twin: mark the room seen and tell the user's other devices."""
    chat = await visible_chat(session, principal, chat_id)
    at = await mark_seen(session, principal, chat)
    seen = {"chatSeen": {"chatId": chat.id, "at": iso(at)}}
    await hub.publish_private(principal.tenant_id, principal.id, seen)
    return {"chatId": chat.id, "at": iso(at), "unread": 0}


async def chat_seen_call(ctx: CallContext, data: Any) -> dict[str, Any]:
    body = parse(SeenBody, data or {}, INVALID)
    return await see_room(ctx.session, ctx.host.hub, logged_in(ctx), body.chatId)


async def chat_unread_call(ctx: CallContext, _data: Any) -> dict[str, int]:
    return await unread_counts(ctx.session, logged_in(ctx))
