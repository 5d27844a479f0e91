"""Reading the register over HTTP: who sees which plates (the agent-tree rule, per tenant),
the search by plate, owner and fiscal code, a plate with its quotes, and the line's gate."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.api import TenantOwned, tenant_scope
from core.testing import DEMO_ROLES, ClientFactory, Runtime, add_user, login
from plugins.rca.models import Plate
from plugins.rca.tests.records import (
    DEMO_PLATES,
    PAYLOAD_KEYS,
    ROUTE,
    SUB_AGENTS_PLATE,
    TENANTS,
    add,
    error,
    listed,
)

SEEN = {
    "admin": DEMO_PLATES,
    "responsabile": DEMO_PLATES,
    "agente": DEMO_PLATES,  # the tree's top agent: the sub-agent's plate too
    "subagente": (SUB_AGENTS_PLATE,),
    "segnalatore": tuple(p for p in DEMO_PLATES if p != SUB_AGENTS_PLATE),  # the agent referred
}


@pytest.mark.parametrize("tenant", TENANTS)
@pytest.mark.parametrize("role", sorted(SEEN))
async def test_each_role_sees_its_agent_tree(
    seeded: Runtime, clients: ClientFactory, tenant: str, role: str
) -> None:
    client = clients(tenant)
    response = await client.get(ROUTE, headers=await login(client, role))
    assert response.status_code == 200, response.text
    body = response.json()
    assert [p["targa"] for p in body["targhe"]] == list(SEEN[role])  # sorted by plate
    assert body["more"] is False
    assert all(set(p) == PAYLOAD_KEYS for p in body["targhe"])


async def test_the_payload(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    rows = (await client.get(ROUTE, headers=await login(client, "admin"))).json()["targhe"]
    car = next(p for p in rows if p["targa"] == "AB123CD")
    assert car["tipo"] == "autovettura"
    assert (car["cliente"], car["cf"]) == ("Luca Bianchi", "BNCLCU80A01H501Q")
    assert (car["marca"], car["modello"]) == ("Fiat", "Panda 1.0 Hybrid")
    assert car["immatricolazione"] == {"isNew": False, "date": "2019-03-14"}
    assert car["targaAgev"] is False
    policy = car["polizza"]  # the demo policy that carries the plate
    assert set(policy) == {"_id", "numero", "compagnia", "scadenza", "grazia"}
    assert policy["compagnia"] == "Allianz"
    scadenza, grazia = policy["scadenza"], policy["grazia"]
    from datetime import date, timedelta

    assert date.fromisoformat(grazia) - date.fromisoformat(scadenza) == timedelta(days=15)
    new = next(p for p in rows if p["targa"] == "EF456GH")
    assert new["immatricolazione"] == {"isNew": True}
    moped = next(p for p in rows if p["targa"] == "X2B4CD")
    assert (moped["polizza"], moped["preventivo"]) == (None, None)


async def test_employees_and_users_without_a_role_are_refused(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await add_user(seeded, "rcadealer", "nessuno", {})
    client = clients("rcadealer")
    for role in ("dipendente", "nessuno"):
        response = await client.get(ROUTE, headers=await login(client, role))
        assert response.status_code == 403, role  # role e works users only (SPEC §6)


async def test_login_is_required(seeded: Runtime, clients: ClientFactory) -> None:
    assert (await clients("rcadealer").get(ROUTE)).status_code == 401


@pytest.mark.parametrize(
    ("q", "found"),
    [
        ("ab1", ["AB123CD"]),  # plate prefix
        ("AB 123-c", ["AB123CD"]),  # spaces and hyphens dropped
        ("x", ["X2B4CD", "XA123BC", "XY12345"]),  # one character: plates only
        ("bianchi", ["AB123CD", "X2B4CD"]),  # a word of the owner's name
        ("bian", ["AB123CD", "X2B4CD"]),  # its prefix
        ("Luca Bianchi", ["AB123CD", "X2B4CD"]),  # every word
        ("bianchi luca", ["AB123CD", "X2B4CD"]),
        ("luca verdi", []),
        ("BIÀNCHI", ["AB123CD", "X2B4CD"]),  # accents folded
        ("Ferri S.r.l.", ["GH789JK"]),  # punctuation splits words
        ("officina", []),  # words are matched from their start
        ("bnclcu80", ["AB123CD", "X2B4CD"]),  # fiscal code prefix
        ("RMNCHR90D50L219S", ["XY12345"]),  # a whole code
        ("0123456", ["GH789JK"]),  # a partita IVA
        ("ab123cd bianchi", ["AB123CD"]),  # a plate and a name
        ("zz", []),
        ("---", []),  # nothing to search
    ],
)
async def test_search(seeded: Runtime, clients: ClientFactory, q: str, found: list[str]) -> None:
    client = clients("rcadealer")
    assert await listed(client, await login(client, "agente"), q) == found


async def test_search_stays_in_the_users_tree(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    sub = await login(client, "subagente")
    assert await listed(client, sub, "esposito") == [SUB_AGENTS_PLATE]
    assert await listed(client, sub, "bianchi") == []
    assert await listed(client, sub, "ab1") == []


async def test_limit_and_more(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    admin = await login(client, "admin")
    cases: tuple[tuple[dict[str, str | int], list[str], bool], ...] = (
        ({"limit": 2}, ["AB123CD", "EF456GH"], True),
        ({"limit": 7}, list(DEMO_PLATES), False),
        ({"q": "x", "limit": 2}, ["X2B4CD", "XA123BC"], True),
        ({"q": "bianchi", "limit": 1}, ["AB123CD"], True),
    )
    for params, plates, more in cases:
        body = (await client.get(ROUTE, params=params, headers=admin)).json()
        assert ([p["targa"] for p in body["targhe"]], body["more"]) == (plates, more), params
    sub = await login(client, "subagente")
    body = (await client.get(ROUTE, params={"limit": 1}, headers=sub)).json()
    assert ([p["targa"] for p in body["targhe"]], body["more"]) == ([SUB_AGENTS_PLATE], False)


@pytest.mark.parametrize(
    "params", [{"limit": 0}, {"limit": 201}, {"limit": "tanti"}, {"limit": 1.5}, {"q": "x" * 101}]
)
async def test_bad_search_parameters(
    seeded: Runtime, clients: ClientFactory, params: dict[str, str | int | float]
) -> None:
    client = clients("rcadealer")
    response = await client.get(ROUTE, params=params, headers=await login(client, "agente"))
    assert response.status_code == 400, response.text
    assert error(response).startswith("Dati non validi")


async def test_a_plate_with_its_quotes(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    admin = await login(client, "admin")
    rows = (await client.get(ROUTE, params={"q": "AB123CD"}, headers=admin)).json()["targhe"]
    detail = (await client.get(f"{ROUTE}{rows[0]['_id']}", headers=admin)).json()
    assert set(detail) == PAYLOAD_KEYS | {"preventivi", "sinistri", "atrSinistri"}
    quotes = detail["preventivi"]
    assert quotes, "the demo quotes of Luca Bianchi that carry AB123CD"
    assert all(set(q) == {"_id", "status", "at", "product", "polizza"} for q in quotes)
    assert [q["at"] for q in quotes] == sorted((q["at"] for q in quotes), reverse=True)
    assert {q["product"] for q in quotes} == {"RC Auto"}
    assert detail["preventivo"] in [q["_id"] for q in quotes]
    # the moped of the same owner is carried by no quote
    moped = (await client.get(ROUTE, params={"q": "X2B4"}, headers=admin)).json()["targhe"][0]
    assert (await client.get(f"{ROUTE}{moped['_id']}", headers=admin)).json()["preventivi"] == []


async def test_a_plate_outside_the_users_view_is_not_found(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client, dev = clients("rcadealer"), clients("assicurapp_dev")
    admin = await login(client, "admin")
    rows = (await client.get(ROUTE, headers=admin)).json()["targhe"]
    agents = next(p["_id"] for p in rows if p["targa"] == "AB123CD")
    sub = await login(client, "subagente")
    for who, plate_id in ((sub, agents), (admin, "nessuna"), (admin, "x" * 5000)):
        response = await client.get(f"{ROUTE}{plate_id}", headers=who)
        assert response.status_code == 404, response.text
        assert error(response) == "Targa non trovata"
    # another tenant's plate, with the same number
    elsewhere = await dev.get(f"{ROUTE}{agents}", headers=await login(dev, "admin"))
    assert elsewhere.status_code == 404


async def test_plates_stay_in_their_tenant(seeded: Runtime, clients: ClientFactory) -> None:
    dealer, dev = clients("rcadealer"), clients("assicurapp_dev")
    added = await add(dealer, await login(dealer, "agente"), targa="ZZ999ZZ")
    assert await listed(dealer, await login(dealer, "admin")) == sorted([*DEMO_PLATES, "ZZ999ZZ"])
    theirs = await listed(dev, await login(dev, "admin"))
    assert theirs == list(DEMO_PLATES)
    assert await listed(dev, await login(dev, "admin"), "zz9") == []
    assert added["_id"] not in [p for p in theirs]


async def test_the_models_are_tenant_owned(seeded: Runtime) -> None:
    assert issubclass(Plate, TenantOwned)
    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            rows = (await session.execute(select(Plate))).scalars().all()
            assert {p.tenant_id for p in rows} == {"rcadealer"}
    with tenant_scope("assicurapp"):  # does not offer rca: no demo plates, none leak in
        async with seeded.db.session() as session:
            assert (await session.execute(select(Plate))).scalars().all() == []


@pytest.mark.parametrize("role", DEMO_ROLES)
async def test_a_tenant_without_the_line_answers_404(
    seeded: Runtime, clients: ClientFactory, role: str
) -> None:
    client = clients("assicurapp")
    headers = await login(client, role)
    for method, path in (
        ("GET", ROUTE), ("GET", f"{ROUTE}qualcosa"), ("POST", ROUTE), ("PATCH", f"{ROUTE}x"),
        ("DELETE", f"{ROUTE}x"), ("POST", f"{ROUTE}import"), ("POST", f"{ROUTE}classe"),
    ):  # fmt: skip
        response = await client.request(method, path, json={}, headers=headers)
        assert response.status_code == 404, f"{method} {path}: {response.text}"
        assert error(response) == "Prodotto non disponibile"


async def test_rca_cannot_be_switched_on_where_not_offered(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    admin = await login(client, "admin")
    response = await client.put("/api/settings/products/rca", json={"enabled": True}, headers=admin)
    assert response.status_code == 404
    assert (await client.get(ROUTE, headers=admin)).status_code == 404
