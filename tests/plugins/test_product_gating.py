"""Product lines are served only where the tenant offers them and its admin keeps them on.

Shipped tenants (tenants.yaml): rcadealer offers rca and noleggio-auto, assicurapp offers
noleggio-auto and prestiti, assicurapp_dev offers all three.
"""

from __future__ import annotations

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory, login, me

PLATES = "/api/targhe/"
RENTALS = "/api/noleggio-auto/preventivi"
LOANS = "/api/prestiti/preventivi"
TOGGLE = "/api/settings/products/{}"

# route → tenant → expected status for a logged-in admin
GATING: dict[str, dict[str, int]] = {
    PLATES: {"rcadealer": 200, "assicurapp_dev": 200, "assicurapp": 404},
    LOANS: {"rcadealer": 404, "assicurapp_dev": 200, "assicurapp": 200},
    RENTALS: {"rcadealer": 200, "assicurapp_dev": 200, "assicurapp": 200},
}


async def _tenant_products(clients: ClientFactory, tenant: str) -> list[str]:
    response = await clients(tenant).get("/api/tenant")
    assert response.status_code == 200, response.text
    return [product["id"] for product in response.json()["products"]]


@pytest.mark.parametrize("route", sorted(GATING))
async def test_routes_answer_only_where_the_line_is_offered(
    seeded: Runtime, clients: ClientFactory, route: str
) -> None:
    for tenant, expected in GATING[route].items():
        client = clients(tenant)
        headers = await login(client, "admin")
        response = await client.get(route, headers=headers)
        assert response.status_code == expected, f"{route} on {tenant}: {response.text}"
        if expected == 200:
            body = response.json()
            rows = (
                body["targhe"] if route == PLATES else body
            )  # the register answers {targhe, more}
            assert isinstance(rows, list)
            assert rows, f"{route} on {tenant}: demo data expected"
        else:
            assert response.json()["error"]["message"] == "Prodotto non disponibile"


async def test_gated_route_needs_login_where_offered(
    seeded: Runtime, clients: ClientFactory
) -> None:
    """Where the line is on, the plugin's route still asks for a login (401, not data)."""
    response = await clients("assicurapp").get(LOANS)
    assert response.status_code == 401


async def test_tenant_config_lists_the_offered_lines(
    seeded: Runtime, clients: ClientFactory
) -> None:
    assert await _tenant_products(clients, "rcadealer") == ["rca", "noleggio-auto"]
    assert await _tenant_products(clients, "assicurapp") == ["noleggio-auto", "prestiti"]
    assert await _tenant_products(clients, "assicurapp_dev") == [
        "rca",
        "noleggio-auto",
        "prestiti",
    ]


async def test_admin_switches_a_line_off_and_on_again(
    seeded: Runtime, clients: ClientFactory
) -> None:
    assicurapp, rcadealer = clients("assicurapp"), clients("rcadealer")
    admin = await login(assicurapp, "admin")
    rca_admin = await login(rcadealer, "admin")
    assert "noleggio-auto" in [e["key"] for e in (await me(assicurapp, admin))["menu"]]

    off = await assicurapp.put(
        TOGGLE.format("noleggio-auto"), json={"enabled": False}, headers=admin
    )
    assert off.status_code == 200, off.text
    assert off.json() == {"products": ["prestiti"]}

    # Off for assicurapp only, at once (no restart): route, tenant config and menu.
    assert (await assicurapp.get(RENTALS, headers=admin)).status_code == 404
    assert (await assicurapp.get(LOANS, headers=admin)).status_code == 200
    assert (await rcadealer.get(RENTALS, headers=rca_admin)).status_code == 200
    assert await _tenant_products(clients, "assicurapp") == ["prestiti"]
    assert await _tenant_products(clients, "rcadealer") == ["rca", "noleggio-auto"]
    menu = [e["key"] for e in (await me(assicurapp, admin))["menu"]]
    assert "noleggio-auto" not in menu
    assert "prestiti" in menu
    assert "noleggio-auto" in [e["key"] for e in (await me(rcadealer, rca_admin))["menu"]]
    # An agent who has the line among its extra products loses it too.
    agent = await login(assicurapp, "agente")
    assert "noleggio-auto" not in [e["key"] for e in (await me(assicurapp, agent))["menu"]]
    assert (await assicurapp.get(RENTALS, headers=agent)).status_code == 404

    on = await assicurapp.put(TOGGLE.format("noleggio-auto"), json={"enabled": True}, headers=admin)
    assert on.status_code == 200, on.text
    assert sorted(on.json()["products"]) == ["noleggio-auto", "prestiti"]
    assert (await assicurapp.get(RENTALS, headers=admin)).status_code == 200
    assert sorted(await _tenant_products(clients, "assicurapp")) == ["noleggio-auto", "prestiti"]
    assert "noleggio-auto" in [e["key"] for e in (await me(assicurapp, admin))["menu"]]
    assert "noleggio-auto" in [e["key"] for e in (await me(assicurapp, agent))["menu"]]


async def test_switching_off_twice_is_harmless(seeded: Runtime, clients: ClientFactory) -> None:
    client = clients("assicurapp")
    admin = await login(client, "admin")
    for _ in range(2):
        response = await client.put(
            TOGGLE.format("prestiti"), json={"enabled": False}, headers=admin
        )
        assert response.status_code == 200
        assert response.json() == {"products": ["noleggio-auto"]}
    for _ in range(2):
        response = await client.put(
            TOGGLE.format("prestiti"), json={"enabled": True}, headers=admin
        )
        assert response.status_code == 200
        assert sorted(response.json()["products"]) == ["noleggio-auto", "prestiti"]


@pytest.mark.parametrize("role", ["agente", "responsabile", "subagente", "dipendente"])
async def test_only_an_admin_may_switch(seeded: Runtime, clients: ClientFactory, role: str) -> None:
    client = clients("assicurapp")
    headers = await login(client, role)
    response = await client.put(
        TOGGLE.format("noleggio-auto"), json={"enabled": False}, headers=headers
    )
    assert response.status_code == 403, response.text
    admin = await login(client, "admin")
    assert (await client.get(RENTALS, headers=admin)).status_code == 200


async def test_switching_needs_login(seeded: Runtime, clients: ClientFactory) -> None:
    response = await clients("assicurapp").put(TOGGLE.format("prestiti"), json={"enabled": False})
    assert response.status_code == 401


@pytest.mark.parametrize(
    ("tenant", "product"),
    [("assicurapp", "rca"), ("rcadealer", "prestiti"), ("assicurapp", "nessuno")],
)
async def test_a_line_the_tenant_does_not_offer_cannot_be_switched(
    seeded: Runtime, clients: ClientFactory, tenant: str, product: str
) -> None:
    client = clients(tenant)
    admin = await login(client, "admin")
    for enabled in (True, False):
        response = await client.put(
            TOGGLE.format(product), json={"enabled": enabled}, headers=admin
        )
        assert response.status_code == 404, response.text
    # Nothing was switched on by the attempt.
    assert product not in await _tenant_products(clients, tenant)


@pytest.mark.parametrize("body", [{}, {"enabled": False, "extra": 1}, {"enabled": None}])
async def test_toggle_body_is_validated(
    seeded: Runtime, clients: ClientFactory, body: dict[str, object]
) -> None:
    client = clients("assicurapp")
    admin = await login(client, "admin")
    response = await client.put(TOGGLE.format("prestiti"), json=body, headers=admin)
    assert response.status_code == 400, response.text
    assert "prestiti" in await _tenant_products(clients, "assicurapp")


@pytest.mark.parametrize("enabled", ["no", 0])
async def test_toggle_refuses_a_non_boolean(
    seeded: Runtime, clients: ClientFactory, enabled: object
) -> None:
    client = clients("assicurapp")
    admin = await login(client, "admin")
    response = await client.put(TOGGLE.format("prestiti"), json={"enabled": enabled}, headers=admin)
    assert response.status_code == 400, response.text
    assert "prestiti" in await _tenant_products(clients, "assicurapp")


async def test_switching_tells_the_tenants_clients_after_the_change_is_stored(
    seeded: Runtime, clients: ClientFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = clients("assicurapp")
    admin = await login(client, "admin")
    heard: list[tuple[str | None, str, list[str]]] = []

    async def send_event(tenant_id: str | None, name: str) -> None:
        # what a client re-reading the configuration now would get
        heard.append((tenant_id, name, await _tenant_products(clients, "assicurapp")))

    monkeypatch.setattr(seeded.hub, "send_event", send_event)
    response = await client.put(TOGGLE.format("prestiti"), json={"enabled": False}, headers=admin)
    assert response.status_code == 200, response.text
    assert heard == [("assicurapp", "productsChanged", ["noleggio-auto"])]

    refused = await client.put(TOGGLE.format("rca"), json={"enabled": False}, headers=admin)
    assert refused.status_code == 404
    assert len(heard) == 1
