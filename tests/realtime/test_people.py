"""The people calls over the socket, twins of their routes: the same rules and messages, the
changes live for whoever may see them (a stream never shows more than its HTTP twin), a
suspension closing the user's sockets at once, a new password keeping only this socket."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.db.types import new_id
from core.testing import CallFailed, Live, ScClient

TENANT = "assicurapp"


async def _user_event(client: ScClient, user_id: str) -> dict[str, Any]:
    while True:
        event = await client.published("usr")
        if event.get("u", {}).get("_id") == user_id:
            return dict(event)


async def users_sentinel(live: Live, client: ScClient) -> None:
    """Nothing reached ``client`` on ``usr`` before now: the next event is a marker about the
    client's own user (which it always sees), sent through the same bus and fan-out."""
    marker = f"sentinel-{secrets.token_hex(6)}"
    data = {"operationType": "update", "u": {"_id": client.user_id, "name": marker}}
    await live.runtime.hub._send_bus({"t": TENANT, "c": "usr", "d": data})
    got = await client.published("usr")
    assert got["u"].get("name") == marker, f"arrived before the sentinel: {got}"


async def test_a_sub_agent_made_live_for_the_parent_and_the_admins(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    other = await live.logged_in(TENANT, "subagente")
    for client in (admin, agent, other):
        await client.subscribe("usr")
    referrer = (await admin.invoke("tokenLogin", {}))["utenti"]
    target = next(u for u in referrer.values() if u["email"] == "segnalatore@demo.it")["_id"]
    body = {"_id": target, "role": {"a": {"type": "agente", "aId": agent.user_id}},
            "provv": {"default": 10}, "info": {"ritenuta": 23}}  # fmt: skip
    saved = await admin.invoke("salvaUtente", body)
    assert saved["role"]["a"]["aId"] == agent.user_id
    for client in (admin, agent):
        seen = (await _user_event(client, target))["u"]
        assert (seen["provv"], seen["info"]["ritenuta"]) == ({"default": 10.0}, 23)
    await users_sentinel(live, other)  # a sibling sub-agent does not see it


@pytest.mark.parametrize(
    ("who", "call", "target", "body", "text"),
    [
        ("agente", "salvaUtente", "subagente", {"name": "X"}, "non consentita per il tuo ruolo"),
        ("dipendente", "salvaUtente", "agente", {"role": {"admin": True}}, "Non puoi assegnare"),
        ("dipendente", "sospendiUtente", "admin", {"suspended": True}, "ruolo superiore"),
        ("responsabile", "eliminaUtente", "agente", {}, "non consentita per il tuo ruolo"),
        ("admin", "salvaUtente", "agente", {"provv": {"default": 300}}, "tra 0 e 100"),
        ("admin", "sospendiUtente", "agente", {"suspended": "sì"}, "Dati non validi"),
        ("agente", "salvaImpostazioni", None, {"title": "Mio"}, "non consentita"),
        ("admin", "salvaImpostazioni", None, {"colors": {"primary": "blu"}}, "Colore non valido"),
    ],
)
async def test_refusals_match_the_routes(
    live: Live, who: str, call: str, target: str | None, body: dict[str, Any], text: str
) -> None:
    client = await live.logged_in(TENANT, who)
    users = (await (await live.logged_in(TENANT, "admin")).invoke("tokenLogin", {}))["utenti"]
    ids = {u["email"].split("@")[0]: u["_id"] for u in users.values()}
    payload = body if target is None else {"_id": ids[target], **body}
    with pytest.raises(CallFailed) as refused:
        await client.invoke(call, payload)
    assert text in str(refused.value.message)


async def test_suspension_closes_the_users_sockets_at_once(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    second_tab = await live.logged_in(TENANT, "agente")
    bystander = await live.logged_in(TENANT, "subagente")
    await admin.invoke("sospendiUtente", {"_id": agent.user_id, "suspended": True})
    for client in (agent, second_tab):
        await asyncio.wait_for(client.closed.wait(), 3)
        assert client.close_code == 4501
    assert not bystander.closed.is_set()
    again = await live.client(TENANT)
    await again.handshake()
    with pytest.raises(CallFailed) as refused:
        await again.login("agente@demo.it")
    assert "sospeso il" in str(refused.value.message)


async def test_a_new_password_keeps_this_socket_and_closes_the_others(live: Live) -> None:
    here = await live.logged_in(TENANT, "agente")
    elsewhere = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match=r"^La password attuale non è corretta$"):
        await here.invoke(
            "cambiaPassword", {"current": "sbagliata", "password": "Nuova-Pass-2027!"}
        )
    answer = await here.invoke(
        "cambiaPassword", {"current": "demo1234", "password": "Nuova-Pass-2027!"}
    )
    assert answer["token"]
    await asyncio.wait_for(elsewhere.closed.wait(), 3)
    assert elsewhere.close_code == 4500
    assert not here.closed.is_set()
    me = await here.invoke("tokenLogin", {})
    assert me["u"]["email"] == "agente@demo.it"


async def test_saved_settings_reach_every_open_client(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    employee = await live.logged_in(TENANT, "responsabile")
    for client in (agent, employee):
        await client.subscribe("settings")
    await admin.invoke(
        "salvaImpostazioni", {"colors": {"primary": "#aa3300"}, "assistenza": "<p>Nuovo</p>"}
    )
    for client in (agent, employee):
        assert "s" in await client.published("settings")
    settings = (await agent.invoke("tokenLogin", {}))["settings"]
    assert settings["colors"]["primary"] == "#aa3300"
    assert settings["assistenza"] == "<p>Nuovo</p>"


async def _area_document(live: Live, name: str, roles: list[str]) -> None:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            session.add(
                m.Document(
                    id=new_id(), owner_kind="area", owner_id="cartella", doc_type="area",
                    name=name, uri=f"/upload/{TENANT}/{new_id()}", storage_key="k", roles=roles,
                )
            )  # fmt: skip


async def test_area_documents_reach_only_the_roles_of_their_folder(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    manager = await live.logged_in(TENANT, "responsabile")
    for client in (agent, manager):
        await client.subscribe("docs")
    await _area_document(live, "Margini.pdf", ["responsabile"])
    await _area_document(live, "Listino.pdf", [])
    assert (await manager.published("docs"))["d"]["name"] == "Margini.pdf"
    assert (await manager.published("docs"))["d"]["name"] == "Listino.pdf"
    assert (await agent.published("docs"))["d"]["name"] == "Listino.pdf"  # never Margini first
