"""A client's edit reaches, live, the managers and its tree's agent on the ``clienti`` stream
(its id only); a sub-agent hears nothing, an employee may not subscribe."""

from __future__ import annotations

import httpx
import pytest

from core.testing import CallFailed, Live, headers_for, heard_before_sentinel
from tests.integration.clients.test_client_edit import _luca

TENANT = "assicurapp"


async def test_an_edit_reaches_who_may_see_the_client(live: Live) -> None:
    luca = await _luca(live.runtime)
    hearing = [await live.logged_in(TENANT, who) for who in ("admin", "agente")]
    deaf = await live.logged_in(TENANT, "subagente")
    for client in (*hearing, deaf):
        await client.subscribe("clienti")
    employee = await live.logged_in(TENANT, "dipendente")
    with pytest.raises(CallFailed, match=r"^Non puoi iscriverti al canale clienti$"):
        await employee.subscribe("clienti")
    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    headers = {**await headers_for(live.runtime, TENANT, "admin"), "Host": host}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        answer = await http.patch(
            f"/api/clients/{luca.id}", json={"pec": "l@pec.it"}, headers=headers
        )
    assert answer.status_code == 200, answer.text
    for client in hearing:
        event = await client.published("clienti")
        assert event["operationType"] == "update"
        assert event["c"] == {"_id": luca.id, "tree": luca.owner_agent_id}
    assert await heard_before_sentinel(live, [deaf], TENANT) == [{}]
