"""The register as the synced stream ``rca/targhe``: the session lists it for whoever reads
the register where the tenant has the line; ``getDbData`` sends what the search call
answers; events reach only the users whose agent tree holds the plate; a watermark resync
brings the changes and a tombstone for a plate retired or moved to another tree."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import CallFailed, Live, ScClient, add_user, sentinel, user_id

TENANT = "rcadealer"
CHANNEL = "rca/targhe"
ROSSI = {"nome": "Mario Rossi", "cf": "RSSMRA80A01H501U"}
NEW = {
    "targa": "BC234DE", "tipo": "autovettura", "marca": "Fiat", "modello": "500",
    "immatricolazione": {"isNew": True}, "cliente": ROSSI,
}  # fmt: skip


async def _streams(live: Live, tenant: str, who: str) -> list[str]:
    client = await live.logged_in(tenant, who)
    streams: list[str] = (await client.invoke("tokenLogin", {"productsHash": None}))["streams"]
    return streams


async def _sync(client: ScClient, **extra: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """``getDbData`` for the register alone: the answer and the plates it sent."""
    if "dbData" not in client.subscribed:
        await client.subscribe("dbData")
    answer = await client.invoke("getDbData", {CHANNEL: [], **extra})
    plates: dict[str, Any] = {}
    for _ in range(answer["tot"]):
        plates.update((await client.published("dbData"))[CHANNEL])
    return answer, plates


async def _searched(client: ScClient) -> dict[str, Any]:
    found = await client.invoke("rca.targhe.cerca", {"limit": 200})
    return {plate["_id"]: plate for plate in found["targhe"]}


async def test_the_session_lists_the_stream_where_the_line_is(live: Live) -> None:
    for tenant in ("rcadealer", "assicurapp_dev"):
        for who in ("admin", "responsabile", "agente", "subagente", "segnalatore"):
            assert CHANNEL in await _streams(live, tenant, who), (tenant, who)
        assert CHANNEL not in await _streams(live, tenant, "dipendente")
    for who in ("admin", "agente"):
        assert CHANNEL not in await _streams(live, "assicurapp", who)


@pytest.mark.parametrize(
    ("who", "count"), [("admin", 7), ("agente", 7), ("subagente", 1), ("segnalatore", 6)]
)
async def test_a_cold_sync_sends_what_the_search_answers(live: Live, who: str, count: int) -> None:
    client = await live.logged_in(TENANT, who)
    answer, synced = await _sync(client)
    assert answer["full"] is True
    assert len(synced) == count
    assert synced == await _searched(client)  # the stream never shows more than its call


async def test_events_reach_the_tree_and_the_managers_only(live: Live) -> None:
    agent, sub = await live.logged_in(TENANT, "agente"), await live.logged_in(TENANT, "subagente")
    admin = await live.logged_in(TENANT, "admin")
    elsewhere = await live.logged_in("assicurapp_dev", "agente")
    for client in (agent, sub, admin, elsewhere):
        await client.subscribe(CHANNEL)
    written = await agent.invoke("rca.targhe.salva", NEW)
    for client in (agent, admin):
        event = await client.published(CHANNEL)
        assert event == {"operationType": "insert", "p": written}
    await sentinel(live, sub, TENANT, CHANNEL)  # the sub-agent's tree is not the agent's
    await sentinel(live, elsewhere, "assicurapp_dev", CHANNEL)
    assert (await admin.published(CHANNEL))["p"]["_id"].startswith("sentinel-")  # sees all

    changed = await agent.invoke("rca.targhe.salva", {"_id": written["_id"], "modello": "Panda"})
    for client in (agent, admin):
        assert await client.published(CHANNEL) == {"operationType": "update", "p": changed}
    await sentinel(live, sub, TENANT, CHANNEL)


async def test_a_retired_plate_leaves_every_copy(live: Live) -> None:
    agent, admin = await live.logged_in(TENANT, "agente"), await live.logged_in(TENANT, "admin")
    for client in (agent, admin):
        await client.subscribe(CHANNEL)
    first, synced = await _sync(agent)
    plate = next(p for p in synced.values() if p["targa"] == "AB123CD")
    assert await agent.invoke("rca.targhe.ritira", {"_id": plate["_id"]}) == {"_id": plate["_id"]}
    for client in (agent, admin):  # a retired plate is no one's
        assert await client.published(CHANNEL) == {
            "operationType": "delete",
            "p": {"_id": plate["_id"]},
        }
    again, delta = await _sync(agent, wm=first["wm"])
    assert again["full"] is False
    assert delta == {plate["_id"]: None}  # the tombstone
    _, everything = await _sync(admin)
    assert plate["_id"] not in everything

    back = await agent.invoke("rca.targhe.salva", {**NEW, "targa": "AB123CD"})
    assert back["_id"] == plate["_id"]
    event = await admin.published(CHANNEL)
    assert (event["operationType"], event["p"]["_id"]) == ("update", plate["_id"])
    _, after = await _sync(agent, wm=again["wm"])
    assert after == {plate["_id"]: back}


async def test_a_resync_brings_changes_and_the_plates_moved_away(live: Live) -> None:
    other = await add_user(live.runtime, TENANT, "altro", {"a": {"type": "agente"}})
    agent, admin = await live.logged_in(TENANT, "agente"), await live.logged_in(TENANT, "admin")
    newcomer = await live.logged_in(TENANT, "altro")
    for client in (agent, newcomer):
        await client.subscribe(CHANNEL)
    first, synced = await _sync(agent)
    by_plate = {p["targa"]: p["_id"] for p in synced.values()}
    assert (await _sync(newcomer))[1] == {}

    changed = await agent.invoke(
        "rca.targhe.salva", {"_id": by_plate["EF456GH"], "modello": "Polo"}
    )
    moved = await admin.invoke("rca.targhe.salva", {"_id": by_plate["GH789JK"], "aId": other})
    assert (moved["aId"], moved["agId"]) == (other, None)
    update = await agent.published(CHANNEL)
    assert update == {"operationType": "update", "p": changed}
    assert await agent.published(CHANNEL) == {"operationType": "delete", "p": {"_id": moved["_id"]}}
    assert await newcomer.published(CHANNEL) == {"operationType": "update", "p": moved}

    again, delta = await _sync(agent, wm=first["wm"])
    assert again["full"] is False
    assert delta == {changed["_id"]: changed, moved["_id"]: None}
    assert (await _sync(newcomer))[1] == {moved["_id"]: moved}
    assert await newcomer.invoke("rca.targhe.dettaglio", {"_id": moved["_id"]})
    with pytest.raises(CallFailed, match="Targa non trovata"):
        await agent.invoke("rca.targhe.dettaglio", {"_id": moved["_id"]})


async def test_a_tenant_without_the_line_refuses_stream_and_calls(live: Live) -> None:
    for who in ("admin", "agente"):
        client = await live.logged_in("assicurapp", who)
        with pytest.raises(CallFailed, match=f"^Non puoi iscriverti al canale {CHANNEL}$"):
            await client.subscribe(CHANNEL)
        for call in ("rca.targhe.cerca", "rca.targhe.salva", "rca.targhe.importa", "rca.classe"):
            with pytest.raises(CallFailed, match=rf"^Chiamata sconosciuta: {call}$"):
                await client.invoke(call, {})
        answer, plates = await _sync(client)
        assert (answer["tot"], plates) == (0, {})


async def test_employees_and_strangers_are_kept_out(live: Live) -> None:
    employee = await live.logged_in(TENANT, "dipendente")
    with pytest.raises(CallFailed, match=f"Non puoi iscriverti al canale {CHANNEL}"):
        await employee.subscribe(CHANNEL)
    with pytest.raises(CallFailed, match="Operazione non consentita per il tuo ruolo"):
        await employee.invoke("rca.targhe.cerca", {})
    anonymous = await live.client(TENANT)
    await anonymous.handshake()
    with pytest.raises(CallFailed, match=f"Non puoi iscriverti al canale {CHANNEL}"):
        await anonymous.subscribe(CHANNEL)
    with pytest.raises(CallFailed, match="effettua l'accesso"):
        await anonymous.invoke("rca.targhe.cerca", {})


async def test_the_synced_payload_of_a_sub_agents_plate(live: Live) -> None:
    agent = await user_id(live.runtime, TENANT, "agente")
    sub = await live.logged_in(TENANT, "subagente")
    _, synced = await _sync(sub)
    (plate,) = synced.values()
    assert (plate["targa"], plate["agId"], plate["cliente"]) == ("LM012NP", agent, "Paolo Esposito")
