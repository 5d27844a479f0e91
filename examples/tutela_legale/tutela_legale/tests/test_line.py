"""Tutela legale end to end on a live server: its route, call, stream and menu entry, each
scoped to the tenant that offers the line and to the agent tree."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import httpx
import pytest

from tutela_legale.practices import CHANNEL, LINE, SAVE
from tutela_legale.tests.kit import (
    ELSEWHERE,
    OFFERS,
    CallFailed,
    Live,
    ScClient,
    heard_before_sentinel,
    login,
)

ROUTE = f"/api/{LINE}/pratiche"


@asynccontextmanager
async def _http(live: Live, tenant: str) -> AsyncIterator[httpx.AsyncClient]:
    host = live.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
    base = f"http://127.0.0.1:{live.port}"
    async with httpx.AsyncClient(base_url=base, headers={"host": host}) as client:
        yield client


async def _titles(http: httpx.AsyncClient, role: str) -> set[str]:
    response = await http.get(ROUTE, headers=await login(http, role))
    assert response.status_code == 200, response.text
    return {practice["title"] for practice in response.json()}


async def _synced(client: ScClient) -> dict[str, Any]:
    """What ``getDbData`` sends the client for the line's stream."""
    await client.subscribe("dbData")
    answer = await client.invoke("getDbData", {CHANNEL: []})
    batches: dict[str, Any] = {}
    for _ in range(answer["tot"]):
        batches.update((await client.published("dbData")).get(CHANNEL, {}))
    return batches


async def test_the_route_lists_what_the_agent_tree_may_see(live: Live) -> None:
    async with _http(live, OFFERS) as http:
        assert await _titles(http, "subagente") == {"Pratica del subagente"}
        own = {"Prima pratica di prova", "Seconda pratica di prova", "Pratica del subagente"}
        assert await _titles(http, "agente") == own  # their own and their sub-agent's
        assert await _titles(http, "admin") == own
        agent = await login(http, "agente")
        listed = (await http.get(ROUTE, headers=agent)).json()
        first = next(p["_id"] for p in listed if p["title"] == "Prima pratica di prova")
        assert (await http.get(f"{ROUTE}/{first}", headers=agent)).json()["status"] == "Aperta"
        missing = await http.get(f"{ROUTE}/{first}", headers=await login(http, "subagente"))
        assert missing.status_code == 404
        assert missing.json()["error"]["message"] == "Pratica non trovata"
        employee = await http.get(ROUTE, headers=await login(http, "dipendente"))
        assert employee.status_code == 403
        assert (await http.get(ROUTE)).status_code == 401
    async with _http(live, ELSEWHERE) as other:  # a tenant that does not offer the line
        answer = await other.get(ROUTE, headers=await login(other, "admin"))
        assert answer.status_code == 404


async def test_the_call_writes_and_the_stream_tells_whom_it_concerns(live: Live) -> None:
    sub = await live.logged_in(OFFERS, "subagente")
    agent = await live.logged_in(OFFERS, "agente")
    admin = await live.logged_in(OFFERS, "admin")
    referrer = await live.logged_in(OFFERS, "segnalatore")  # sees the agent's records only
    for client in (agent, admin, referrer):
        await client.subscribe(CHANNEL)

    written = await sub.invoke(SAVE, {"title": "Nuova pratica", "client": "Mario Neri"})
    assert written["aId"] == sub.user_id
    assert (written["client"], written["status"]) == ("Mario Neri", "Aperta")
    with pytest.raises(CallFailed, match="Dati della pratica non validi"):  # the client is due
        await sub.invoke(SAVE, {"title": "Senza cliente"})
    for client in (agent, admin):
        event = await client.published(CHANNEL)
        assert event["operationType"] == "insert"
        assert event["p"]["_id"] == written["_id"]
    [heard] = await heard_before_sentinel(live, [referrer], OFFERS)
    assert CHANNEL not in heard  # the sub-agent's practice is not the referrer's

    closing = {"_id": written["_id"], "title": "Nuova", "client": "Mario Neri", "status": "Chiusa"}
    changed = await sub.invoke(SAVE, closing)
    assert (changed["title"], changed["status"]) == ("Nuova", "Chiusa")
    with pytest.raises(CallFailed, match="Dati della pratica non validi"):
        await sub.invoke(SAVE, {"title": "", "client": "Mario Neri"})
    with pytest.raises(CallFailed, match="Dati della pratica non validi"):
        await sub.invoke(SAVE, {"title": "x", "client": "Mario Neri", "status": "Sconosciuto"})
    with pytest.raises(CallFailed, match="Pratica non trovata"):  # the sub-agent's: not theirs
        await referrer.invoke(SAVE, {"_id": written["_id"], "title": "x", "client": "y"})

    elsewhere = await live.logged_in(ELSEWHERE, "agente")
    with pytest.raises(CallFailed, match="Chiamata sconosciuta"):
        await elsewhere.invoke(SAVE, {"title": "x", "client": "y"})


async def test_the_stream_syncs_each_user_their_own_records(live: Live) -> None:
    agent = await _synced(await live.logged_in(OFFERS, "agente"))
    sub = await _synced(await live.logged_in(OFFERS, "subagente"))
    assert {p["title"] for p in sub.values()} == {"Pratica del subagente"}
    assert len(agent) == 3
    assert set(sub) < set(agent)


async def test_the_menu_shows_the_line_where_it_is_offered(live: Live) -> None:
    async with _http(live, OFFERS) as http, _http(live, ELSEWHERE) as other:
        mine = await login(http, "agente")
        me = (await http.get("/api/auth/me", headers=mine)).json()
        assert LINE in [entry["key"] for entry in me["menu"]]
        theirs = await login(other, "agente")
        me = (await other.get("/api/auth/me", headers=theirs)).json()
        assert LINE not in [entry["key"] for entry in me["menu"]]
