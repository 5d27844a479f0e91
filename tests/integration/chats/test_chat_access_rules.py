"""Who sees which chat room, in Python (:func:`chat_visible`, the stream's rule) and in SQL
(:func:`visible_chat`, the HTTP and call reads), on hand-built rooms: a support room is its
user's and the admins'; a quote room follows the quote's agent tree; employees see no quote
room; a user without a role sees nothing."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.context import tenant_scope
from core.db import models as m
from core.domain.chats.access import (
    chat_visible,
    may_subscribe,
    visible_chat,
    visible_chats,
)
from core.errors import NotFound
from core.runtime import Runtime

TENANT = "assicurapp"
AGENT = {"a": {"type": "agente"}}


@dataclass(frozen=True)
class Rooms:
    session: AsyncSession
    people: dict[str, Principal]
    rooms: dict[str, str]


@pytest.fixture
async def rooms(runtime: Runtime) -> AsyncIterator[Rooms]:
    """Rooms: support rooms of the agent and the employee; the top agent's quote, the
    sub-agent's quote (in the top agent's tree) and another agent's quote."""
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            users = {
                "admin": m.User(email="a@prova.it", role={"admin": True}),
                "employee": m.User(email="e@prova.it", role={"e": True}),
                "top": m.User(email="t@prova.it", role=AGENT),
                "other": m.User(email="o@prova.it", role=AGENT),
                "nobody": m.User(email="n@prova.it", role={}),
            }
            session.add_all(users.values())
            await session.flush()
            users["sub"] = m.User(
                email="s@prova.it", role={"a": {"type": "agente", "aId": users["top"].id}}
            )
            session.add(users["sub"])
            await session.flush()
            ids = {k: u.id for k, u in users.items()}
            quotes = {
                "top": m.Quote(agent_id=ids["top"], status="Preventivato"),
                "sub": m.Quote(
                    agent_id=ids["sub"], parent_agent_id=ids["top"], status="Preventivato"
                ),
                "other": m.Quote(agent_id=ids["other"], status="Preventivato"),
            }
            session.add_all(quotes.values())
            await session.flush()
            chats = {
                "support-top": m.Chat(room=f"/support/{ids['top']}", user_id=ids["top"]),
                "support-employee": m.Chat(
                    room=f"/support/{ids['employee']}", user_id=ids["employee"]
                ),
                **{
                    f"quote-{k}": m.Chat(
                        room=f"auto/{q.id}",
                        quote_id=q.id,
                        agent_id=q.agent_id,
                        parent_agent_id=q.parent_agent_id,
                    )
                    for k, q in quotes.items()
                },
            }
            session.add_all(chats.values())
            await session.flush()
            people = {k: Principal(u.id, TENANT, u.role) for k, u in users.items()}
            yield Rooms(session, people, {k: c.id for k, c in chats.items()})


SEES = {
    "admin": {"support-top", "support-employee", "quote-top", "quote-sub", "quote-other"},
    "employee": {"support-employee"},
    "top": {"support-top", "quote-top", "quote-sub"},
    "sub": {"quote-sub"},
    "other": {"quote-other"},
    "nobody": set(),
}
"""Who sees which room, by the rule in the module's docstring."""


@pytest.mark.parametrize("who", list(SEES))
async def test_each_user_reads_the_rooms_the_rule_gives_them(rooms: Rooms, who: str) -> None:
    principal = rooms.people[who]
    stmt = select(m.Chat.id).where(visible_chats(principal))
    listed = set((await rooms.session.execute(stmt)).scalars())
    names = {k for k, chat_id in rooms.rooms.items() if chat_id in listed}
    assert names == SEES[who]
    for name, chat_id in rooms.rooms.items():
        if name in SEES[who]:
            assert (await visible_chat(rooms.session, principal, chat_id)).id == chat_id
        else:
            with pytest.raises(NotFound, match=r"^Chat non trovata$"):
                await visible_chat(rooms.session, principal, chat_id)


@pytest.mark.parametrize("who", list(SEES))
async def test_the_streams_rule_agrees_with_the_reads(rooms: Rooms, who: str) -> None:
    principal = rooms.people[who]
    chats = (await rooms.session.execute(select(m.Chat))).scalars()
    by_id = {c.id: c for c in chats}
    seen = set()
    for name, chat_id in rooms.rooms.items():
        chat = by_id[chat_id]
        record = {"userId": chat.user_id} if chat.user_id else {
            "aId": chat.agent_id, "agId": chat.parent_agent_id
        }  # fmt: skip
        if chat_visible(principal, record):
            seen.add(name)
    assert seen == SEES[who]


def test_a_moved_quote_rooms_earlier_scope_is_read_without_a_user() -> None:
    agent = Principal("ag1", TENANT, AGENT)
    assert chat_visible(agent, {"userId": None, "aId": "ag1", "agId": None})
    assert not chat_visible(agent, {"userId": "", "aId": "ag2", "agId": None})
    assert chat_visible(agent, {"userId": "ag1"})
    assert not chat_visible(agent, {"userId": "ag2", "aId": "ag1"})


def test_every_role_may_subscribe_to_the_chat_stream() -> None:
    assert may_subscribe(Principal("e1", TENANT, {"e": True}))
    assert may_subscribe(Principal("a1", TENANT, AGENT))
    assert not may_subscribe(Principal("n1", TENANT, {}))


async def test_an_unknown_room_is_not_found(rooms: Rooms) -> None:
    with pytest.raises(NotFound, match=r"^Chat non trovata$"):
        await visible_chat(rooms.session, rooms.people["admin"], "no-such-room")
