"""Chats, registered through the same hooks plugins use."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy.orm import DeclarativeBase

from core import permissions as perm
from core.db import models as m
from core.domain.chats.rooms import send_chat_message
from core.extensions import CallHandler, MenuEntry
from core.hookspecs import hookimpl


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"sendChatMessage": send_chat_message}


@hookimpl
def register_models() -> Sequence[type[DeclarativeBase]]:
    return [m.Chat, m.ChatMessage, m.ChatLastSeen]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [MenuEntry("chat", "/chat", "menu:chat", "messages", 50, perm.sees_work, chip="chat")]
