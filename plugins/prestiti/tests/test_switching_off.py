"""A tenant admin switches loans off: the menu entry, routes, calls and the usury table's
channel disappear for that tenant only, for open sessions too; a tenant that never offered
the line refuses all of it."""

from __future__ import annotations

import pytest

from core.testing import CallFailed, Live, event_sentinel, login, menu_keys
from plugins.prestiti.tests.records import CUSTOMER, loan_product, loans

LINE = "prestiti"
CHANNEL = "prestiti/tegm"
TENANT = "assicurapp"
ASKED = {"type": "prestito_personale", "Importo_richiesto": 5000, "Durata": 24}
OFFER = {"Istituto": "Banca Sella", "TAN": 7, "Importo_finanziato": 5000}


async def test_switching_the_line_off_and_on(live: Live) -> None:
    admin_socket = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    await agent.subscribe(CHANNEL)
    elsewhere = await live.logged_in("assicurapp_dev", "agente")
    await elsewhere.subscribe(CHANNEL)
    product = await loan_product(live.runtime, TENANT)
    practice = (await loans(live.runtime, TENANT))[0].id
    route = f"/api/prestiti/preventivi/{practice}"
    async with live.http(TENANT) as http, live.http("assicurapp_dev") as other:
        admin, mine = await login(http, "admin"), await login(http, "agente")
        assert LINE in await menu_keys(http, mine)
        off = await http.put(
            f"/api/settings/products/{LINE}", json={"enabled": False}, headers=admin
        )
        assert off.status_code == 200

        kicked = await agent.next_event("#kickOut")
        assert kicked["data"] == {"channel": CHANNEL, "message": "Prodotto disattivato"}
        with pytest.raises(CallFailed, match=f"Non puoi iscriverti al canale {CHANNEL}"):
            await agent.subscribe(CHANNEL)
        with pytest.raises(CallFailed, match=r"Chiamata sconosciuta: prestiti\.quotazione"):
            await admin_socket.invoke("prestiti.quotazione", {"pId": practice, "offer": OFFER})
        with pytest.raises(CallFailed, match="Prodotto non disponibile"):
            await agent.invoke("createQuote", {"pId": product.id, "usrData": CUSTOMER, **ASKED})
        assert LINE not in await menu_keys(http, mine)
        for path in ("/api/prestiti/preventivi", route, f"{route}/secci"):
            assert (await http.get(path, headers=mine)).status_code == 404, path

        await event_sentinel(live, elsewhere, "assicurapp_dev")  # no #kickOut came first
        theirs = await login(other, "agente")
        assert LINE in await menu_keys(other, theirs)
        assert (await other.get("/api/prestiti/preventivi", headers=theirs)).status_code == 200

        on = await http.put(f"/api/settings/products/{LINE}", json={"enabled": True}, headers=admin)
        assert on.status_code == 200
        await agent.subscribe(CHANNEL)
        created = await agent.invoke(
            "createQuote", {"pId": product.id, "usrData": CUSTOMER, **ASKED}
        )
        assert created["_id"]
        assert (await http.get(route, headers=mine)).status_code == 200


async def test_a_tenant_without_the_line_refuses_routes_calls_and_the_channel(
    live: Live,
) -> None:
    agent = await live.logged_in("rcadealer", "agente")
    with pytest.raises(CallFailed, match=f"Non puoi iscriverti al canale {CHANNEL}"):
        await agent.subscribe(CHANNEL)
    for call in ("prestiti.quotazione", "prestiti.salvaTegm", "prestiti.eliminaTegm"):
        with pytest.raises(CallFailed, match=f"Chiamata sconosciuta: {call}"):
            await agent.invoke(call, {})
    async with live.http("rcadealer") as http:
        mine = await login(http, "agente")
        assert LINE not in await menu_keys(http, mine)
        for path in ("/api/prestiti/preventivi", "/api/prestiti/preventivi/x/secci"):
            assert (await http.get(path, headers=mine)).status_code == 404, path
