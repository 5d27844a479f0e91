"""A socket's handshake and subscriptions read what this process already checked of the
login (:mod:`core.realtime.known_logins`): no database round trip for a socket coming back
with its token, and still every ended session refused at once, here and on another process."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from typing import Any

import httpx
import pytest
from sqlalchemy import event, select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.realtime import protocol
from core.realtime.login_checks import TRY_AGAIN_LATER, LoginChecks
from core.runtime import Runtime
from core.testing import CallFailed, Live, ScClient
from tests.realtime.processes import ServerProcess
from tests.realtime.sessions import closed_with, socket_with

HOST = "assicurapp.localhost"


async def _token(http: httpx.AsyncClient, email: str = "agente@demo.it") -> str:
    answer = await http.post("/api/auth/login", json={"email": email, "password": "demo1234"})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


@contextmanager
def statements(runtime: Runtime) -> Iterator[list[str]]:
    """The SQL statements the app runs meanwhile."""
    seen: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        seen.append(statement)

    engine = runtime.db.engine.sync_engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", note)


async def test_a_socket_back_with_its_token_costs_no_database_round_trip(live: Live) -> None:
    async with live.http() as http:
        token = await _token(http)
    first = await socket_with(live, token)
    await first.subscribe("preventivi")
    await first.subscribe("noleggio-auto/auto")
    await first.close()

    with statements(live.runtime) as seen:
        back = await socket_with(live, token)
        await back.subscribe("preventivi")
        await back.subscribe("noleggio-auto/auto")  # a line's: the tenant's lines are known too
    assert seen == []
    with statements(live.runtime) as seen:  # a call still checks the login in its transaction
        await back.invoke("getDbData", {"preventivi": []})
    assert any("users" in s for s in seen)


async def test_a_logout_refuses_the_known_token_at_once(live: Live) -> None:
    async with live.http() as http:
        token = await _token(http)
        warm = await socket_with(live, token)
        await warm.subscribe("preventivi")
        out = await http.post("/api/auth/logout", headers={"Authorization": f"Bearer {token}"})
        assert out.status_code in (200, 204)
    assert await closed_with(warm) == protocol.CLOSE_LOGGED_OUT
    again = await live.client("assicurapp")
    answer = await again.handshake(token)
    assert answer["isAuthenticated"] is False
    assert answer["authError"]["name"] == "AuthTokenInvalidError"


async def test_a_role_change_refuses_the_known_token_at_once(live: Live) -> None:
    async with live.http() as http:
        token = await _token(http, "responsabile@demo.it")
    warm = await socket_with(live, token)
    await warm.subscribe("preventivi")
    await _set_role(live.runtime, "responsabile@demo.it", {"e": True})

    assert await closed_with(warm) == protocol.CLOSE_LOGGED_OUT
    again = await live.client("assicurapp")
    assert (await again.handshake(token))["isAuthenticated"] is False


async def test_a_suspension_refuses_the_known_token_at_once(live: Live) -> None:
    async with live.http() as http:
        token = await _token(http)
    warm = await socket_with(live, token)
    await warm.subscribe("preventivi")
    with tenant_scope("assicurapp"):
        async with live.runtime.write_session() as session:
            (await _user(session, "agente@demo.it")).suspended_at = utcnow()

    assert await closed_with(warm) == protocol.CLOSE_SUSPENDED
    again = await live.client("assicurapp")
    answer = await again.handshake(token)
    assert answer["isAuthenticated"] is False
    assert "account sospeso" in answer["authError"]["message"]


async def test_a_full_waiting_room_sends_returning_sockets_back_later(live: Live) -> None:
    runtime = live.runtime
    runtime.login_checks = LoginChecks(runtime.read_session, runtime.hub.logins, 500, waiting=0)
    async with live.http() as http:
        token = await _token(http)
    socket = await live.client("assicurapp")
    with pytest.raises(CallFailed) as refused:
        await socket.handshake(token)
    assert refused.value.message == "Troppe connessioni in arrivo: riprova tra poco"
    assert await closed_with(socket) == TRY_AGAIN_LATER
    assert runtime.login_checks.refused == 1


async def test_returning_sockets_are_checked_together(live: Live) -> None:
    """While one read is under way the others wait, then go in one read together."""
    runtime = live.runtime
    gate = asyncio.Event()

    @asynccontextmanager
    async def slow_read() -> AsyncIterator[Any]:
        await gate.wait()
        async with runtime.read_session() as session:
            yield session

    checks = LoginChecks(slow_read, runtime.hub.logins, batch=500, waiting=100)
    runtime.login_checks = checks
    async with live.http() as http:
        tokens = [await _token(http) for _ in range(3)]
        tokens.append(await _token(http, "responsabile@demo.it"))
        out = await http.post("/api/auth/logout", headers={"Authorization": f"Bearer {tokens[0]}"})
        assert out.status_code in (200, 204)
    sockets = [await live.client("assicurapp") for _ in tokens]
    answers = [asyncio.create_task(s.handshake(t)) for s, t in zip(sockets, tokens, strict=True)]
    for _ in range(200):
        if checks.waiting == len(tokens):
            break
        await asyncio.sleep(0.01)
    assert checks.waiting == len(tokens)
    gate.set()
    done = [await a for a in answers]

    assert [a["isAuthenticated"] for a in done] == [False, True, True, True]  # the logged out
    assert checks.reads <= 2  # at most the first login alone, then the others at once


async def _user(session: Any, email: str) -> m.User:
    user: m.User = (await session.execute(select(m.User).where(m.User.email == email))).scalar_one()
    return user


async def _set_role(runtime: Runtime, email: str, role: dict[str, Any]) -> None:
    with tenant_scope("assicurapp"):
        async with runtime.write_session() as session:
            (await _user(session, email)).role = role


async def test_a_logout_on_one_process_reaches_the_other_process_known_token(
    pair: list[ServerProcess],
) -> None:
    here, there = pair
    async with httpx.AsyncClient(
        base_url=f"http://127.0.0.1:{here.port}", headers={"host": HOST}
    ) as http:
        token = await _token(http)
        warm = await ScClient.open(there.port, HOST)
        try:
            assert (await warm.handshake(token))["isAuthenticated"] is True
            await warm.subscribe("preventivi")  # the other process knows the login now
            out = await http.post("/api/auth/logout", headers={"Authorization": f"Bearer {token}"})
            assert out.status_code in (200, 204)
            assert await closed_with(warm) == protocol.CLOSE_LOGGED_OUT
        finally:
            await warm.close()
    again = await ScClient.open(there.port, HOST)
    try:
        assert (await again.handshake(token))["isAuthenticated"] is False
    finally:
        await again.close()
