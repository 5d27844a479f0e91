"""Chats: rooms, messages and who has seen what."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from core.db.base import Base, HasId, TenantOwned, Timestamped
from core.db.types import JSONType, utcnow


class Chat(Base, HasId, TenantOwned, Timestamped):
    __tablename__ = "chats"
    __table_args__ = (UniqueConstraint("tenant_id", "room"),)

    room: Mapped[str] = mapped_column(String(200))
    """``/support/{userId}`` or ``{product}/{quoteId}`` (SPEC §7 sendChatMessage)."""
    quote_id: Mapped[str | None] = mapped_column(
        ForeignKey("quotes.id", ondelete="CASCADE"), index=True
    )
    claim_id: Mapped[str | None] = mapped_column(
        ForeignKey("claims.id", ondelete="CASCADE"), index=True
    )
    """A claim's room (``sinistri/{claimId}``): seen like the claim, by its agent tree."""
    user_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="CASCADE"), index=True
    )
    """The user a support chat belongs to."""
    agent_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    """A quote room's agent and parent agent: the quote's, kept in step with it, so the room
    is seen by whoever sees the quote (the agent-tree rule of the quotes)."""
    parent_agent_id: Mapped[str | None] = mapped_column(
        ForeignKey("users.id", ondelete="SET NULL"), index=True
    )
    last_message_at: Mapped[datetime | None] = mapped_column(index=True)
    last_message_id: Mapped[str | None] = mapped_column(String(32))
    last_sender_id: Mapped[str | None] = mapped_column(String(32))
    last_text: Mapped[str | None] = mapped_column(String(300))
    """The newest message's first 300 characters, for the room list."""


class ChatMessage(Base, HasId, TenantOwned):
    __tablename__ = "chat_messages"
    __table_args__ = (Index("ix_chat_messages_chat_at", "chat_id", "at"),)

    chat_id: Mapped[str] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"))
    sender_id: Mapped[str | None] = mapped_column(ForeignKey("users.id", ondelete="SET NULL"))
    at: Mapped[datetime] = mapped_column(default=utcnow)
    text: Mapped[str] = mapped_column(Text, default="")
    attachments: Mapped[list[dict[str, Any]]] = mapped_column(JSONType, default=list)


class ChatLastSeen(Base, HasId, TenantOwned):
    __tablename__ = "chat_last_seen"
    __table_args__ = (UniqueConstraint("chat_id", "user_id"),)

    chat_id: Mapped[str] = mapped_column(ForeignKey("chats.id", ondelete="CASCADE"), index=True)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id", ondelete="CASCADE"), index=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
