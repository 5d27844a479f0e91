"""``sendChatMessage``: opening a support chat or a quote's chat, and who may."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.testing import CallFailed, Live, user_ids
from tests.realtime.quote_records import pick_quote

TENANT = "assicurapp"


async def _chats(live: Live, tenant: str = TENANT) -> dict[str, list[str]]:
    """Room → the texts of its messages."""
    with tenant_scope(tenant):
        async with live.runtime.db.session() as session:
            chats = (await session.execute(select(m.Chat))).scalars().all()
            messages = (await session.execute(select(m.ChatMessage))).scalars().all()
    return {c.room: [msg.text for msg in messages if msg.chat_id == c.id] for c in chats}


async def test_a_user_opens_their_support_chat_once(live: Live) -> None:
    ids = await user_ids(live.runtime, TENANT)
    agent = await live.logged_in(TENANT, "agente")
    room = f"/support/{ids['agente']}"
    first = await agent.invoke("sendChatMessage", {"roomId": room})
    again = await agent.invoke("sendChatMessage", {"roomId": room, "text": "Buongiorno"})
    assert first == again == {"chatId": first["chatId"], "roomId": room}
    assert (await _chats(live))[room] == ["Buongiorno"]
    with pytest.raises(CallFailed, match="Puoi aprire solo la tua chat di assistenza"):
        await agent.invoke("sendChatMessage", {"roomId": f"/support/{ids['subagente']}"})
    admin = await live.logged_in(TENANT, "admin")
    assert (await admin.invoke("sendChatMessage", {"roomId": room}))["chatId"] == first["chatId"]


async def test_a_quotes_chat_is_for_those_who_see_the_quote(live: Live) -> None:
    before = await _chats(live)
    quote = await pick_quote(
        live.runtime, TENANT, "agente", lambda q: f"preventivi/{q.id}" not in before
    )
    room = f"preventivi/{quote.id}"
    agent = await live.logged_in(TENANT, "agente")
    assert (await agent.invoke("sendChatMessage", {"roomId": room}))["roomId"] == room
    sub = await live.logged_in(TENANT, "subagente")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await sub.invoke("sendChatMessage", {"roomId": room})
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await agent.invoke("sendChatMessage", {"roomId": f"noleggio-auto/{quote.id}"})
    foreign = await live.logged_in("rcadealer", "admin")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await foreign.invoke("sendChatMessage", {"roomId": room})
    assert set(await _chats(live)) - set(before) == {room}


@pytest.mark.parametrize(
    "payload", [None, {"roomId": ""}, {"roomId": "x"}, {"roomId": "a/b/c"}, {"roomId": 5},
                {"roomId": "/support/x", "colore": 1}],
)  # fmt: skip
async def test_bad_rooms_are_refused(live: Live, payload: object) -> None:
    before = await _chats(live)
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match=r"^(Messaggio non valido|Chat non valida): "):
        await agent.invoke("sendChatMessage", payload)
    assert await _chats(live) == before
