"""What the ``chat`` stream and the chat calls send: rooms and messages."""

from __future__ import annotations

from typing import Any

from core.db import models as m
from core.domain.quotes.serialize import iso


def chat_payload(chat: m.Chat) -> dict[str, Any]:
    """A room for the room list: who it is about, and its newest message (a preview)."""
    last = None
    if chat.last_message_id:
        last = {
            "_id": chat.last_message_id, "senderId": chat.last_sender_id,
            "at": iso(chat.last_message_at), "text": chat.last_text or "",
        }  # fmt: skip
    return {
        "_id": chat.id, "room": chat.room, "quoteId": chat.quote_id, "claimId": chat.claim_id,
        "userId": chat.user_id,
        "aId": chat.agent_id, "agId": chat.parent_agent_id, "at": iso(chat.created_at),
        "lastMessageAt": iso(chat.last_message_at), "last": last,
    }  # fmt: skip


def message_payload(message: m.ChatMessage) -> dict[str, Any]:
    return {
        "_id": message.id, "chatId": message.chat_id, "senderId": message.sender_id,
        "at": iso(message.at), "text": message.text, "attachments": message.attachments or [],
    }  # fmt: skip


def attachment_payload(document: m.Document) -> dict[str, Any]:
    """A file as a message carries it (the download link is its uri, checked on download)."""
    return {
        "_id": document.id, "name": document.name, "uri": document.uri,
        "fileType": document.file_type, "thumb": document.thumb, "size": document.size,
    }  # fmt: skip
