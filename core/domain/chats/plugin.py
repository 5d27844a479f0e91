"""Chats, registered through the same hooks plugins use."""

from __future__ import annotations

from collections.abc import Mapping

from core.domain.chats.rooms import send_chat_message
from core.extensions import CallHandler
from core.hookspecs import hookimpl


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {"sendChatMessage": send_chat_message}
