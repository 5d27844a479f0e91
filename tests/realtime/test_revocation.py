"""Sessions that end reach every socket: a new password, logout, 'esci da tutti i
dispositivi', a role change. Each test is the attack (an old session kept working) and
its defence (closed at once with 4500, refused over HTTP and on new sockets)."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.realtime import protocol
from core.runtime import Runtime
from core.settings import Settings
from core.testing import CallFailed, Live, serving
from tests.realtime.sessions import closed_with as _closed_with
from tests.realtime.sessions import socket_with as _socket_with

ENDED = "Non autorizzato: sessione terminata, effettua di nuovo l'accesso"
NEW_PASSWORD = "Tramonto-sul-Vesuvio-42"


@pytest.fixture
async def live(settings: Settings, runtime: Runtime):
    async with serving(settings, runtime) as server:
        yield server


def _http(live: Live, tenant: str = "assicurapp") -> httpx.AsyncClient:
    host = live.runtime.tenants.get(tenant).domains[0]  # type: ignore[union-attr]
    return httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}", headers={"host": host})


async def _http_login(live: Live, email: str = "agente@demo.it") -> str:
    async with _http(live) as http:
        answer = await http.post("/api/auth/login", json={"email": email, "password": "demo1234"})
    assert answer.status_code == 200, answer.text
    token: str = answer.json()["token"]
    return token


async def _me(live: Live, token: str) -> httpx.Response:
    async with _http(live) as http:
        return await http.get("/api/auth/me", headers={"Authorization": f"Bearer {token}"})


async def _reset_password(live: Live, email: str) -> None:
    """The whole reset flow a user follows: request, the mailed link, the new password."""
    async with _http(live) as http:
        assert (
            await http.post("/api/auth/password-reset", json={"email": email})
        ).status_code == 202
        mail = await _last_mail(live.runtime, email)
        token = re.search(r"/resetPwd/(\S+)", mail)
        assert token is not None
        confirm = await http.post(
            "/api/auth/password-reset/confirm",
            json={"token": token.group(1), "password": NEW_PASSWORD},
        )
        assert confirm.status_code == 200, confirm.text


async def _last_mail(runtime: Runtime, to: str) -> str:
    """The newest mail to ``to`` (written after the 202 answer, so waited for)."""
    async with asyncio.timeout(10):
        while True:
            with tenant_scope("assicurapp"):
                async with runtime.db.session() as session:
                    stmt = select(m.OutboxMail).where(m.OutboxMail.to == to)
                    newest = stmt.order_by(m.OutboxMail.at.desc()).limit(1)
                    mail = (await session.execute(newest)).scalar()
            if mail is not None:
                return mail.text
            await asyncio.sleep(0.05)


async def _set_role(runtime: Runtime, email: str, role: dict[str, Any]) -> None:
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            user = (await session.execute(select(m.User).where(m.User.email == email))).scalar_one()
            user.role = role


async def test_a_password_reset_closes_sockets_logged_in_before_it(live: Live) -> None:
    old = await _http_login(live)
    socket = await _socket_with(live, old)
    await socket.subscribe("preventivi")

    await _reset_password(live, "agente@demo.it")

    assert await _closed_with(socket) == protocol.CLOSE_LOGGED_OUT
    assert (await _me(live, old)).status_code == 401
    fresh = await live.client("assicurapp")
    assert (await fresh.handshake(old))["isAuthenticated"] is False


async def test_with_the_bus_message_lost_the_old_socket_still_cannot_work(live: Live) -> None:
    """Defence in depth: every call re-checks the session the socket logged in with."""
    socket = await _socket_with(live, await _http_login(live))
    live.runtime.db.on_commit = [live.runtime.hub.publish_changes]  # no kicks reach sockets

    await _reset_password(live, "agente@demo.it")

    with pytest.raises(CallFailed) as refused:
        await socket.invoke("getDbData", {"preventivi": []})
    assert refused.value.message == "Non autorizzato: le credenziali sono cambiate, accedi di nuovo"
    assert await _closed_with(socket) == protocol.CLOSE_LOGGED_OUT


async def test_logout_revokes_its_token_and_closes_only_its_sockets(live: Live) -> None:
    ended, kept = await _http_login(live), await _http_login(live)
    ended_socket, kept_socket = await _socket_with(live, ended), await _socket_with(live, kept)

    async with _http(live) as http:
        out = await http.post("/api/auth/logout", headers={"Authorization": f"Bearer {ended}"})
    assert out.status_code == 200

    assert await _closed_with(ended_socket) == protocol.CLOSE_LOGGED_OUT
    refused = await _me(live, ended)
    assert refused.status_code == 401
    assert refused.json()["error"]["message"] == ENDED
    assert (await kept_socket.invoke("getDbData", {"preventivi": []}))["tot"] == 1
    assert (await _me(live, kept)).status_code == 200


async def test_the_socket_logout_call_revokes_the_token_too(live: Live) -> None:
    token = await _http_login(live)
    socket = await _socket_with(live, token)

    await socket.invoke("logout")

    assert (await _me(live, token)).status_code == 401
    again = await live.client("assicurapp")
    assert (await again.handshake(token))["isAuthenticated"] is False


async def test_logout_everywhere_ends_every_session(live: Live) -> None:
    first, second = await _http_login(live), await _http_login(live)
    sockets = [await _socket_with(live, first), await _socket_with(live, second)]

    async with _http(live) as http:
        out = await http.post("/api/auth/logout-all", headers={"Authorization": f"Bearer {first}"})
    assert out.status_code == 200

    assert [await _closed_with(s) for s in sockets] == [protocol.CLOSE_LOGGED_OUT] * 2
    assert (await _me(live, first)).status_code == 401
    assert (await _me(live, second)).status_code == 401
    assert (await _me(live, await _http_login(live))).status_code == 200  # a new login works


async def test_a_role_change_ends_the_sessions_minted_with_the_old_role(live: Live) -> None:
    token = await _http_login(live, "responsabile@demo.it")
    socket = await _socket_with(live, token)

    await _set_role(live.runtime, "responsabile@demo.it", {"e": True})

    assert await _closed_with(socket) == protocol.CLOSE_LOGGED_OUT
    assert (await _me(live, token)).status_code == 401


async def test_a_change_that_is_not_about_access_keeps_sessions(live: Live) -> None:
    token = await _http_login(live)
    socket = await _socket_with(live, token)
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            stmt = select(m.User).where(m.User.email == "agente@demo.it")
            (await session.execute(stmt)).scalar_one().name = "Mario Rossi Bis"
    assert (await socket.invoke("getDbData", {"preventivi": []}))["tot"] == 1
    assert (await _me(live, token)).status_code == 200
