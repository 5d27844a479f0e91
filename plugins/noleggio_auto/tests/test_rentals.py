"""Car rental (noleggio-auto): who sees which rental quote, and where the line is served.

Demo data (plugins/noleggio_auto/demo.py), in every tenant (all three offer the line): three
rental quotes of agente.
"""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import ClientFactory, Runtime, add_quote, add_user, listed_ids, login, user_id

ROUTE = "/api/noleggio-auto/preventivi"
LINE = "noleggio-auto"
TENANTS = ("rcadealer", "assicurapp", "assicurapp_dev")


async def test_demo_rentals_and_their_columns(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    response = await client.get(ROUTE, headers=await login(client, "admin"))
    assert response.status_code == 200
    rows = response.json()
    assert {row["auto"] for row in rows} == {
        "Fiat 500 Hybrid",
        "Jeep Compass 4xe",
        "Volkswagen Golf 1.5 eTSI",
    }
    by_car = {row["auto"]: row for row in rows}
    assert by_car["Fiat 500 Hybrid"]["canone"] == 289
    assert by_car["Fiat 500 Hybrid"]["status"] == "In attesa di quotazione"
    agente = await user_id(seeded, "rcadealer", "agente")
    for row in rows:
        assert set(row) == {"_id", "cliente", "auto", "canone", "at", "aId", "status"}
        assert row["cliente"] == "Luca Bianchi"
        assert row["aId"] == agente
    assert [row["at"] for row in rows] == sorted((row["at"] for row in rows), reverse=True)


@pytest.mark.parametrize("tenant", ["rcadealer", "assicurapp"])
async def test_each_role_sees_its_tree(
    seeded: Runtime, clients: ClientFactory, tenant: str
) -> None:
    client = clients(tenant)
    demo = await listed_ids(client, ROUTE, "admin")
    assert len(demo) == 3
    agente = await user_id(seeded, tenant, "agente")
    sub = await user_id(seeded, tenant, "subagente")
    other = await add_user(seeded, tenant, "altro", {"a": {"type": "agente"}}, [LINE])
    sub_rental = await add_quote(
        seeded, tenant, LINE, sub, parent=agente, car={"car_fullname": "Panda"}
    )
    other_rental = await add_quote(seeded, tenant, LINE, other, car={"car_fullname": "Tipo"})
    everything = demo | {sub_rental, other_rental}
    expected = {
        "admin": everything,
        "responsabile": everything,
        "agente": demo | {sub_rental},
        "subagente": {sub_rental},
        "altro": {other_rental},
        "segnalatore": demo,  # the referred agent's own quotes
    }
    for role, ids in expected.items():
        assert await listed_ids(client, ROUTE, role) == ids, role
    refused = await client.get(ROUTE, headers=await login(client, "dipendente"))
    assert refused.status_code == 403  # role e works users only


async def test_tenants_do_not_share_rentals(seeded: Runtime, clients: ClientFactory) -> None:
    seen = [await listed_ids(clients(tenant), ROUTE, "admin") for tenant in TENANTS]
    assert all(len(ids) == 3 for ids in seen)
    assert not (seen[0] & seen[1])
    assert not (seen[0] & seen[2])
    assert not (seen[1] & seen[2])


@pytest.mark.parametrize("tenant", TENANTS)
async def test_served_wherever_offered(
    seeded: Runtime, clients: ClientFactory, tenant: str
) -> None:
    client = clients(tenant)
    response = await client.get(ROUTE, headers=await login(client, "agente"))
    assert response.status_code == 200


async def test_404_once_the_admin_switches_it_off(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("rcadealer")
    admin = await login(client, "admin")
    toggle = f"/api/settings/products/{LINE}"
    assert (await client.put(toggle, json={"enabled": False}, headers=admin)).status_code == 200
    assert (await client.get(ROUTE, headers=admin)).status_code == 404
    other = clients("assicurapp")
    assert (await other.get(ROUTE, headers=await login(other, "admin"))).status_code == 200
    assert (await client.put(toggle, json={"enabled": True}, headers=admin)).status_code == 200
    assert (await client.get(ROUTE, headers=admin)).status_code == 200


async def test_login_is_required(seeded: Runtime, clients: ClientFactory) -> None:
    assert (await clients("assicurapp").get(ROUTE)).status_code == 401


async def test_a_token_of_another_tenant_is_refused(
    seeded: Runtime, clients: ClientFactory
) -> None:
    headers = await login(clients("rcadealer"), "admin")
    response = await clients("assicurapp").get(ROUTE, headers=headers)
    assert response.status_code == 401


async def _practice(client: Any, role: str, car: str) -> Any:
    rows = (await client.get(ROUTE, headers=await login(client, role))).json()
    quote_id = next(row["_id"] for row in rows if row["auto"] == car)
    return await client.get(f"{ROUTE}/{quote_id}", headers=await login(client, role))


async def test_a_practice_with_its_earnings(seeded: Runtime, clients: ClientFactory) -> None:
    """Golf: emission asked at 4% of 419 € for 36 months; the demo agent's share is 50%.
    Fiat 500: not asked yet, so the midpoint of Leasys' 1–5% (3%) of 289 €."""
    client = clients("assicurapp")
    golf = (await _practice(client, "agente", "Volkswagen Golf 1.5 eTSI")).json()
    assert golf["requestEmission"]["by"] == golf["aId"]
    assert golf["quote"]["qFattura"] == 4
    assert golf["earnings"] == {"monthly": 8.38, "total": 301.68}  # no platform for agents
    fiat = (await _practice(client, "admin", "Fiat 500 Hybrid")).json()
    assert fiat["earnings"] == {"monthly": 4.34, "total": 156.24, "platform": 155.88}
    assert fiat["car"]["company"] == "Leasys"


async def test_a_practice_outside_ones_tree_is_not_found(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    assert (await _practice(client, "admin", "Fiat 500 Hybrid")).status_code == 200
    rows = (await client.get(ROUTE, headers=await login(client, "admin"))).json()
    sub = await client.get(f"{ROUTE}/{rows[0]['_id']}", headers=await login(client, "subagente"))
    assert sub.status_code == 404
    other = clients("rcadealer")
    foreign = await other.get(f"{ROUTE}/{rows[0]['_id']}", headers=await login(other, "admin"))
    assert foreign.status_code == 404


async def test_the_catalogue_over_http(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("assicurapp")
    cars = (await client.get("/api/noleggio-auto/auto", headers=await login(client))).json()
    assert len(cars) == 5
    assert {car["company"] for car in cars} == {"Leasys", "Arval"}
    assert all(car["img_file"].startswith("/plugins/noleggio_auto/cars/") for car in cars)
    refused = await client.get("/api/noleggio-auto/auto", headers=await login(client, "dipendente"))
    assert refused.status_code == 403


async def test_the_customers_link_to_a_rental(seeded: Runtime, clients: ClientFactory) -> None:
    """The public page shows the car and the terms; asking for emission there takes the
    midpoint of the company's bounds; the page is gone while the line is switched off."""
    from core.testing import mint_code

    client = clients("assicurapp")
    rows = (await client.get(ROUTE, headers=await login(client, "admin"))).json()
    fiat = next(row for row in rows if row["auto"] == "Fiat 500 Hybrid")
    tenant = seeded.tenants.get("assicurapp")
    assert tenant is not None
    page = (
        f"/api/public/quotes/{fiat['_id']}/{mint_code(seeded.settings, tenant, fiat['_id'], 'x')}"
    )
    shown = (await client.get(page)).json()["quote"]
    assert (shown["car"]["car_fullname"], shown["price"]["canone"]) == ("Fiat 500 Hybrid", 289)
    asked = await client.post(f"{page}/emission")
    assert asked.status_code == 200, asked.text
    practice = (await client.get(f"{ROUTE}/{fiat['_id']}", headers=await login(client))).json()
    assert practice["quote"]["qFattura"] == 3  # Leasys: 1–5 %

    admin = await login(client, "admin")
    toggle = f"/api/settings/products/{LINE}"
    assert (await client.put(toggle, json={"enabled": False}, headers=admin)).status_code == 200
    assert (await client.get(page)).status_code == 404
    assert (await client.put(toggle, json={"enabled": True}, headers=admin)).status_code == 200
    assert (await client.get(page)).status_code == 200
