"""Chats over the socket: who reads, writes and counts a room (support rooms: the user and
admins; a quote's room: whoever sees the quote), the ``chat`` stream, unread counts across a
user's devices, the seen mark on ``priv/{userId}``, and a room first asked for twice at once."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import delete, select

from core.context import tenant_scope
from core.db import models as m
from core.testing import CallFailed, Live, ScClient, sentinel, sync, user_ids
from tests.realtime.records import quotes_of

TENANT = "assicurapp"


async def _room_of_agent_quote(live: Live) -> str:
    ids = await user_ids(live.runtime, TENANT)
    quote = (await quotes_of(live.runtime, TENANT, ids["agente"]))[0]
    return f"preventivi/{quote.id}"


async def _write(client: ScClient, room: str, text: str) -> str:
    answer = await client.invoke("sendChatMessage", {"roomId": room, "text": text})
    return str(answer["chatId"])


async def test_a_support_room_is_the_users_and_the_admins(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    chat_id = await _write(agent, f"/support/{ids['agente']}", "Buongiorno, ho un dubbio")
    admin = await live.logged_in(TENANT, "admin")
    page = await admin.invoke("chatMessages", {"chatId": chat_id})
    assert [msg["text"] for msg in page["messages"]][-1] == "Buongiorno, ho un dubbio"
    for who in ("subagente", "responsabile", "dipendente", "segnalatore"):
        other = await live.logged_in(TENANT, who)
        for call, body in (
            ("chatMessages", {"chatId": chat_id}),
            ("chatSeen", {"chatId": chat_id}),
        ):
            with pytest.raises(CallFailed, match="Chat non trovata"):
                await other.invoke(call, body)
        with pytest.raises(CallFailed, match="solo la tua chat"):
            await other.invoke("sendChatMessage", {"roomId": f"/support/{ids['agente']}",
                                                   "text": "Intruso"})  # fmt: skip
        assert chat_id not in await other.invoke("chatUnread")
    elsewhere = await live.logged_in("rcadealer", "admin")
    with pytest.raises(CallFailed, match="Chat non trovata"):
        await elsewhere.invoke("chatMessages", {"chatId": chat_id})


async def test_a_quote_room_is_for_whoever_sees_the_quote(live: Live) -> None:
    room = await _room_of_agent_quote(live)
    agent = await live.logged_in(TENANT, "agente")
    chat_id = await _write(agent, room, "Il cliente chiede la Kasko")
    for who in ("admin", "responsabile", "segnalatore"):
        reader = await live.logged_in(TENANT, who)
        page = await reader.invoke("chatMessages", {"chatId": chat_id})
        assert page["messages"][-1]["text"] == "Il cliente chiede la Kasko"
    for who in ("subagente", "dipendente"):
        other = await live.logged_in(TENANT, who)
        with pytest.raises(CallFailed, match="Chat non trovata"):
            await other.invoke("chatMessages", {"chatId": chat_id})
        with pytest.raises(CallFailed, match=r"^Preventivo non trovato$"):
            await other.invoke("sendChatMessage", {"roomId": room, "text": "Intruso"})


async def test_the_chat_stream_reaches_only_those_who_see_the_room(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    admin = await live.logged_in(TENANT, "admin")
    sub = await live.logged_in(TENANT, "subagente")
    employee = await live.logged_in(TENANT, "dipendente")
    for client in (admin, sub, employee):
        await client.subscribe("chat")
    agent = await live.logged_in(TENANT, "agente")
    chat_id = await _write(agent, f"/support/{ids['agente']}", "Serve aiuto con un'emissione")
    event = await admin.published("chat")
    assert event["c"]["_id"] == chat_id
    assert event["c"]["last"]["text"] == "Serve aiuto con un'emissione"
    assert event["c"]["last"]["senderId"] == ids["agente"]
    for client in (sub, employee):
        await sentinel(live, client, TENANT, "chat")


async def test_unread_counts_follow_every_device_and_the_seen_mark(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    room = f"/support/{ids['agente']}"
    agent = await live.logged_in(TENANT, "agente")
    chat_id = await _write(agent, room, "Prima domanda")
    await _write(agent, room, "Seconda domanda")
    assert chat_id not in await agent.invoke("chatUnread")  # one's own messages
    desk, phone = await live.logged_in(TENANT, "admin"), await live.logged_in(TENANT, "admin")
    assert (await desk.invoke("chatUnread"))[chat_id] >= 2
    await phone.subscribe(f"priv/{ids['admin']}")
    seen = await desk.invoke("chatSeen", {"chatId": chat_id})
    assert seen["unread"] == 0
    heard = await phone.published(f"priv/{ids['admin']}")
    assert heard["chatSeen"]["chatId"] == chat_id
    assert chat_id not in await phone.invoke("chatUnread")
    await _write(desk, room, "Risposta dell'amministrazione")
    assert (await agent.invoke("chatUnread"))[chat_id] == 1
    assert chat_id not in await phone.invoke("chatUnread")  # the admins' own reply
    reconnected = await live.logged_in(TENANT, "agente")
    assert (await reconnected.invoke("chatUnread"))[chat_id] == 1


async def test_pages_of_a_room_go_back_and_forward_without_gaps(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    room = f"/support/{ids['agente']}"
    texts = [f"Messaggio {n}" for n in range(7)]
    for text in texts:
        chat_id = await _write(agent, room, text)
    newest = await agent.invoke("chatMessages", {"chatId": chat_id, "limit": 3})
    assert [msg["text"] for msg in newest["messages"]] == texts[-3:]
    assert newest["more"] is True
    older = await agent.invoke("chatMessages", {"chatId": chat_id, "limit": 3,
                                                "before": newest["messages"][0]["at"]})  # fmt: skip
    assert [msg["text"] for msg in older["messages"]] == texts[-6:-3]
    anchor = older["messages"][0]["_id"]
    after = await agent.invoke("chatMessages", {"chatId": chat_id, "afterId": anchor})
    assert [msg["text"] for msg in after["messages"]] == texts[-5:]
    for bad in (
        {"chatId": chat_id, "limit": 0}, {"chatId": chat_id, "limit": 101},
        {"chatId": chat_id, "before": "ieri"}, {"chatId": ""}, {"chatId": chat_id, "x": 1},
    ):  # fmt: skip
        with pytest.raises(CallFailed, match="Richiesta non valida"):
            await agent.invoke("chatMessages", bad)


async def test_a_new_room_asked_for_twice_at_once_is_one_room(live: Live) -> None:
    room = await _room_of_agent_quote(live)
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            await session.execute(delete(m.Chat).where(m.Chat.room == room))  # not opened yet
    first, second = await live.logged_in(TENANT, "agente"), await live.logged_in(TENANT, "admin")
    answers = await asyncio.gather(
        first.invoke("sendChatMessage", {"roomId": room}),
        second.invoke("sendChatMessage", {"roomId": room, "text": "Apro io"}),
    )
    assert answers[0]["chatId"] == answers[1]["chatId"]


async def test_a_room_moves_with_its_reassigned_quote(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    room = await _room_of_agent_quote(live)
    agent = await live.logged_in(TENANT, "agente")
    chat_id = await _write(agent, room, "Prima del passaggio")
    await agent.subscribe("chat")
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            quote = await session.get(m.Quote, room.partition("/")[2])
            assert quote is not None
            quote.agent_id, quote.parent_agent_id = ids["admin"], None
    gone = await agent.published("chat")
    assert gone == {"operationType": "delete", "c": {"_id": chat_id}}
    with pytest.raises(CallFailed, match="Chat non trovata"):
        await agent.invoke("chatMessages", {"chatId": chat_id})


async def test_the_rooms_sync_by_the_same_rule(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    support = await _write(agent, f"/support/{ids['agente']}", "Ciao")
    _, mine = await sync(agent, chat=[])
    assert support in mine["chat"]
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            quote_rooms = select(m.Chat.id).where(m.Chat.agent_id == ids["agente"])
            seeded = set((await session.execute(quote_rooms)).scalars())
    assert seeded
    assert seeded <= set(mine["chat"])  # the demo's quote room too
    sub = await live.logged_in(TENANT, "subagente")
    _, theirs = await sync(sub, chat=[])
    assert support not in theirs.get("chat", {})
    admin = await live.logged_in(TENANT, "admin")
    _, all_rooms = await sync(admin, chat=[])
    assert support in all_rooms["chat"]
