"""Files in the chat: uploaded to a room by whoever may write in it (``POST /uploadDocs`` with
``chatId``), sent with a message, read back by the room's members and nobody else."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.testing import CallFailed, Live, headers_for, sentinel, user_ids
from tests.realtime.records import quotes_of

TENANT = "assicurapp"
PDF = b"%PDF-1.4\n%chat\n"


async def _http(live: Live, who: str, tenant: str = TENANT) -> httpx.AsyncClient:
    host = live.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
    headers = {**await headers_for(live.runtime, tenant, who), "Host": host}
    return httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}", headers=headers)


async def _upload(live: Live, who: str, chat_id: str, tenant: str = TENANT) -> httpx.Response:
    async with await _http(live, who, tenant) as http:
        files = {"file.0": ("preventivo firmato.pdf", PDF, "application/pdf")}
        return await http.post("/uploadDocs", data={"chatId": chat_id}, files=files)


async def _quote_room(live: Live) -> str:
    ids = await user_ids(live.runtime, TENANT)
    quote = (await quotes_of(live.runtime, TENANT, ids["agente"]))[0]
    return f"preventivi/{quote.id}"


async def _documents(live: Live) -> int:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            count = select(func.count()).select_from(m.Document)
            return int((await session.execute(count)).scalar_one())


async def test_a_file_sent_in_a_quote_room_reaches_its_members_only(live: Live) -> None:
    room = await _quote_room(live)
    agent = await live.logged_in(TENANT, "agente")
    chat_id = (await agent.invoke("sendChatMessage", {"roomId": room}))["chatId"]
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("chat")

    uploaded = await _upload(live, "agente", chat_id)
    assert uploaded.status_code == 200, uploaded.text
    (document,) = uploaded.json()
    sent = {"roomId": room, "text": "Ecco il modulo", "attachments": [document["_id"]]}
    await agent.invoke("sendChatMessage", sent)

    event = await admin.published("chat")  # the room's newest message moved
    assert (event["c"]["_id"], event["c"]["last"]["text"]) == (chat_id, "Ecco il modulo")
    page = await admin.invoke("chatMessages", {"chatId": chat_id, "afterId": "none"})
    (attachment,) = page["messages"][-1]["attachments"]
    assert (attachment["_id"], attachment["name"]) == (document["_id"], "preventivo firmato.pdf")

    download = attachment["uri"].replace("/upload/", "/download/") + "?n=modulo.pdf"
    async with await _http(live, "admin") as http:
        got = await http.get(download)
        assert (got.status_code, got.content) == (200, PDF)
    async with await _http(live, "subagente") as http:  # does not see the agent's quote
        assert (await http.get(download)).status_code == 404
    async with await _http(live, "admin", "rcadealer") as http:
        assert (await http.get(download)).status_code == 404


async def test_a_file_only_text_message_previews_its_name(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    room = f"/support/{ids['agente']}"
    chat_id = (await agent.invoke("sendChatMessage", {"roomId": room}))["chatId"]
    (document,) = (await _upload(live, "agente", chat_id)).json()
    await agent.invoke("sendChatMessage", {"roomId": room, "attachments": [document["_id"]]})
    admin = await live.logged_in(TENANT, "admin")
    (message,) = (await admin.invoke("chatMessages", {"chatId": chat_id, "limit": 1}))["messages"]
    assert message["text"] == ""
    assert (await admin.invoke("chatUnread"))[chat_id] == 1
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            chat = await session.get(m.Chat, chat_id)
            assert chat is not None
            assert chat.last_text == "📎 preventivo firmato.pdf"


@pytest.mark.parametrize("who", ["subagente", "dipendente", "responsabile"])
async def test_nobody_uploads_to_a_room_they_may_not_see(live: Live, who: str) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    support = f"/support/{ids['agente']}"
    chat_id = (await agent.invoke("sendChatMessage", {"roomId": support}))["chatId"]
    before = await _documents(live)
    refused = await _upload(live, who, chat_id)
    assert refused.status_code == 404
    assert refused.json()["error"]["message"] == "Chat non trovata"
    elsewhere = await _upload(live, "admin", chat_id, "rcadealer")
    assert elsewhere.status_code == 404
    assert await _documents(live) == before


async def test_a_message_carries_only_the_senders_unsent_files_of_that_room(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    admin = await live.logged_in(TENANT, "admin")
    support = f"/support/{ids['agente']}"
    chat_id = (await agent.invoke("sendChatMessage", {"roomId": support}))["chatId"]
    quote_room = await _quote_room(live)
    other_id = (await agent.invoke("sendChatMessage", {"roomId": quote_room}))["chatId"]
    (mine,) = (await _upload(live, "agente", chat_id)).json()
    (admins,) = (await _upload(live, "admin", chat_id)).json()
    (elsewhere,) = (await _upload(live, "agente", other_id)).json()

    refusals: list[tuple[Any, dict[str, Any]]] = [
        (admin, {"roomId": support, "attachments": [mine["_id"]]}),  # not the sender's
        (agent, {"roomId": support, "attachments": [admins["_id"]]}),
        (agent, {"roomId": support, "attachments": [elsewhere["_id"]]}),  # another room's
        (agent, {"roomId": support, "attachments": ["nonexistent"]}),
    ]
    for client, body in refusals:
        with pytest.raises(CallFailed, match="Allegato non trovato"):
            await client.invoke("sendChatMessage", body)
    with pytest.raises(CallFailed, match="Messaggio non valido"):
        await agent.invoke("sendChatMessage", {"roomId": support, "attachments": ["x"] * 21})
    assert (await agent.invoke("chatMessages", {"chatId": chat_id}))["messages"] == []

    await agent.invoke("sendChatMessage", {"roomId": support, "attachments": [mine["_id"]]})
    with pytest.raises(CallFailed, match="Allegato non trovato"):  # a file joins one message
        await agent.invoke("sendChatMessage", {"roomId": support, "attachments": [mine["_id"]]})


async def test_the_docs_stream_keeps_a_rooms_files_to_their_uploader(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    support = f"/support/{ids['agente']}"
    chat_id = (await agent.invoke("sendChatMessage", {"roomId": support}))["chatId"]
    manager = await live.logged_in(TENANT, "responsabile")  # edits documents, not in the room
    await manager.subscribe("docs")
    await _upload(live, "agente", chat_id)
    await sentinel(live, manager, TENANT, "docs")
