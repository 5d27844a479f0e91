"""The chat's HTTP twins: the rooms a user sees, a room's messages, the seen mark and the
unread counts, by the same rule as the socket calls and the ``chat`` stream."""

from __future__ import annotations

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import call

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _support_room(runtime: Runtime, owner: str, text: str) -> str:
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            chat = m.Chat(room=f"/support/{ids[owner]}", user_id=ids[owner])
            session.add(chat)
            await session.flush()
            session.add(m.ChatMessage(chat_id=chat.id, sender_id=ids[owner], text=text))
            chat.last_message_id, chat.last_text = "x", text
            return chat.id


async def test_rooms_messages_seen_and_unread(clients: ClientFactory, seeded: Runtime) -> None:
    chat_id = await _support_room(seeded, "agente", "Aiuto, per favore")
    rooms = (await call(clients, seeded, "admin", "GET", "/api/chat")).json()
    assert chat_id in [room["_id"] for room in rooms]
    assert (await call(clients, seeded, "admin", "GET", "/api/chat/unread")).json()[chat_id] == 1
    page = await call(clients, seeded, "admin", "GET", f"/api/chat/{chat_id}/messages?limit=10")
    assert [msg["text"] for msg in page.json()["messages"]] == ["Aiuto, per favore"]
    seen = await call(clients, seeded, "admin", "POST", f"/api/chat/{chat_id}/seen")
    assert seen.status_code == 201
    assert chat_id not in (await call(clients, seeded, "admin", "GET", "/api/chat/unread")).json()


@pytest.mark.parametrize("who", ["subagente", "responsabile", "dipendente", "segnalatore"])
async def test_another_users_support_room_is_not_found(
    clients: ClientFactory, seeded: Runtime, who: str
) -> None:
    chat_id = await _support_room(seeded, "agente", "Riservato")
    for method, path in (("GET", f"/api/chat/{chat_id}/messages"),
                         ("POST", f"/api/chat/{chat_id}/seen")):  # fmt: skip
        answer = await call(clients, seeded, who, method, path)
        assert answer.status_code == 404
        assert answer.json()["error"]["message"] == "Chat non trovata"
    rooms = (await call(clients, seeded, who, "GET", "/api/chat")).json()
    assert chat_id not in [room["_id"] for room in rooms]
    assert chat_id not in (await call(clients, seeded, who, "GET", "/api/chat/unread")).json()
    elsewhere = await call(clients, seeded, "admin", "GET", f"/api/chat/{chat_id}/messages",
                           tenant="rcadealer")  # fmt: skip
    assert elsewhere.status_code == 404


@pytest.mark.parametrize(
    "query", ["limit=0", "limit=101", "limit=x", "before=ieri", "afterId=" + "x" * 40]
)
async def test_bad_pages_are_refused(clients: ClientFactory, seeded: Runtime, query: str) -> None:
    chat_id = await _support_room(seeded, "agente", "Ciao")
    answer = await call(clients, seeded, "agente", "GET", f"/api/chat/{chat_id}/messages?{query}")
    assert answer.status_code == 400
