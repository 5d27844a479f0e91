"""``/api/products``: reads for everyone logged in, writes for admins and responsabili only.

Bad definitions are refused with an Italian message and change nothing; a product of another
tenant does not exist here (404).
"""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, login

URL = "/api/products"
TENANT = "assicurapp"

FIELDS: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome e cognome", "type": "text", "required": True},
    {"_id": "cf", "name": "Codice fiscale", "type": "cf", "required": True},
    {"_id": "uso", "name": "Uso", "type": "Selezione", "options": ["Privato", "Professionale"]},
    {"_id": "note", "name": "Note interne", "type": "text", "hide": True},
]
GOOD: dict[str, Any] = {
    "name": "Tutela legale",
    "icon": "scale",
    "description": "Spese legali e peritali",
    "fields": FIELDS,
    "companies": {"Allianz": {"provv": 10, "istruttoria": 15.5, "qMin": 1, "qMax": 4}},
    "active": True,
}


async def _stored(runtime: Runtime, tenant: str = TENANT) -> dict[str, dict[str, Any]]:
    """Every product of ``tenant`` as the database holds it, by id."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            products = (await session.execute(select(m.Product))).scalars().all()
            return {
                p.id: {
                    "name": p.name, "line": p.line, "fields": p.fields,
                    "companies": p.companies, "active": p.active,
                }
                for p in products
            }  # fmt: skip


async def _create(client: Any, headers: dict[str, str], **changes: Any) -> dict[str, Any]:
    response = await client.post(URL, json={**GOOD, **changes}, headers=headers)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


async def test_an_admin_creates_a_product_and_everyone_reads_it(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    created = await _create(client, admin)

    assert created["name"] == "Tutela legale"
    assert created["type"] is None
    assert created["fields"] == FIELDS
    assert created["companies"] == {
        "Allianz": {"provv": 10, "istruttoria": 15.5, "qMin": 1, "qMax": 4}
    }
    stored = (await _stored(seeded))[created["_id"]]
    assert stored["fields"] == FIELDS
    for role in ("agente", "segnalatore", "responsabile"):
        headers = await login(client, role)
        listed = await client.get(URL, headers=headers)
        assert listed.status_code == 200, listed.text
        assert created["_id"] in {p["_id"] for p in listed.json()}, role
        one = await client.get(f"{URL}/{created['_id']}", headers=headers)
        assert one.json() == created, role
    # the employee works on users and documents only (SPEC §6): no product screen, no products
    employee = await login(client, "dipendente")
    assert (await client.get(URL, headers=employee)).status_code == 403
    assert (await client.get(f"{URL}/{created['_id']}", headers=employee)).status_code == 403


async def test_a_responsabile_manages_products_too(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    manager = await login(client, "responsabile")
    created = await _create(client, manager, name="Infortuni")
    changed = await client.put(
        f"{URL}/{created['_id']}", json={"description": "Nuova descrizione"}, headers=manager
    )
    assert changed.status_code == 200, changed.text
    assert changed.json() == {**created, "description": "Nuova descrizione"}
    gone = await client.delete(f"{URL}/{created['_id']}", headers=manager)
    assert gone.status_code == 200, gone.text
    assert created["_id"] not in await _stored(seeded)
    assert (await client.get(f"{URL}/{created['_id']}", headers=manager)).status_code == 404


async def test_inactive_products_are_hidden_from_everyone_but_managers(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    created = await _create(client, admin)
    off = await client.put(f"{URL}/{created['_id']}", json={"active": False}, headers=admin)
    assert off.status_code == 200, off.text
    assert off.json()["active"] is False
    assert off.json()["fields"] == FIELDS  # only the given keys change

    agent = await login(client, "agente")
    listed = {p["_id"] for p in (await client.get(URL, headers=agent)).json()}
    assert created["_id"] not in listed
    assert listed, "the demo products stay listed"
    assert (await client.get(f"{URL}/{created['_id']}", headers=agent)).status_code == 404
    assert created["_id"] in {p["_id"] for p in (await client.get(URL, headers=admin)).json()}


@pytest.mark.parametrize("role", ["agente", "subagente", "dipendente", "segnalatore"])
async def test_only_managers_write(seeded: Runtime, clients: ClientFactory, role: str) -> None:
    client = clients(TENANT)
    created = await _create(client, await login(client, "admin"))
    before = await _stored(seeded)
    headers = await login(client, role)

    attempts = [
        await client.post(URL, json=GOOD, headers=headers),
        await client.put(f"{URL}/{created['_id']}", json={"active": False}, headers=headers),
        await client.delete(f"{URL}/{created['_id']}", headers=headers),
    ]

    for response in attempts:
        assert response.status_code == 403, response.text
        assert response.json()["error"]["message"] == "Operazione non consentita per il tuo ruolo"
    assert await _stored(seeded) == before


async def test_reading_needs_a_login(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients(TENANT)
    assert (await client.get(URL)).status_code == 401
    assert (await client.post(URL, json=GOOD)).status_code == 401


def _field(**changes: Any) -> list[dict[str, Any]]:
    return [{**FIELDS[0], **changes}]


BAD: dict[str, tuple[dict[str, Any], str]] = {
    "no-name": ({"name": ""}, "name"),
    "unknown-type": ({"fields": _field(type="colore")}, "Tipo di campo sconosciuto: colore"),
    "duplicate-id": ({"fields": [FIELDS[0], {**FIELDS[1], "_id": "nome"}]}, "Campo ripetuto: nome"),
    "choice-without-options": (
        {"fields": [{"_id": "uso", "name": "Uso", "type": "Selezione"}]},
        "Il campo Uso richiede un elenco di opzioni",
    ),
    "empty-options": (
        {"fields": [{"_id": "g", "name": "Garanzie", "type": "Selezione multipla", "options": []}]},
        "Il campo Garanzie richiede un elenco di opzioni",
    ),
    "flag-as-text": ({"fields": _field(required="si")}, "Deve essere vero o falso"),
    "field-extra-key": ({"fields": _field(colore="rosso")}, "Campo non previsto"),
    "field-without-id": ({"fields": [{"name": "Nome", "type": "text"}]}, "Campo obbligatorio"),
    "qmin-over-qmax": (
        {"companies": {"Allianz": {"provv": 1, "istruttoria": 1, "qMin": 5, "qMax": 2}}},
        "qMin non può superare qMax",
    ),
    "negative": (
        {"companies": {"Allianz": {"provv": -1, "istruttoria": 0, "qMin": 0, "qMax": 1}}},
        "companies.Allianz.provv",
    ),
    "number-as-text": (
        {"companies": {"Allianz": {"provv": "10", "istruttoria": 0, "qMin": 0, "qMax": 1}}},
        "Deve essere un numero",
    ),
    "company-extra-key": (
        {"companies": {"Allianz": {"provv": 1, "istruttoria": 0, "qMin": 0, "qMax": 1, "x": 1}}},
        "Campo non previsto",
    ),
    "line-not-offered": ({"line": "rca"}, "Linea di prodotto non disponibile: rca"),
    "line-unknown": ({"line": "astronavi"}, "Linea di prodotto non disponibile: astronavi"),
    "active-as-text": ({"active": "true"}, "Deve essere vero o falso"),
    "unknown-key": ({"colore": "blu"}, "Campo non previsto"),
}


@pytest.mark.parametrize("case", sorted(BAD))
async def test_bad_products_are_refused_and_change_nothing(
    seeded: Runtime, clients: ClientFactory, case: str
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    created = await _create(client, admin)
    before = await _stored(seeded)
    changes, message = BAD[case]

    for response in (
        await client.post(URL, json={**GOOD, **changes}, headers=admin),
        await client.put(f"{URL}/{created['_id']}", json=changes, headers=admin),
    ):
        assert response.status_code == 400, response.text
        error = response.json()["error"]
        assert error["message"].startswith("Dati del prodotto non validi") or error[
            "message"
        ].startswith("Linea di prodotto"), error
        assert message in error["message"], error
    assert await _stored(seeded) == before


async def test_a_body_that_is_not_an_object_is_refused(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    before = await _stored(seeded)
    response = await client.post(URL, json=[GOOD], headers=admin)
    assert response.status_code == 400
    assert await _stored(seeded) == before


async def test_a_line_the_tenant_offers_is_accepted(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    created = await _create(client, admin, line="prestiti", name="Prestito personale")
    assert created["type"] == "prestiti"
    cleared = await client.put(f"{URL}/{created['_id']}", json={"line": None}, headers=admin)
    assert cleared.status_code == 200, cleared.text
    assert cleared.json()["type"] is None


async def test_a_product_sets_the_ramo_its_offers_default_to(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    created = await _create(client, admin, ramo="incendio", name="Casa")
    assert created["ramo"] == "incendio"
    bad = await client.put(f"{URL}/{created['_id']}", json={"ramo": "nautica"}, headers=admin)
    assert bad.status_code == 400
    assert "Ramo sconosciuto: nautica" in bad.text
    cleared = await client.put(f"{URL}/{created['_id']}", json={"ramo": None}, headers=admin)
    assert cleared.status_code == 200, cleared.text
    assert cleared.json()["ramo"] is None


async def test_another_tenants_product_is_not_found(
    seeded: Runtime, clients: ClientFactory
) -> None:
    theirs = clients("rcadealer")
    created = await _create(theirs, await login(theirs, "admin"))
    before = await _stored(seeded, "rcadealer")
    client = clients(TENANT)
    admin = await login(client, "admin")

    for response in (
        await client.get(f"{URL}/{created['_id']}", headers=admin),
        await client.put(f"{URL}/{created['_id']}", json={"active": False}, headers=admin),
        await client.delete(f"{URL}/{created['_id']}", headers=admin),
    ):
        assert response.status_code == 404, response.text
        assert response.json()["error"]["message"] == "Prodotto non trovato"
    assert created["_id"] not in {p["_id"] for p in (await client.get(URL, headers=admin)).json()}
    assert await _stored(seeded, "rcadealer") == before


async def test_a_product_with_quotes_is_switched_off_not_deleted(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients(TENANT)
    admin = await login(client, "admin")
    listed = (await client.get(URL, headers=admin)).json()
    rc_auto = next(p for p in listed if p["name"] == "RC Auto")  # the demo quotes use it
    before = await _stored(seeded)

    response = await client.delete(f"{URL}/{rc_auto['_id']}", headers=admin)

    assert response.status_code == 409, response.text
    assert "disattivalo" in response.json()["error"]["message"]
    assert await _stored(seeded) == before
