"""A sub-agent moved under another agent sees another tree: the sessions minted under the old
parent end (the socket closes with 4500, the token is refused over HTTP), as for any role
change, while the new login works under the new parent."""

from __future__ import annotations

import asyncio

import httpx
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.realtime import protocol
from core.testing import Live, ScClient, token_for, user_ids

TENANT = "assicurapp"


def _http(live: Live) -> httpx.AsyncClient:
    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    return httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}", headers={"host": host})


async def _login(live: Live, email: str) -> str:
    async with _http(live) as http:
        answer = await http.post("/api/auth/login", json={"email": email, "password": "demo1234"})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


async def _me(live: Live, token: str) -> int:
    async with _http(live) as http:
        answer = await http.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})
    return answer.status_code


async def _make_agent(live: Live, email: str) -> None:
    """Turn a demo account into a top-level agent (a second parent to move to)."""
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.User).where(m.User.email == email)
            (await session.execute(stmt)).scalar_one().role = {"a": {"type": "agente"}}


async def test_moving_a_sub_agent_to_another_parent_ends_its_sessions(live: Live) -> None:
    await _make_agent(live, "segnalatore@demo.it")
    ids = await user_ids(live.runtime, TENANT)
    token = await _login(live, "subagente@demo.it")
    socket = await live.client(TENANT)
    assert (await socket.handshake(token))["isAuthenticated"] is True

    admin = await token_for(live.runtime, TENANT, "admin@demo.it")
    moved = {"role": {"a": {"type": "subagente", "aId": ids["segnalatore"]}}}
    async with _http(live) as http:
        answer = await http.patch(
            f"/api/users/{ids['subagente']}", json=moved,
            headers={"Authorization": f"Bearer {admin}"},
        )  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert answer.json()["role"]["a"]["aId"] == ids["segnalatore"]

    async with asyncio.timeout(5):
        await socket.closed.wait()
    assert socket.close_code == protocol.CLOSE_LOGGED_OUT
    assert await _me(live, token) == 401
    again = await live.client(TENANT)
    assert (await again.handshake(token))["isAuthenticated"] is False
    fresh = await _login(live, "subagente@demo.it")
    assert await _me(live, fresh) == 200


async def test_the_parent_change_over_the_socket_ends_the_sessions_too(live: Live) -> None:
    await _make_agent(live, "segnalatore@demo.it")
    ids = await user_ids(live.runtime, TENANT)
    sub: ScClient = await live.logged_in(TENANT, "subagente")
    admin = await live.logged_in(TENANT, "admin")

    moved = {"_id": ids["subagente"], "role": {"a": {"type": "subagente",
                                                     "aId": ids["segnalatore"]}}}  # fmt: skip
    await admin.invoke("salvaUtente", moved)

    async with asyncio.timeout(5):
        await sub.closed.wait()
    assert sub.close_code == protocol.CLOSE_LOGGED_OUT
    assert not admin.closed.is_set()
