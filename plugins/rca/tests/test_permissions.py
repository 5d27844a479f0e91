"""Who may do what with the register, per demo role, over HTTP and over the socket: everyone
with a role but employees reads their agent tree's plates; agents write for themselves,
managers for a collaborator they name; referrers only read; another agent tree's plates are
not found; another tenant's neither."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import CallFailed, ClientFactory, Live, Runtime, add_user, login, user_id
from plugins.rca.tests.records import ROUTE, error, new_plate

TENANT = "rcadealer"
FORBIDDEN = "Operazione non consentita per il tuo ruolo"
READS = {"admin", "responsabile", "agente", "subagente", "segnalatore"}
WRITES = {"admin", "responsabile", "agente", "subagente"}
ROLES = sorted(READS | {"dipendente"})
EMPTY = {"csv": "", "dryRun": True}
HEADER = "targa;tipo;marca;modello;immatricolazione;cliente;cf"
ATR = {"atr": [{"anno": 2021, "principali": 0}, {"anno": 2022, "principali": 1}]}
OWNER = {"cf": "BNCLCU80A01H501Q"}


async def _filed(runtime: Runtime, role: str, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` filed under the agent by the managers (who must name a collaborator)."""
    if role in ("admin", "responsabile"):
        return {**body, "aId": await user_id(runtime, TENANT, "agente")}
    return body


async def _own_plate(client: Any, role: str) -> str:
    """A plate of the role's view (the agent's when the role sees none)."""
    who = role if role in READS else "admin"
    rows = (await client.get(ROUTE, headers=await login(client, who))).json()["targhe"]
    return str(rows[0]["_id"])


@pytest.mark.parametrize("role", ROLES)
async def test_over_http(seeded: Runtime, clients: ClientFactory, role: str) -> None:
    client = clients(TENANT)
    headers = await login(client, role)
    plate = await _own_plate(client, role)
    reads, writes = role in READS, role in WRITES
    answers = {
        "list": await client.get(ROUTE, headers=headers),
        "detail": await client.get(f"{ROUTE}{plate}", headers=headers),
        "cu": await client.post(f"{ROUTE}classe", json=ATR, headers=headers),
        "family": await client.post(f"{ROUTE}famiglia", json=OWNER, headers=headers),
        "add": await client.post(
            ROUTE, json=await _filed(seeded, role, new_plate()), headers=headers
        ),
        "change": await client.patch(f"{ROUTE}{plate}", json={"modello": "X"}, headers=headers),
        "import": await client.post(
            f"{ROUTE}import", json=await _filed(seeded, role, EMPTY), headers=headers
        ),
        "retire": await client.delete(f"{ROUTE}{plate}", headers=headers),
    }
    expected = {
        "list": 200 if reads else 403, "detail": 200 if reads else 403,
        "cu": 200 if reads else 403, "family": 200 if reads else 403,
        "add": 201 if writes else 403,
        "change": 200 if writes else 403, "import": 400 if writes else 403,  # an empty file
        "retire": 204 if writes else 403,
    }  # fmt: skip
    assert {k: r.status_code for k, r in answers.items()} == expected
    for name, response in answers.items():
        if response.status_code == 403:
            assert error(response) == FORBIDDEN, name


async def _call(client: Any, name: str, data: Any) -> str:
    try:
        await client.invoke(name, data)
    except CallFailed as refused:
        return str(refused.message)
    return "ok"


@pytest.mark.parametrize("role", ROLES)
async def test_over_the_socket(live: Live, role: str) -> None:
    socket = await live.logged_in(TENANT, role)
    admin = await live.logged_in(TENANT, "admin")
    found = await admin.invoke(
        "rca.targhe.cerca", {"q": "LM012NP" if role == "subagente" else "AB1"}
    )
    plate = found["targhe"][0]["_id"]
    reads, writes = role in READS, role in WRITES
    answers = {
        "cerca": await _call(socket, "rca.targhe.cerca", {"q": "a"}),
        "dettaglio": await _call(socket, "rca.targhe.dettaglio", {"_id": plate}),
        "classe": await _call(socket, "rca.classe", ATR),
        "famiglia": await _call(socket, "rca.targhe.famiglia", OWNER),
        "salva": await _call(
            socket, "rca.targhe.salva", await _filed(live.runtime, role, new_plate())
        ),
        "modifica": await _call(socket, "rca.targhe.salva", {"_id": plate, "modello": "X"}),
        "importa": await _call(
            socket, "rca.targhe.importa", await _filed(live.runtime, role, EMPTY)
        ),
        "ritira": await _call(socket, "rca.targhe.ritira", {"_id": plate}),
    }
    ok, empty = "ok", "Il file è vuoto: manca l'intestazione " + HEADER
    expected = {
        "cerca": ok if reads else FORBIDDEN, "dettaglio": ok if reads else FORBIDDEN,
        "classe": ok if reads else FORBIDDEN, "famiglia": ok if reads else FORBIDDEN,
        "salva": ok if writes else FORBIDDEN,
        "modifica": ok if writes else FORBIDDEN, "importa": empty if writes else FORBIDDEN,
        "ritira": ok if writes else FORBIDDEN,
    }  # fmt: skip
    assert answers == expected


async def test_agent_trees_do_not_see_each_other(seeded: Runtime, clients: ClientFactory) -> None:
    await add_user(seeded, TENANT, "altro", {"a": {"type": "agente"}})
    client = clients(TENANT)
    other, agent = await login(client, "altro"), await login(client, "agente")
    theirs = (await client.post(ROUTE, json=new_plate(), headers=other)).json()
    assert [p["targa"] for p in (await client.get(ROUTE, headers=other)).json()["targhe"]] == [
        "BC234DE"
    ]
    mine = await _own_plate(client, "agente")
    for headers, plate in ((agent, theirs["_id"]), (other, mine)):
        for method, body in (("GET", None), ("PATCH", {"modello": "X"}), ("DELETE", None)):
            response = await client.request(method, f"{ROUTE}{plate}", json=body, headers=headers)
            assert response.status_code == 404, (method, response.text)
            assert error(response) == "Targa non trovata"
    assert (await client.get(ROUTE, params={"q": "rossi"}, headers=agent)).json()["targhe"] == []
    # a sub-agent reads and writes only its own plates
    sub = await login(client, "subagente")
    response = await client.patch(f"{ROUTE}{mine}", json={"modello": "X"}, headers=sub)
    assert response.status_code == 404


async def test_another_tenants_plates_are_not_found(
    seeded: Runtime, clients: ClientFactory
) -> None:
    dealer, dev = clients(TENANT), clients("assicurapp_dev")
    theirs = await _own_plate(dev, "agente")
    for role in ("admin", "agente"):
        headers = await login(dealer, role)
        for method, body in (("GET", None), ("PATCH", {"modello": "X"}), ("DELETE", None)):
            response = await dealer.request(method, f"{ROUTE}{theirs}", json=body, headers=headers)
            assert response.status_code == 404, (role, method, response.text)
    assert (
        await dev.get(f"{ROUTE}{theirs}", headers=await login(dev, "agente"))
    ).status_code == 200
