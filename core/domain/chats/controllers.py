"""HTTP twins of the chat calls: the rooms the user sees, a room's messages, the seen mark
and the unread counts."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from litestar import Controller, get, post
from litestar.params import FromPath, QueryParameter
from sqlalchemy import select

from core.db import models as m
from core.domain.chats.access import visible_chats
from core.domain.chats.messages import MAX_PAGE, PageBody, message_page, see_room, unread_counts
from core.domain.chats.serialize import chat_payload
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep

MAX_ROOMS = 2000


class ChatController(Controller):
    path = "/api/chat"
    tags = ["chat"]

    @get("/", summary="The rooms the user sees, newest activity first")
    async def rooms(self, principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
        stmt = (
            select(m.Chat).where(visible_chats(principal))
            .order_by(m.Chat.last_message_at.desc().nulls_last(), m.Chat.id).limit(MAX_ROOMS)
        )  # fmt: skip
        return [chat_payload(chat) for chat in (await db_session.execute(stmt)).scalars()]

    @get("/unread", summary="Per room, the messages of others the user has not seen")
    async def unread(self, principal: PrincipalDep, db_session: SessionDep) -> dict[str, int]:
        return await unread_counts(db_session, principal)

    @get("/{chat_id:str}/messages", summary="A page of a room's messages, oldest first")
    async def messages(
        self, chat_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
        before: Annotated[datetime | None, QueryParameter()] = None,
        after_id: Annotated[str | None, QueryParameter(name="afterId", max_length=32)] = None,
        limit: Annotated[int, QueryParameter(ge=1, le=MAX_PAGE)] = 50,
    ) -> dict[str, Any]:  # fmt: skip
        body = PageBody(chatId=chat_id[:32], before=before, afterId=after_id, limit=limit)
        return await message_page(db_session, principal, body)

    @post("/{chat_id:str}/seen", summary="The user has seen the room up to now")
    async def seen(
        self, chat_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep,
        runtime: RuntimeDep,
    ) -> dict[str, Any]:  # fmt: skip
        return await see_room(db_session, runtime.hub, principal, chat_id)
