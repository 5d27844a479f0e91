"""``sendChatMessage`` (SPEC §7): open a chat room, and post a message when there is one.

``{roomId, text?, attachments?}`` → ``{chatId, roomId}``. Rooms are ``/support/{userId}`` (a
user's chat with the platform: the user and admins), ``{product}/{quoteId}`` (a quote's
chat: whoever sees the quote; ``product`` is the quote's line, or ``preventivi`` for a plain
quote) or ``sinistri/{claimId}`` (a claim's: whoever sees the claim). A room is created the
first time it is asked for; asking again changes nothing. A message moves the room's newest
message and marks the room seen by its sender.
``attachments`` are ids of files the sender uploaded to the room (``POST /uploadDocs`` with
``chatId``) and not yet sent.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.db.once import insert_once
from core.db.types import utcnow
from core.domain.chats.messages import mark_seen
from core.domain.chats.serialize import attachment_payload
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import CallContext, Host
from core.messages import CLAIM_NOT_FOUND, LINE_NOT_AVAILABLE, QUOTE_NOT_FOUND, USER_NOT_FOUND
from core.push.sender import Push
from core.realtime.guard import logged_in
from core.validation import parse

SUPPORT_PREFIX = "/support/"
CLAIM_PREFIX = "sinistri/"
PLAIN_QUOTES = "preventivi"
INVALID = "Messaggio non valido"
BAD_ROOM = "Chat non valida: {room}"
NOT_YOUR_SUPPORT = "Puoi aprire solo la tua chat di assistenza"
PREVIEW = 300
"""Characters of the newest message the room list shows."""


MAX_ATTACHMENTS = 20
BAD_ATTACHMENT = "Allegato non trovato: caricalo di nuovo"
FileId = Annotated[str, Field(min_length=1, max_length=32)]


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    roomId: str = Field(min_length=3, max_length=200)  # noqa: N815 (wire name)
    text: str | None = Field(default=None, max_length=10_000)
    attachments: list[FileId] = Field(default_factory=list, max_length=MAX_ATTACHMENTS)


async def _attachments(
    session: AsyncSession, principal: Principal, chat: m.Chat, ids: list[str]
) -> list[dict[str, Any]]:
    """The files ``ids`` as a message carries them: each uploaded by the sender to this room
    and not yet in one of its messages; anything else refuses the message."""
    if not ids:
        return []
    wanted = list(dict.fromkeys(ids))
    stmt = select(m.Document).where(
        m.Document.id.in_(wanted), m.Document.owner_kind == "chat",
        m.Document.owner_id == chat.id, m.Document.uploaded_by == principal.id,
        m.Document.doc_type == "chat",
    )  # fmt: skip
    found = {d.id: d for d in (await session.execute(stmt)).scalars()}
    if len(found) != len(wanted):
        raise ClientError(BAD_ATTACHMENT)
    for document in found.values():
        document.doc_type = "chat-sent"  # a file joins one message only
    return [attachment_payload(found[i]) for i in wanted]


def _preview(text: str, attachments: list[dict[str, Any]]) -> str:
    """The room list's and the push's text: the message, else the files' names."""
    return text or ", ".join(f"📎 {a['name']}" for a in attachments)


async def _support_room(
    session: AsyncSession, principal: Principal, user_id: str
) -> dict[str, Any]:
    if user_id != principal.id and not principal.is_admin:
        raise Forbidden(NOT_YOUR_SUPPORT)
    if await session.get(m.User, user_id) is None:
        raise NotFound(USER_NOT_FOUND)
    return {"user_id": user_id}


async def _quote_room(
    session: AsyncSession, runtime: Host, principal: Principal, room: str
) -> dict[str, Any]:
    line, _, quote_id = room.partition("/")
    if not quote_id or "/" in quote_id:
        raise ClientError(BAD_ROOM.format(room=room[:60]))
    found = await session.execute(
        select(m.Quote).where(m.Quote.id == quote_id, in_agent_tree(principal, m.Quote))
    )
    quote = found.scalar_one_or_none()
    if quote is None or (quote.type or PLAIN_QUOTES) != line:
        raise NotFound(QUOTE_NOT_FOUND)
    if not await runtime.lines.is_on(session, principal.tenant_id, quote.type):
        raise NotFound(LINE_NOT_AVAILABLE)
    return {
        "quote_id": quote.id,
        "agent_id": quote.agent_id,
        "parent_agent_id": quote.parent_agent_id,
    }


async def _claim_room(session: AsyncSession, principal: Principal, claim_id: str) -> dict[str, Any]:
    if not perm.sees_work(principal):
        raise NotFound(CLAIM_NOT_FOUND)
    found = await session.execute(
        select(m.Claim).where(m.Claim.id == claim_id, in_agent_tree(principal, m.Claim))
    )
    claim = found.scalar_one_or_none()
    if claim is None:
        raise NotFound(CLAIM_NOT_FOUND)
    return {
        "claim_id": claim.id, "agent_id": claim.agent_id,
        "parent_agent_id": claim.parent_agent_id,
    }  # fmt: skip


async def send_chat_message(ctx: CallContext, data: Any) -> dict[str, str]:
    principal = logged_in(ctx)
    body = parse(ChatBody, data, INVALID)
    room = body.roomId
    if room.startswith(SUPPORT_PREFIX):
        owner = await _support_room(ctx.session, principal, room.removeprefix(SUPPORT_PREFIX))
    elif room.startswith(CLAIM_PREFIX):
        owner = await _claim_room(ctx.session, principal, room.removeprefix(CLAIM_PREFIX))
    else:
        owner = await _quote_room(ctx.session, ctx.host, principal, room)
    chat = await _room(ctx.session, room, owner)
    files = await _attachments(ctx.session, principal, chat, body.attachments)
    text = body.text or ""
    if text or files:
        now = utcnow()
        message = m.ChatMessage(
            chat_id=chat.id, sender_id=principal.id, at=now, text=text, attachments=files
        )
        ctx.session.add(message)
        await ctx.session.flush()
        preview = _preview(text, files)
        chat.last_message_at, chat.last_message_id = now, message.id
        chat.last_sender_id, chat.last_text = principal.id, preview[:PREVIEW]
        await mark_seen(ctx.session, principal, chat)  # one's own message is never unread
        author = await ctx.session.get(m.User, principal.id)
        ctx.host.push.send(Push(
            principal.tenant_id, (), author.name if author and author.name else "Nuovo messaggio",
            preview, f"/chat/{chat.id}", tag=f"chat-{chat.id}", chat=(chat.id, message.id),
        ))  # fmt: skip
    return {"chatId": chat.id, "roomId": room}


async def _room(session: AsyncSession, room: str, owner: dict[str, Any]) -> m.Chat:
    """The room, created the first time it is asked for; two first requests at once get the
    same room (the unique room name decides, the loser reads the winner's). Locked until the
    message is stored: messages sent together leave the room's last message the newest."""
    stmt = for_update(select(m.Chat).where(m.Chat.room == room))
    chat = (await session.execute(stmt)).scalar_one_or_none()
    if chat is None:
        chat = m.Chat(room=room, **owner)
        if not await insert_once(session, chat):
            chat = (await session.execute(stmt)).scalar_one()
    return chat
