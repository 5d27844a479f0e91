"""getDbData and saveData over the socket, with the role rules of SPEC §4 and §6."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import STREAMS, CallFailed, Live, ScClient, sync, user_ids
from tests.realtime.records import quotes_of


async def _sync(client: ScClient) -> dict[str, dict[str, Any]]:
    return (await sync(client))[1]


async def _ids(runtime: Runtime, tenant: str) -> dict[str, str]:
    return await user_ids(runtime, tenant)


async def _quote(runtime: Runtime, tenant: str, agent_id: str) -> m.Quote:
    return (await quotes_of(runtime, tenant, agent_id))[0]


async def test_initial_sync_holds_exactly_the_users_tree(live: Live) -> None:
    ids = await _ids(live.runtime, "assicurapp")
    agent = await _sync(await live.logged_in("assicurapp", "agente"))
    sub = await _sync(await live.logged_in("assicurapp", "subagente"))
    admin = await _sync(await live.logged_in("assicurapp", "admin"))

    assert set(agent) == {"preventivi", "polizze", "usr"}
    assert {q["aId"] for q in agent["preventivi"].values()} <= {ids["agente"], ids["subagente"]}
    assert {q["aId"] for q in sub["preventivi"].values()} == {ids["subagente"]}
    assert set(sub["preventivi"]) < set(agent["preventivi"]) <= set(admin["preventivi"])
    assert {u["email"] for u in agent["usr"].values()} == {"agente@demo.it", "subagente@demo.it"}


async def test_an_employee_syncs_users_only(live: Live) -> None:
    collections = await _sync(await live.logged_in("assicurapp", "dipendente"))
    assert set(collections) == {"usr"}
    assert len(collections["usr"]) == 6


async def test_sync_needs_a_login(live: Live) -> None:
    client = await live.client()
    await client.handshake()
    with pytest.raises(CallFailed, match="effettua l'accesso"):
        await client.invoke("getDbData", STREAMS)


async def test_a_manager_changes_a_status_and_the_agent_sees_it(live: Live) -> None:
    ids = await _ids(live.runtime, "assicurapp")
    quote = await _quote(live.runtime, "assicurapp", ids["agente"])
    new = (
        "Approvato dalla direzione"
        if quote.status != "Approvato dalla direzione"
        else "Preventivato"
    )
    agent = await live.logged_in("assicurapp", "agente")
    await agent.subscribe("preventivi")
    manager = await live.logged_in("assicurapp", "responsabile")

    answer = await manager.invoke(
        "saveData", {"coll": "preventivi", "_id": quote.id, "upd": {"$set": {"status": new}}}
    )

    assert answer == {"modifiedCount": 1}
    event = await agent.published("preventivi")
    assert (event["operationType"], event["p"]["_id"], event["p"]["status"]) == (
        "update", quote.id, new,
    )  # fmt: skip
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            entry = (
                (
                    await session.execute(
                        select(m.AuditEntry)
                        .where(m.AuditEntry.entity_id == quote.id)
                        .order_by(m.AuditEntry.at.desc())
                    )
                )
                .scalars()
                .first()
            )
    assert entry is not None
    assert entry.actor_id == ids["responsabile"]
    assert entry.changes["status"][1] == new


@pytest.mark.parametrize(
    ("who", "upd", "message"),
    [
        ("agente", {"status": "Preventivato"}, "Non puoi impostare lo stato"),
        ("admin", {"status": "Emissione richiesta"}, "Non puoi impostare lo stato"),
        ("admin", {"status": "Inventato"}, "Non puoi impostare lo stato"),
        ("agente", {"archived": True}, "Non puoi modificare il campo archived"),
        ("admin", {"archived": "si"}, "Dati non validi"),
        ("admin", {"aId": "x"}, "Dati non validi"),
    ],
    ids=["agent-status", "nobody-status", "unknown-status", "agent-archive", "bad-type", "field"],
)
async def test_refused_changes_change_nothing(
    live: Live, who: str, upd: dict[str, Any], message: str
) -> None:
    ids = await _ids(live.runtime, "assicurapp")
    quote = await _quote(live.runtime, "assicurapp", ids["agente"])
    client = await live.logged_in("assicurapp", who)
    with pytest.raises(CallFailed, match=message):
        await client.invoke(
            "saveData", {"coll": "preventivi", "_id": quote.id, "upd": {"$set": upd}}
        )
    after = await _quote(live.runtime, "assicurapp", ids["agente"])
    assert (after.status, after.archived) == (quote.status, quote.archived)


async def test_another_tenants_quote_is_not_found(live: Live) -> None:
    foreign_ids = await _ids(live.runtime, "rcadealer")
    other_tenant = await _quote(live.runtime, "rcadealer", foreign_ids["agente"])
    admin = await live.logged_in("assicurapp", "admin")
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await admin.invoke(
            "saveData",
            {"coll": "preventivi", "_id": other_tenant.id, "upd": {"$set": {"docStatus": 1}}},
        )
    after = await _quote(live.runtime, "rcadealer", foreign_ids["agente"])
    assert after.doc_status == other_tenant.doc_status


async def test_only_whitelisted_collections(live: Live) -> None:
    admin = await live.logged_in("assicurapp", "admin")
    with pytest.raises(CallFailed, match="Collezione non modificabile"):
        await admin.invoke("saveData", {"coll": "users", "_id": "x", "upd": {"$set": {"a": 1}}})
