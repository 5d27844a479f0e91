"""Chats, registered through the same hooks plugins use: the ``chat`` stream (rooms, synced
and resynced by watermark), the calls and their HTTP twins, the menu entry and the models."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler
from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.domain.chats import follow as _follow  # noqa: F401 (rooms follow their quote)
from core.domain.chats.access import chat_visible, may_subscribe, visible_chats
from core.domain.chats.controllers import ChatController
from core.domain.chats.messages import chat_messages_call, chat_seen_call, chat_unread_call
from core.domain.chats.rooms import send_chat_message
from core.domain.chats.serialize import chat_payload
from core.extensions import CallHandler, MenuEntry, Publication
from core.hookspecs import hookimpl
from core.sync_loaders import rows_loader

CHATS = Publication(
    "chat", may_subscribe, chat_visible, m.Chat, "c", chat_payload,
    sync=rows_loader(m.Chat, chat_payload, visible_chats),
)  # fmt: skip


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [CHATS]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "sendChatMessage": send_chat_message,
        "chatMessages": chat_messages_call,
        "chatSeen": chat_seen_call,
        "chatUnread": chat_unread_call,
    }


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [ChatController]


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Chat, m.ChatMessage, m.ChatLastSeen]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("chat", "/chat", "menu:chat", "messages", 50, perm.sees_work, chip="chat")]
