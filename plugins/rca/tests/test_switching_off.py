"""A tenant admin switches RCA off: the plates' menu entry, routes, calls and stream
disappear for that tenant only, live, and come back when it is switched on again."""

from __future__ import annotations

import pytest

from core.testing import CallFailed, Live, event_sentinel, login, menu_keys

LINE = "rca"
CHANNEL = "rca/targhe"
ROUTES = ("/api/targhe/", "/api/targhe/?q=ab")


async def test_switching_the_line_off_and_on(live: Live) -> None:
    agent = await live.logged_in("rcadealer", "agente")
    await agent.subscribe(CHANNEL)
    elsewhere = await live.logged_in("assicurapp_dev", "agente")
    await elsewhere.subscribe(CHANNEL)
    async with live.http("rcadealer") as http, live.http("assicurapp_dev") as other:
        admin, mine = await login(http, "admin"), await login(http, "agente")
        assert "targhe" in await menu_keys(http, mine)
        off = await http.put(
            f"/api/settings/products/{LINE}", json={"enabled": False}, headers=admin
        )
        assert off.status_code == 200, off.text

        # the stream: closed on the sockets that had it, refused to new subscribers
        kicked = await agent.next_event("#kickOut")
        assert kicked["data"] == {"channel": CHANNEL, "message": "Prodotto disattivato"}
        with pytest.raises(CallFailed, match=f"Non puoi iscriverti al canale {CHANNEL}"):
            await agent.subscribe(CHANNEL)
        # the calls answer as if they did not exist; the menu entry and the routes are gone
        for call in ("rca.targhe.cerca", "rca.targhe.salva", "rca.targhe.famiglia", "rca.classe"):
            with pytest.raises(CallFailed, match=rf"Chiamata sconosciuta: {call}"):
                await agent.invoke(call, {})
        assert "targhe" not in await menu_keys(http, mine)
        for route in ROUTES:
            assert (await http.get(route, headers=mine)).status_code == 404

        # the other tenant keeps all of it
        await event_sentinel(live, elsewhere, "assicurapp_dev")  # no #kickOut came before it
        assert (await elsewhere.invoke("rca.targhe.cerca", {}))["targhe"]
        theirs = await login(other, "agente")
        assert "targhe" in await menu_keys(other, theirs)
        for route in ROUTES:
            assert (await other.get(route, headers=theirs)).status_code == 200

        # switched on again: all of it is back
        on = await http.put(f"/api/settings/products/{LINE}", json={"enabled": True}, headers=admin)
        assert on.status_code == 200
        await agent.subscribe(CHANNEL)
        assert len((await agent.invoke("rca.targhe.cerca", {}))["targhe"]) == 7
        assert "targhe" in await menu_keys(http, mine)
        for route in ROUTES:
            assert (await http.get(route, headers=mine)).status_code == 200
