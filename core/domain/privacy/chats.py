"""A client's chats in the privacy rights: the rooms of the client's quotes and claims with
their messages, for the export (as the chat screens show them: the rooms' agent-tree rule,
:func:`core.domain.chats.access.visible_chats`) and for the erasure (texts anonymised unless
the record the room belongs to is kept)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import ColumnElement, false, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.domain.chats.access import visible_chats
from core.domain.quotes.serialize import iso

REMOVED_AUTHOR = "Utente non più presente"
ATTACHMENT_FIELDS = ("name", "fileType", "size")


def _of_records(quote_ids: Collection[str], claim_ids: Collection[str]) -> ColumnElement[bool]:
    """The rooms of the quotes ``quote_ids`` and of the claims ``claim_ids``."""
    rooms: list[ColumnElement[bool]] = []
    if quote_ids:
        rooms.append(m.Chat.quote_id.in_(list(quote_ids)))
    if claim_ids:
        rooms.append(m.Chat.claim_id.in_(list(claim_ids)))
    return or_(*rooms) if rooms else false()


async def record_chats(
    session: AsyncSession, quote_ids: Collection[str], claim_ids: Collection[str]
) -> list[m.Chat]:
    """Every room of the records (for the erasure, which sees the whole tenant)."""
    stmt = select(m.Chat).where(_of_records(quote_ids, claim_ids)).order_by(m.Chat.created_at)
    return list((await session.execute(stmt)).scalars().all())


async def messages_of(session: AsyncSession, chat_ids: Collection[str]) -> list[m.ChatMessage]:
    if not chat_ids:
        return []
    stmt = (
        select(m.ChatMessage)
        .where(m.ChatMessage.chat_id.in_(list(chat_ids)))
        .order_by(m.ChatMessage.at, m.ChatMessage.id)
    )
    return list((await session.execute(stmt)).scalars().all())


def _about(chat: m.Chat) -> dict[str, str | None]:
    if chat.claim_id:
        return {"kind": "sinistro", "id": chat.claim_id}
    return {"kind": "preventivo", "id": chat.quote_id}


def _attachment(attachment: dict[str, Any]) -> dict[str, Any]:
    """A file a message carried, described (the export holds no chat file)."""
    return {key: attachment.get(key) for key in ATTACHMENT_FIELDS}


async def _names(session: AsyncSession, ids: set[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = await session.execute(select(m.User.id, m.User.name).where(m.User.id.in_(ids)))
    return {row.id: row.name or "" for row in rows}


async def exported_chats(
    session: AsyncSession,
    principal: Principal,
    quote_ids: Collection[str],
    claim_ids: Collection[str],
) -> list[dict[str, Any]]:
    """The rooms of the given records that ``principal`` may see, oldest first, each with its
    messages (author's name, time, text, the files described)."""
    stmt = (
        select(m.Chat)
        .where(_of_records(quote_ids, claim_ids), visible_chats(principal))
        .order_by(m.Chat.created_at, m.Chat.id)
    )
    chats = list((await session.execute(stmt)).scalars().all())
    messages = await messages_of(session, [c.id for c in chats])
    names = await _names(session, {msg.sender_id for msg in messages if msg.sender_id})
    by_chat: dict[str, list[dict[str, Any]]] = {c.id: [] for c in chats}
    for message in messages:
        by_chat[message.chat_id].append({
            "at": iso(message.at),
            "author": names.get(message.sender_id or "") or REMOVED_AUTHOR,
            "text": message.text,
            "attachments": [_attachment(a) for a in message.attachments or []],
        })  # fmt: skip
    return [
        {"_id": c.id, "room": c.room, "about": _about(c), "at": iso(c.created_at),
         "messages": by_chat[c.id]}
        for c in chats
    ]  # fmt: skip


def anonymise(chat: m.Chat, messages: Collection[m.ChatMessage], redacted: str) -> None:
    """The room's texts replaced by ``redacted`` and its messages' file descriptions dropped
    (the files themselves go with the room's documents); what is already so stays untouched."""
    for message in messages:
        if message.text and message.text != redacted:
            message.text = redacted
        if message.attachments:
            message.attachments = []
    if chat.last_text and chat.last_text != redacted:
        chat.last_text = redacted
