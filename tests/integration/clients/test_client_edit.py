"""Editing a client's contacts and identity document: admins any client, an agent the clients
of its tree; everyone else, another tree and another tenant refused, bad values refused with
an Italian message and nothing changed; the change is audited in words and the detail shows
the decoded fiscal code."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.clients import edit
from core.runtime import Runtime
from core.testing import ClientFactory, bearer, token_for
from tests.integration.clients.test_client_trees import LUCA_CF, OUTSIDER, _outsider, _quote_by

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
GOOD = {
    "address": "Via Roma 1, 00100 Roma", "pec": "Luca.Bianchi@PEC.it", "phone": "+39 333 123 4567",
    "idType": "ci", "idNumber": "ca 12345 ab", "idExpiry": "2020-05-31",
}  # fmt: skip


async def _luca(runtime: Runtime) -> m.Client:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == "agente@demo.it"))
            ).scalar_one()
            return (
                await session.execute(
                    select(m.Client).where(
                        m.Client.fiscal_code == LUCA_CF, m.Client.owner_agent_id == agent.id
                    )
                )
            ).scalar_one()


async def _patch(
    clients: ClientFactory, runtime: Runtime, who: str, client_id: str, body: Any,
    tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = bearer(await token_for(runtime, tenant, who))
        return await client.patch(f"/api/clients/{client_id}", json=body, headers=headers)


async def test_an_admin_edits_and_the_log_reads_it(clients: ClientFactory, seeded: Runtime) -> None:
    luca = await _luca(seeded)
    answer = await _patch(clients, seeded, "admin@demo.it", luca.id, GOOD)
    assert answer.status_code == 200, answer.text
    client = answer.json()["client"]
    assert client["address"] == "Via Roma 1, 00100 Roma"
    assert client["pec"] == "luca.bianchi@pec.it"
    assert client["phone"] == "+39 333 123 4567"
    assert (client["idType"], client["idNumber"]) == ("ci", "CA12345AB")
    assert client["idExpiry"] == "2020-05-31"
    assert client["idExpired"] is True  # 31/05/2020 is before today
    assert client["editable"] is True
    # BNCLCU80A01H501Q: 1 January 1980 (A = January), a man, H501 = Roma
    assert client["fiscalCodeFacts"] == {
        "birthDate": "1980-01-01", "sex": "M", "placeCode": "H501", "place": "Roma (RM)",
        "abroad": False,
    }  # fmt: skip
    async with clients(TENANT) as http:
        headers = bearer(await token_for(seeded, TENANT, "admin@demo.it"))
        log = await http.get(f"/api/audit?entity=clients&entityId={luca.id}", headers=headers)
    [entry] = [e for e in log.json() if e["action"] == "update"]
    assert entry["who"] == "Alessandra Amministratrice"
    assert entry["what"] == "ha modificato il cliente"
    assert entry["record"] == "Luca Bianchi"
    lines = {line["label"]: (line["old"], line["new"]) for line in entry["changes"]}
    assert lines["PEC"] == ("—", "luca.bianchi@pec.it")
    assert lines["Tipo documento"] == ("—", "Carta d'identità")
    assert lines["Scadenza documento"] == ("—", "31/05/2020")
    cleared = await _patch(clients, seeded, "admin@demo.it", luca.id, {"pec": "", "idExpiry": None})
    assert cleared.status_code == 200
    assert cleared.json()["client"]["pec"] is None
    assert cleared.json()["client"]["idExpired"] is False


async def test_the_trees_agent_edits_its_client(clients: ClientFactory, seeded: Runtime) -> None:
    luca = await _luca(seeded)
    answer = await _patch(clients, seeded, "agente@demo.it", luca.id, {"phone": "06 1234567"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["client"]["phone"] == "06 1234567"


@pytest.mark.parametrize(
    ("who", "status"),
    [
        ("subagente@demo.it", 403),  # reads the client through its own quote, may not edit
        ("dipendente@demo.it", 403),
        ("responsabile@demo.it", 403),  # the clients screen is for agents and admins
        ("segnalatore@demo.it", 403),
        (OUTSIDER, 404),  # another agent's client is not found, as on the detail page
    ],
)
async def test_others_may_not_edit(
    clients: ClientFactory, seeded: Runtime, who: str, status: int
) -> None:
    luca = await _luca(seeded)
    if who == OUTSIDER:
        await _outsider(seeded)
    if who.startswith("subagente"):
        await _quote_by(seeded, who, [{"_id": "cf", "type": "cf", "value": LUCA_CF}])
    answer = await _patch(clients, seeded, who, luca.id, {"address": "Via Falsa 1"})
    assert answer.status_code == status, answer.text
    assert (await _luca(seeded)).data.get("address") is None
    if who.startswith("subagente"):  # it reads the client, not the tree's own contacts
        await _patch(clients, seeded, "admin@demo.it", luca.id, {"pec": "luca@pec.it"})
        async with clients(TENANT) as http:
            headers = bearer(await token_for(seeded, TENANT, who))
            seen = (await http.get(f"/api/clients/{luca.id}", headers=headers)).json()["client"]
        assert (seen["pec"], seen["editable"]) == (None, False)


async def test_another_tenants_client_is_not_found(clients: ClientFactory, seeded: Runtime) -> None:
    luca = await _luca(seeded)
    answer = await _patch(
        clients, seeded, "admin@demo.it", luca.id, {"address": "X 1"}, "rcadealer"
    )
    assert answer.status_code == 404
    assert (await _luca(seeded)).data.get("address") is None


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"pec": "luca@"}, edit.BAD_PEC),
        ({"email": "luca bianchi@example.it"}, edit.BAD_EMAIL),
        ({"phone": "chiamami"}, edit.BAD_PHONE),
        ({"phone": "12345"}, edit.BAD_PHONE),  # five digits
        ({"idNumber": "AB-1"}, edit.BAD_DOCUMENT),
        ({"idExpiry": "2024-02-30"}, edit.BAD_EXPIRY),
        ({"idExpiry": "31/05/2020"}, edit.BAD_EXPIRY),
        ({"idExpiry": "1900-01-01"}, edit.BAD_EXPIRY),
        ({"address": "x" * 201}, "al massimo 200 caratteri"),
        ({"address": "Via\x00Roma"}, ""),
        ({"idType": "tessera"}, ""),
        ({"name": "Altro nome"}, "Campo non previsto"),
        ([{"pec": "a@b.it"}], ""),
    ],
)
async def test_bad_values_are_refused_and_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: Any, message: str
) -> None:
    luca = await _luca(seeded)
    answer = await _patch(clients, seeded, "admin@demo.it", luca.id, body)
    assert answer.status_code == 400, answer.text
    assert message in str(answer.json())
    after = await _luca(seeded)
    assert (after.data, after.email, after.phone) == (luca.data, luca.email, luca.phone)


async def test_a_fiscal_code_decoded_on_request(clients: ClientFactory, seeded: Runtime) -> None:
    async with clients(TENANT) as http:
        assert (await http.get("/api/codice-fiscale/VRDLCU90M41F205G")).status_code == 401
        headers = bearer(await token_for(seeded, TENANT, "dipendente@demo.it"))
        milano = await http.get("/api/codice-fiscale/VRDLCU90M41F205G", headers=headers)
        wrong = await http.get("/api/codice-fiscale/VRDLCU90M41F205H", headers=headers)
    assert milano.json() == {
        "birthDate": "1990-08-01", "sex": "F", "placeCode": "F205", "place": "Milano (MI)",
        "abroad": False,
    }  # fmt: skip
    assert wrong.status_code == 400
    assert wrong.json()["error"]["message"] == "Codice fiscale errato"
