"""Adding, changing and retiring plates over HTTP: each kind's format checked by the rules,
the owner a client of the collaborator's tree (found by fiscal code or made), a plate in the
register refused, a retired one brought back with its ``_id``, the search keys kept."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import ClientFactory, Runtime, login, user_id
from plugins.rca.tests.records import (
    BIANCHI_CF,
    INVALID,
    NERI,
    ROSSI,
    ROUTE,
    VALID,
    VERDI,
    add,
    client_row,
    error,
    keys,
    listed,
    new_plate,
    stored,
)

TENANT = "rcadealer"


@pytest.mark.parametrize(("kind", "plate"), sorted(VALID.items()))
async def test_each_kind_takes_its_format(
    seeded: Runtime, clients: ClientFactory, kind: str, plate: str
) -> None:
    client = clients(TENANT)
    written = await add(client, await login(client, "agente"), targa=plate.lower(), tipo=kind)
    assert (written["targa"], written["tipo"]) == (plate, kind)


@pytest.mark.parametrize(("kind", "wrong"), sorted(INVALID.items()))
async def test_a_wrong_plate_is_refused_with_the_format(
    seeded: Runtime, clients: ClientFactory, kind: str, wrong: tuple[str, str]
) -> None:
    client = clients(TENANT)
    plate, message = wrong
    body = new_plate(targa=plate, tipo=kind)
    response = await client.post(ROUTE, json=body, headers=await login(client, "agente"))
    assert response.status_code == 400, response.text
    assert error(response).startswith(message)


async def test_an_agent_adds_a_plate_for_a_new_owner(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent = await user_id(seeded, TENANT, "agente")
    written = await add(client, await login(client, "agente"), targa="bc 234-de")
    assert written["targa"] == "BC234DE"
    assert (written["aId"], written["agId"]) == (agent, None)
    assert (written["cliente"], written["cf"]) == ("Mario Rossi", ROSSI["cf"])
    assert (written["marca"], written["modello"]) == ("Fiat", "500")
    assert written["immatricolazione"] == {"isNew": False, "date": "2020-05-04"}
    assert (written["polizza"], written["preventivo"], written["tipoBersani"]) == (None,) * 3
    owner = await client_row(seeded, TENANT, written["clientId"])
    assert (owner.owner_agent_id, owner.fiscal_code, owner.name) == (
        agent,
        ROSSI["cf"],
        "Mario Rossi",
    )
    assert await keys(seeded, TENANT, written["_id"]) == {"BC234DE", ROSSI["cf"], "MARIO", "ROSSI"}


async def test_the_owner_is_the_trees_client_with_that_fiscal_code(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    demo = (await client.get(ROUTE, params={"q": "AB123CD"}, headers=agent)).json()["targhe"][0]
    by_code = await add(client, agent, cliente={"nome": "L. Bianchi", "cf": BIANCHI_CF.lower()})
    assert by_code["clientId"] == demo["clientId"]
    assert by_code["cliente"] == "Luca Bianchi"  # the tree's client keeps its name
    by_id = await add(client, agent, targa="BD234DE", cliente={"clientId": demo["clientId"]})
    assert (by_id["clientId"], by_id["cf"]) == (demo["clientId"], BIANCHI_CF)


async def test_a_sub_agents_plate_belongs_to_the_tree(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent, sub = await user_id(seeded, TENANT, "agente"), await user_id(seeded, TENANT, "subagente")
    written = await add(client, await login(client, "subagente"), cliente=VERDI)
    assert (written["aId"], written["agId"]) == (sub, agent)
    assert (await client_row(seeded, TENANT, written["clientId"])).owner_agent_id == agent
    assert "BC234DE" in await listed(client, await login(client, "agente"))


async def test_a_manager_files_the_plate_under_a_collaborator(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "responsabile")
    sub, agent = await user_id(seeded, TENANT, "subagente"), await user_id(seeded, TENANT, "agente")
    written = await add(client, admin, aId=sub)
    assert (written["aId"], written["agId"]) == (sub, agent)
    for named, message in (
        (None, "Indica il collaboratore (aId) a cui registrare la targa"),
        (await user_id(seeded, TENANT, "dipendente"), "Collaboratore non valido"),
        (await user_id(seeded, TENANT, "segnalatore"), "Collaboratore non valido"),
        (await user_id(seeded, "assicurapp_dev", "agente"), "Collaboratore non valido"),
        ("nessuno", "Collaboratore non valido"),
    ):
        body = new_plate(targa="BD234DE", **({} if named is None else {"aId": named}))
        response = await client.post(ROUTE, json=body, headers=admin)
        assert response.status_code == 400, response.text
        assert error(response) == message


async def test_an_agent_files_plates_only_under_themselves(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    me, sub = await user_id(seeded, TENANT, "agente"), await user_id(seeded, TENANT, "subagente")
    assert (await add(client, agent, aId=me))["aId"] == me
    response = await client.post(ROUTE, json=new_plate(targa="BD234DE", aId=sub), headers=agent)
    assert response.status_code == 400
    assert error(response) == "Collaboratore non valido"


async def test_a_plate_in_the_register_is_refused(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    for role, plate in (("agente", "AB123CD"), ("subagente", "ab-123-cd"), ("admin", "XY12345")):
        body = new_plate(targa=plate, tipo="motociclo" if plate == "XY12345" else "autovettura")
        response = await client.post(ROUTE, json=body, headers=await login(client, role))
        assert response.status_code == 409, response.text
        assert error(response) == f"Targa già presente: {plate.replace('-', '').upper()}"


async def test_retiring_and_adding_again(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    written = await add(client, agent, tipoBersani="autovettura", targaAgev=True)
    plate = f"{ROUTE}{written['_id']}"
    assert (await client.delete(plate, headers=agent)).status_code == 204
    assert "BC234DE" not in await listed(client, agent)
    assert await listed(client, agent, "rossi") == []
    assert (await client.get(plate, headers=agent)).status_code == 404
    assert await keys(seeded, TENANT, written["_id"]) == set()
    row = await stored(seeded, TENANT, "BC234DE")
    assert (row.active, row.retired_at is not None) == (False, True)
    for method, body in (("PATCH", {"marca": "Lancia"}), ("DELETE", None)):
        response = await client.request(method, plate, json=body, headers=agent)
        assert response.status_code == 409, response.text
        assert error(response) == "Targa ritirata: BC234DE (aggiungila di nuovo per riattivarla)"

    again = await add(client, agent, tipo="autovettura", cliente=NERI, marca="Lancia")
    assert again["_id"] == written["_id"]  # the same record, back
    assert (again["cliente"], again["marca"], again["modello"]) == (
        "Giuseppe Neri",
        "Lancia",
        "500",
    )
    assert (again["tipoBersani"], again["targaAgev"]) == (None, False)  # not carried over
    assert await listed(client, agent, "neri") == ["BC234DE"]
    assert await listed(client, agent, "rossi") == []


async def _patch(client: Any, headers: dict[str, str], plate_id: str, body: Any) -> Any:
    return await client.patch(f"{ROUTE}{plate_id}", json=body, headers=headers)


async def test_changing_a_plate(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    written = await add(client, agent, tipoBersani="autovettura")
    changes = {
        "marca": "  Fiat  ", "modello": "500 Hybrid", "targaAgev": True, "tipoBersani": None,
        "immatricolazione": {"isNew": True},
    }  # fmt: skip
    response = await _patch(client, agent, written["_id"], changes)
    assert response.status_code == 200, response.text
    changed = response.json()
    assert (changed["marca"], changed["modello"], changed["targaAgev"]) == (
        "Fiat",
        "500 Hybrid",
        True,
    )
    assert changed["tipoBersani"] is None
    assert changed["immatricolazione"] == {"isNew": True}
    assert changed["at"] >= written["at"]
    same = await _patch(client, agent, written["_id"], {})
    assert same.json()["modello"] == "500 Hybrid"

    renumbered = await _patch(client, agent, written["_id"], {"targa": "bd 234 de"})
    assert renumbered.json()["targa"] == "BD234DE"
    assert await listed(client, agent, "bd2") == ["BD234DE"]
    assert await listed(client, agent, "bc2") == []


async def test_a_change_is_checked_against_the_kind_and_the_register(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    written = await add(client, agent)
    retired = await add(client, agent, targa="BF234DE")
    assert (await client.delete(f"{ROUTE}{retired['_id']}", headers=agent)).status_code == 204
    for body, status, message in (
        ({"tipo": "motociclo"}, 400, "Targa non valida per un motociclo"),
        ({"targa": "BC23456"}, 400, "Targa non valida per un'autovettura"),
        ({"targa": "AB123CD"}, 409, "Targa già presente: AB123CD"),
        ({"targa": "BF234DE"}, 409, "Targa già presente tra quelle ritirate: BF234DE"),
    ):
        response = await _patch(client, agent, written["_id"], body)
        assert response.status_code == status, response.text
        assert error(response).startswith(message)
    moto = await _patch(client, agent, written["_id"], {"targa": "BC23456", "tipo": "motociclo"})
    assert (moto.json()["targa"], moto.json()["tipo"]) == ("BC23456", "motociclo")


async def test_changing_the_owner(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    agent = await login(client, "agente")
    written = await add(client, agent)
    changed = (await _patch(client, agent, written["_id"], {"cliente": VERDI})).json()
    assert (changed["cliente"], changed["cf"]) == ("Luigi Verdi", VERDI["cf"])
    assert changed["clientId"] != written["clientId"]
    assert await listed(client, agent, "luigi verdi") == ["BC234DE"]
    assert await listed(client, agent, "rossi") == []
    assert await keys(seeded, TENANT, written["_id"]) == {"BC234DE", VERDI["cf"], "LUIGI", "VERDI"}


async def test_a_manager_moves_a_plate_to_another_tree(
    seeded: Runtime, clients: ClientFactory
) -> None:
    other = await add_agent(seeded, "altro")
    client = clients(TENANT)
    agent, admin = await login(client, "agente"), await login(client, "admin")
    written = await add(client, agent)
    moved = (await _patch(client, admin, written["_id"], {"aId": other})).json()
    assert (moved["aId"], moved["agId"]) == (other, None)
    owner = await client_row(seeded, TENANT, moved["clientId"])
    assert (owner.owner_agent_id, owner.fiscal_code) == (other, ROSSI["cf"])  # their own client
    assert "BC234DE" not in await listed(client, agent)
    assert await listed(client, await login(client, "altro"), "rossi") == ["BC234DE"]


async def add_agent(runtime: Runtime, key: str) -> str:
    """A top-level agent of the dealer, with a tree of their own."""
    from core.testing import add_user

    return await add_user(runtime, TENANT, key, {"a": {"type": "agente"}})


async def test_a_client_of_another_tree_or_tenant_is_refused(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await add_agent(seeded, "altro")
    client, dev = clients(TENANT), clients("assicurapp_dev")
    theirs = await add(client, await login(client, "altro"), cliente=NERI)
    elsewhere = (await dev.get(ROUTE, headers=await login(dev, "agente"))).json()["targhe"][0]
    agent = await login(client, "agente")
    for client_id in (theirs["clientId"], elsewhere["clientId"], "nessuno"):
        body = new_plate(targa="BD234DE", cliente={"clientId": client_id})
        response = await client.post(ROUTE, json=body, headers=agent)
        assert response.status_code == 400, response.text
        assert error(response) == "Cliente non valido"
    mine = (await client.get(ROUTE, params={"limit": 1}, headers=agent)).json()["targhe"][0]
    response = await _patch(
        client, agent, mine["_id"], {"cliente": {"clientId": theirs["clientId"]}}
    )
    assert response.status_code == 400
