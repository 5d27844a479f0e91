"""The resync contract: ``getDbData`` with a watermark brings a client back to the database.

Applying a resync's batches to what a client held (``null`` removes) must give exactly what
a fresh full sync gives: nothing missed, nothing left behind.
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.models.documents import Document
from core.testing import STREAMS, CallFailed, Live, sentinel, sync, user_ids
from tests.realtime.records import quotes_of

Collections = dict[str, dict[str, Any]]


def applied(held: Collections, delta: Collections) -> Collections:
    """What a client holds after merging a resync (``None`` deletes)."""
    result = {name: dict(items) for name, items in held.items()}
    for name, items in delta.items():
        target = result.setdefault(name, {})
        for key, item in items.items():
            if item is None:
                target.pop(key, None)
            else:
                target[key] = item
    return result


async def test_a_resync_with_nothing_changed_is_empty(live: Live) -> None:
    agent = await live.logged_in("assicurapp", "agente")
    first, _ = await sync(agent)
    assert first["full"] is True
    assert first["wm"] > 0

    again, delta = await sync(agent, wm=first["wm"])

    assert again["full"] is False
    assert again["tot"] == 3
    assert again["wm"] >= first["wm"]
    assert delta == {"preventivi": {}, "polizze": {}, "usr": {}}


async def test_a_resync_brings_changes_deletions_and_moves_and_nothing_else(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    agent = await live.logged_in("assicurapp", "agente")
    first, held = await sync(agent)
    changed, deleted, moved = (await quotes_of(live.runtime, "assicurapp", ids["agente"]))[:3]
    elsewhere = await quotes_of(live.runtime, "assicurapp", ids["segnalatore"])

    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            rows = {q.id: q for q in (await session.execute(select(m.Quote))).scalars()}
            rows[changed.id].renew = not rows[changed.id].renew
            await session.delete(rows[deleted.id])
            rows[moved.id].agent_id, rows[moved.id].parent_agent_id = ids["segnalatore"], None
            for quote in elsewhere:
                quote_row = rows[quote.id]
                quote_row.renew = not quote_row.renew
            created = m.Quote(agent_id=ids["agente"], status="Preventivato")
            session.add(created)

    answer, delta = await sync(agent, wm=first["wm"])

    assert answer["full"] is False
    assert delta["preventivi"].keys() == {changed.id, deleted.id, moved.id, created.id}
    assert delta["preventivi"][changed.id]["renew"] is not changed.renew
    assert delta["preventivi"][deleted.id] is None
    assert delta["preventivi"][moved.id] is None
    _, fresh = await sync(await live.logged_in("assicurapp", "agente"))
    assert applied(held, delta) == fresh


async def test_a_move_inside_the_view_is_an_update_not_a_removal(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    admin = await live.logged_in("assicurapp", "admin")
    first, _ = await sync(admin)
    moved = (await quotes_of(live.runtime, "assicurapp", ids["agente"]))[0]
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            row = await session.get(m.Quote, moved.id)
            assert row is not None
            row.agent_id = ids["subagente"]

    _, delta = await sync(admin, wm=first["wm"])

    assert delta["preventivi"][moved.id]["aId"] == ids["subagente"]


async def test_live_events_follow_a_move_out_of_view(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    quote = (await quotes_of(live.runtime, "assicurapp", ids["agente"]))[0]
    agent = await live.logged_in("assicurapp", "agente")
    referrer_tree = await live.logged_in("assicurapp", "admin")
    for client in (agent, referrer_tree):
        await client.subscribe("preventivi")

    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            row = await session.get(m.Quote, quote.id)
            assert row is not None
            row.agent_id, row.parent_agent_id = ids["segnalatore"], None

    lost = await agent.published("preventivi")
    assert lost == {"operationType": "delete", "p": {"_id": quote.id}}
    seen = await referrer_tree.published("preventivi")
    assert (seen["operationType"], seen["p"]["aId"]) == ("update", ids["segnalatore"])
    await sentinel(live, referrer_tree, "assicurapp")  # one event, not two


async def test_a_watermark_older_than_the_tombstones_gets_a_full_sync(live: Live) -> None:
    agent = await live.logged_in("assicurapp", "agente")
    answer, data = await sync(agent, wm=0)
    assert answer["full"] is True
    assert data["preventivi"]
    assert None not in data["preventivi"].values()


@pytest.mark.parametrize("wm", ["ieri", -1, True, 1.5, [1]])
async def test_a_bad_watermark_is_refused(live: Live, wm: Any) -> None:
    agent = await live.logged_in("assicurapp", "agente")
    with pytest.raises(CallFailed, match="wm deve essere un intero"):
        await agent.invoke("getDbData", {**STREAMS, "wm": wm})


async def test_lazy_document_look_ups_follow_the_record_rules(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    own = (await quotes_of(live.runtime, "assicurapp", ids["agente"]))[0]
    foreign_quotes = await quotes_of(live.runtime, "assicurapp", ids["segnalatore"])
    foreign = foreign_quotes[0] if foreign_quotes else None
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            if foreign is None:
                foreign = m.Quote(agent_id=ids["segnalatore"])
                session.add(foreign)
                await session.flush()
            docs = {
                name: Document(
                    owner_kind=kind,
                    owner_id=owner,
                    name=name,
                    uri=f"/upload/t/{name}",
                    storage_key=f"t/{name}",
                )
                for name, kind, owner in (
                    ("mine.pdf", "preventivo", own.id),
                    ("theirs.pdf", "preventivo", foreign.id),
                    ("area.pdf", "area", None),
                    ("boss.pdf", "utente", ids["admin"]),
                )
            }
            session.add_all(docs.values())
    agent = await live.logged_in("assicurapp", "agente")
    await agent.subscribe("dbData")

    await agent.invoke("getDbData", {"docs": [d.id for d in docs.values()]})

    batch = await agent.published("dbData")
    assert {d["name"] for d in batch["docs"].values()} == {"mine.pdf", "area.pdf"}
