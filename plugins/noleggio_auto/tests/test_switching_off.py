"""A tenant admin switches car rental off: its menu entry, routes, calls and channel
disappear for that tenant only, live, and come back when it is switched on again."""

from __future__ import annotations

import pytest

from core.testing import CallFailed, Live, event_sentinel, login, menu_keys
from plugins.noleggio_auto.tests.records import CUSTOMER, car_named, rental_product

LINE = "noleggio-auto"
CHANNEL = "noleggio-auto/auto"
ROUTES = ("/api/noleggio-auto/preventivi", "/api/noleggio-auto/auto")


async def test_switching_the_line_off_and_on(live: Live) -> None:
    agent = await live.logged_in("rcadealer", "agente")
    await agent.subscribe(CHANNEL)
    elsewhere = await live.logged_in("assicurapp", "agente")
    await elsewhere.subscribe(CHANNEL)
    product = await rental_product(live.runtime, "rcadealer")
    car = await car_named(live.runtime, "rcadealer", "Fiat 500 Hybrid")
    new_rental = {"pId": product.id, "usrData": CUSTOMER, "carId": car.id}
    async with live.http("rcadealer") as http, live.http("assicurapp") as other:
        admin, mine = await login(http, "admin"), await login(http, "agente")
        assert LINE in await menu_keys(http, mine)
        off = await http.put(
            f"/api/settings/products/{LINE}", json={"enabled": False}, headers=admin
        )
        assert off.status_code == 200

        # the channel: closed on the sockets that had it, refused to new subscribers
        kicked = await agent.next_event("#kickOut")
        assert kicked["data"] == {"channel": CHANNEL, "message": "Prodotto disattivato"}
        assert (await agent.next_event("productsChanged"))["event"] == "productsChanged"
        with pytest.raises(CallFailed, match=f"Non puoi iscriverti al canale {CHANNEL}"):
            await agent.subscribe(CHANNEL)
        # the calls answer as if they did not exist; the line's quotes cannot be created
        with pytest.raises(CallFailed, match=r"Chiamata sconosciuta: noleggioAuto\.auto"):
            await agent.invoke("noleggioAuto.auto")
        with pytest.raises(CallFailed, match="Prodotto non disponibile"):
            await agent.invoke("createQuote", new_rental)
        # the menu entry, the shell's module and the routes
        assert LINE not in await menu_keys(http, mine)
        assert LINE not in [p["id"] for p in (await http.get("/api/tenant")).json()["products"]]
        for route in ROUTES:
            assert (await http.get(route, headers=mine)).status_code == 404

        # the other tenant keeps all of it
        await event_sentinel(live, elsewhere, "assicurapp")  # no #kickOut came before it
        assert (await elsewhere.invoke("noleggioAuto.auto"))["cars"]
        theirs = await login(other, "agente")
        assert LINE in await menu_keys(other, theirs)
        for route in ROUTES:
            assert (await other.get(route, headers=theirs)).status_code == 200

        # switched on again: all of it is back
        on = await http.put(f"/api/settings/products/{LINE}", json={"enabled": True}, headers=admin)
        assert on.status_code == 200
        await agent.subscribe(CHANNEL)
        assert len((await agent.invoke("noleggioAuto.auto"))["cars"]) == 5
        assert (await agent.invoke("createQuote", new_rental))["_id"]
        assert LINE in await menu_keys(http, mine)
        for route in ROUTES:
            assert (await http.get(route, headers=mine)).status_code == 200
