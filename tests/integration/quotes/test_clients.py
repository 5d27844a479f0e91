"""Clients derived from quotes and policies, and GET /api/clients[/{id}] per role and tree."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.quotes.helpers import agent_quote

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _get(clients: ClientFactory, runtime: Runtime, who: str, path: str) -> Any:
    async with clients(TENANT) as client:
        return await client.get(path, headers=await headers_for(runtime, TENANT, who))


async def _list(clients: ClientFactory, runtime: Runtime, who: str, q: str = "") -> list[Any]:
    response = await _get(clients, runtime, who, f"/api/clients?q={q}" if q else "/api/clients")
    assert response.status_code == 200, response.text
    found: list[Any] = response.json()
    return found


def _cf(fiscal_code: str, name: str, plate: str | None = None) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = [
        {"_id": "nome", "name": "Nome", "type": "text", "value": name},
        {"_id": "cf", "name": "CF", "type": "cf", "value": fiscal_code},
    ]
    if plate:
        targa = {"value": plate}
        entries.append({"_id": "targa", "name": "Targa", "type": "targa", "value": targa})
    return entries


async def test_demo_clients_come_from_the_quotes(clients: ClientFactory, seeded: Runtime) -> None:
    admin = await _list(clients, seeded, "admin")
    coded = [c for c in admin if c["fiscalCode"]]
    by_code = {c["fiscalCode"]: c for c in coded}
    assert len(by_code) == len(coded)  # one tree in the demo: one client per fiscal code
    names = {c["name"] for c in coded}
    assert {"Luca Bianchi", "Giulia Verdi", "Autofficina Ferri S.r.l."} <= names
    luca = by_code["BNCLCU80A01H501Q"]
    assert (luca["fiscalCode"], luca["email"]) == ("BNCLCU80A01H501Q", "luca.bianchi@example.it")
    assert "AB123CD" in luca["plates"]
    assert luca["quotes"] >= 2
    assert luca["policies"] == 1
    assert luca["lastAt"]


async def test_agents_see_their_tree_and_others_are_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    agent = {c["_id"]: c for c in await _list(clients, seeded, "agente")}
    sub = {c["_id"]: c for c in await _list(clients, seeded, "subagente")}
    admin = {c["_id"]: c for c in await _list(clients, seeded, "admin")}
    assert set(sub) < set(agent) <= set(admin)
    assert {c["name"] for c in sub.values()} >= {"Paolo Esposito", "Giulia Verdi"}
    assert "Luca Bianchi" not in {c["name"] for c in sub.values()}
    giulia = next(c for c in sub.values() if c["fiscalCode"] == "VRDGLI85M41F205R")
    assert giulia["quotes"] < agent[giulia["_id"]]["quotes"]  # counts stay in the tree
    for who in ("responsabile", "dipendente", "segnalatore"):
        assert (await _get(clients, seeded, who, "/api/clients")).status_code == 403


@pytest.mark.parametrize(
    ("q", "name"),
    [("ab 123", "Luca Bianchi"), ("VRDGLI", "Giulia Verdi"), ("romano", "Chiara Romano"),
     ("0123456789", "Autofficina Ferri S.r.l.")],
)  # fmt: skip
async def test_search_by_name_fiscal_code_or_plate(
    clients: ClientFactory, seeded: Runtime, q: str, name: str
) -> None:
    found = await _list(clients, seeded, "admin", q)
    assert name in {c["name"] for c in found}
    assert len(found) < len(await _list(clients, seeded, "admin"))


async def test_search_takes_no_wildcards(clients: ClientFactory, seeded: Runtime) -> None:
    assert await _list(clients, seeded, "admin", "%25") == []
    assert await _list(clients, seeded, "admin", "_") == []
    limited = await _get(clients, seeded, "admin", "/api/clients?limit=2")
    assert len(limited.json()) == 2
    assert (await _get(clients, seeded, "admin", "/api/clients?limit=0")).status_code == 400


async def test_client_detail_is_scoped(clients: ClientFactory, seeded: Runtime) -> None:
    sub_list = await _list(clients, seeded, "subagente")
    giulia = next(c for c in sub_list if c["fiscalCode"] == "VRDGLI85M41F205R")
    as_sub = (await _get(clients, seeded, "subagente", f"/api/clients/{giulia['_id']}")).json()
    as_admin = (await _get(clients, seeded, "admin", f"/api/clients/{giulia['_id']}")).json()
    assert as_sub["client"]["_id"] == giulia["_id"]
    sub_id = as_sub["quotes"][0]["aId"]
    assert {q["aId"] for q in as_sub["quotes"]} == {sub_id}
    assert len(as_sub["quotes"]) < len(as_admin["quotes"])

    admin = await _list(clients, seeded, "admin")
    luca = next(c for c in admin if c["fiscalCode"] == "BNCLCU80A01H501Q")
    detail = (await _get(clients, seeded, "agente", f"/api/clients/{luca['_id']}")).json()
    assert detail["documents"]
    assert detail["policies"]
    refused = await _get(clients, seeded, "subagente", f"/api/clients/{luca['_id']}")
    assert (refused.status_code, refused.json()["error"]["message"]) == (
        404, "Cliente non trovato",
    )  # fmt: skip
    async with clients("rcadealer") as client:
        foreign = await client.get(
            f"/api/clients/{luca['_id']}", headers=await headers_for(seeded, "rcadealer", "admin")
        )
    assert foreign.status_code == 404


async def test_writes_keep_clients_and_plates_current(seeded: Runtime) -> None:
    quote = await agent_quote(seeded, TENANT)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            first = m.Quote(
                product_id=quote.product_id, agent_id=quote.agent_id,
                usr_data=_cf("rssmra80a01h501u", "Mario Rossi", "zz 111 zz"),
            )  # fmt: skip
            second = m.Quote(
                product_id=quote.product_id, agent_id=quote.agent_id,
                usr_data=_cf("RSSMRA80A01H501U", "Mario Rossi", "YY222YY"),
            )  # fmt: skip
            policy = m.Policy(
                agent_id=quote.agent_id,
                pr={"usrData": [{"_id": "Nome", "value": "Mario"},
                                {"_id": "Cognome", "value": "Rossi"}]},
            )  # fmt: skip
            session.add_all([first, second, policy])
        async with seeded.db.session() as session:
            stored = await session.get(m.Quote, first.id)
            assert stored is not None
            client = await session.get(m.Client, stored.client_id)
            assert client is not None
            assert client.fiscal_code == "RSSMRA80A01H501U"
            assert client.data["plates"] == ["ZZ111ZZ", "YY222YY"]
            assert client.agent_id == quote.agent_id
            linked = [
                (await session.get(m.Quote, second.id)).client_id,  # type: ignore[union-attr]
                (await session.get(m.Policy, policy.id)).client_id,  # type: ignore[union-attr]
            ]
            assert linked[0] == client.id
            assert linked[1] != client.id  # a name alone never joins a client
            stored.usr_data = _cf("VRDGLI85M41F205R", "Giulia Verdi")  # a new customer
        async with seeded.db.session() as session:
            moved = await session.get(m.Quote, first.id)
            assert moved is not None
            assert moved.client_id != client.id
            giulia = await session.get(m.Client, moved.client_id)
            assert giulia is not None
            assert giulia.name == "Giulia Verdi"
            count = await session.execute(
                select(m.Client.id).where(m.Client.fiscal_code == "RSSMRA80A01H501U")
            )
            assert len(count.all()) == 1
