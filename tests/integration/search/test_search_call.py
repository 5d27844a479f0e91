"""The socket call ``cerca`` answers as ``GET /api/cerca`` does, refusals included."""

from __future__ import annotations

import pytest

from core.testing import CallFailed, Live, headers_for

TENANT = "assicurapp"


@pytest.mark.parametrize("who", ["agente", "subagente", "admin"])
async def test_the_call_and_the_route_give_the_same_groups(live: Live, who: str) -> None:
    socket = await live.logged_in(TENANT, who)
    headers = await headers_for(live.runtime, TENANT, who)
    async with live.http(TENANT) as http:
        for q in ("Bianchi", "AB123", "SPSPLA72C15F839O", "AZ-"):
            over_http = await http.get("/api/cerca", params={"q": q, "limit": 3}, headers=headers)
            assert over_http.status_code == 200, over_http.text
            assert await socket.invoke("cerca", {"q": q, "limit": 3}) == over_http.json()


async def test_the_call_refuses_what_the_route_refuses(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    for data in ({"q": "a"}, {"q": "x" * 101}, {"q": 7}, {"q": "Bianchi", "limit": 50}, "Bianchi"):
        with pytest.raises(CallFailed) as failed:
            await agent.invoke("cerca", data)
        assert failed.value.error["name"] == "BadRequest", data
    employee = await live.logged_in(TENANT, "dipendente")
    with pytest.raises(CallFailed) as refused:
        await employee.invoke("cerca", {"q": "Bianchi"})
    assert refused.value.error["name"] == "Forbidden"
