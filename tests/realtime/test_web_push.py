"""Web Push end to end against a push service on loopback: real encrypted pushes (decrypted
here with the subscription's keys), signed with the tenant's VAPID key; a gone subscription
removed; a slow service never delaying a chat message on the socket; nobody pushed about a
room they are looking at; an emission request pushed to the roles its status alerts."""

from __future__ import annotations

import asyncio
import base64
import contextlib
import json
import os
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import http_ece
import pytest
from aiohttp import web
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.testing import Live, ScClient, user_ids
from tests.realtime.records import quotes_of

TENANT = "assicurapp"


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class PushService:
    """A push service on loopback: records what it receives; ``gone-…`` endpoints answer 410,
    ``slow-…`` ones answer after 5 s."""

    port: int = 0
    received: list[tuple[str, dict[str, str], bytes]] = field(default_factory=list)
    arrived: asyncio.Event = field(default_factory=asyncio.Event)

    async def handle(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name.startswith("slow"):
            await asyncio.sleep(5)
        self.received.append((name, dict(request.headers), await request.read()))
        self.arrived.set()
        return web.Response(status=410 if name.startswith("gone") else 201)

    async def next(
        self, name: str, timeout: float = 5, skip: int = 0
    ) -> tuple[dict[str, str], bytes]:
        """The push for ``name`` after the first ``skip`` ones, waiting for it."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            mine = [(headers, body) for got, headers, body in self.received if got == name]
            if len(mine) > skip:
                return mine[skip]
            self.arrived.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), deadline - time.monotonic())
        raise TimeoutError(f"no push for {name}")

    async def read_until(
        self, name: str, browser: Browser, body: str
    ) -> tuple[dict[str, str], dict[str, Any]]:
        """The first push for ``name`` whose text is ``body`` (others may come first)."""
        for n in range(20):
            headers, content = await self.next(name, skip=n)
            payload = browser.read(content)
            if payload["body"] == body:
                return headers, payload
        raise AssertionError(f"no push saying {body!r}")


@dataclass
class Browser:
    """A browser's push subscription: its keys, to decrypt what it receives."""

    name: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1())
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, port: int) -> dict[str, Any]:
        point = self.key.public_key().public_bytes(Encoding.X962, PublicFormat.UncompressedPoint)
        return {"endpoint": f"http://127.0.0.1:{port}/push/{self.name}",
                "keys": {"p256dh": b64(point), "auth": b64(self.auth)}}  # fmt: skip

    def read(self, body: bytes) -> dict[str, Any]:
        plain = http_ece.decrypt(body, private_key=self.key, auth_secret=self.auth,
                                 version="aes128gcm")  # fmt: skip
        payload: dict[str, Any] = json.loads(plain)
        return payload


@pytest.fixture
async def service(live: Live, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[PushService]:
    push = PushService()
    app = web.Application()
    app.router.add_post("/push/{name}", push.handle)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    push.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    settings = live.runtime.settings.push
    monkeypatch.setattr(settings, "allowed_hosts", "127.0.0.1")
    monkeypatch.setattr(settings, "allow_http", True)
    monkeypatch.setattr(settings, "chat_grace_s", 0.3)
    monkeypatch.setattr(settings, "retries", 0)
    yield push
    await runner.cleanup()


async def _pushes_decided(live: Live) -> None:
    """Every push queued so far has been sent (the service answered) or skipped: the queue's
    own count of finished work, not a pause."""
    queue = live.runtime.push.queue
    assert queue is not None
    async with asyncio.timeout(10):
        await queue.join()


async def _subscribed(live: Live, who: str, browser: Browser, port: int) -> ScClient:
    client = await live.logged_in(TENANT, who)
    assert await client.invoke("registerWebPush", browser.subscription(port)) == {"ok": True}
    return client


async def test_a_chat_message_is_pushed_encrypted_and_signed(
    live: Live, service: PushService
) -> None:
    ids = await user_ids(live.runtime, TENANT)
    desk = Browser("admin-desk")
    admin = await _subscribed(live, "admin", desk, service.port)
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("sendChatMessage", {"roomId": f"/support/{ids['agente']}",
                                           "text": "Mi serve aiuto con una polizza"})  # fmt: skip
    headers, payload = await service.read_until(
        "admin-desk", desk, "Mi serve aiuto con una polizza"
    )
    assert payload["title"] == "Mario Rossi"
    assert payload["url"].startswith("/chat/")
    public = (await admin.invoke("tokenLogin", {}))["settings"]["webpush"]
    assert headers["Authorization"].startswith("vapid t=")
    assert f"k={public}" in headers["Authorization"]
    assert headers["Content-Encoding"] == "aes128gcm"


async def test_the_sender_gets_no_push_and_nor_does_who_cannot_see_the_room(
    live: Live, service: PushService
) -> None:
    ids = await user_ids(live.runtime, TENANT)
    own, other = Browser("agent-own"), Browser("sub-other")
    agent = await _subscribed(live, "agente", own, service.port)
    await _subscribed(live, "subagente", other, service.port)
    admin_browser = Browser("admin-watch")
    await _subscribed(live, "admin", admin_browser, service.port)
    await agent.invoke("sendChatMessage", {"roomId": f"/support/{ids['agente']}", "text": "Ciao"})
    await service.read_until("admin-watch", admin_browser, "Ciao")
    assert {name for name, *_ in service.received} == {"admin-watch"}


async def test_who_looks_at_the_room_gets_no_push(live: Live, service: PushService) -> None:
    ids = await user_ids(live.runtime, TENANT)
    watching = Browser("admin-looking")
    admin = await _subscribed(live, "admin", watching, service.port)
    agent = await live.logged_in(TENANT, "agente")
    room = f"/support/{ids['agente']}"
    first = await agent.invoke("sendChatMessage", {"roomId": room, "text": "Lo vedi subito"})
    await admin.invoke("chatSeen", {"chatId": first["chatId"]})  # the room is open on screen
    await _pushes_decided(live)  # the first message's push is decided (and skipped) by now
    await agent.invoke("sendChatMessage", {"roomId": room, "text": "Questo invece no"})
    await service.read_until("admin-looking", watching, "Questo invece no")
    said = [watching.read(body)["body"] for name, _, body in service.received]
    assert "Lo vedi subito" not in said


async def test_a_gone_subscription_is_removed(live: Live, service: PushService) -> None:
    ids = await user_ids(live.runtime, TENANT)
    await _subscribed(live, "admin", Browser("gone-1"), service.port)
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("sendChatMessage", {"roomId": f"/support/{ids['agente']}", "text": "C'è?"})
    await service.next("gone-1")
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        with tenant_scope(TENANT):
            async with live.runtime.db.session() as session:
                stmt = select(m.WebPushSubscription).where(
                    m.WebPushSubscription.endpoint.endswith("/push/gone-1")
                )
                if (await session.execute(stmt)).first() is None:
                    return
        await asyncio.sleep(0.1)
    pytest.fail("the gone subscription is still stored")


async def test_a_slow_push_service_never_delays_the_socket(
    live: Live, service: PushService
) -> None:
    ids = await user_ids(live.runtime, TENANT)
    await _subscribed(live, "responsabile", Browser("slow-1"), service.port)
    admin = await _subscribed(live, "admin", Browser("slow-2"), service.port)
    await admin.subscribe("chat")
    agent = await live.logged_in(TENANT, "agente")
    room = f"/support/{ids['agente']}"
    for n in range(3):
        began = time.monotonic()
        await agent.invoke("sendChatMessage", {"roomId": room, "text": f"Messaggio {n}"})
        event = await admin.published("chat")
        assert event["c"]["last"]["text"] == f"Messaggio {n}"
        assert time.monotonic() - began < 1.0
    assert service.received == []  # the slow service is still holding every push


async def test_an_emission_request_is_pushed_to_the_roles_it_alerts(
    live: Live, service: PushService
) -> None:
    ids = await user_ids(live.runtime, TENANT)
    manager, agent_browser = Browser("resp-1"), Browser("agent-1")
    await _subscribed(live, "responsabile", manager, service.port)
    agent = await _subscribed(live, "agente", agent_browser, service.port)
    quote = next(q for q in await quotes_of(live.runtime, TENANT, ids["agente"])
                 if q.emission_requested_at is None and not q.archived)  # fmt: skip
    await agent.invoke("richiediEmissione", {"pId": quote.id})
    for n in range(20):
        _, body = await service.next("resp-1", skip=n)
        payload = manager.read(body)
        if payload["url"] == f"/preventivi/{quote.id}":
            break
    assert payload["title"] == "Emissione richiesta"
    assert payload["url"] == f"/preventivi/{quote.id}"
    await _pushes_decided(live)  # whatever the request queued has been sent or skipped
    urls = [
        agent_browser.read(body)["url"] for name, _, body in service.received if name == "agent-1"
    ]
    assert f"/preventivi/{quote.id}" not in urls


async def test_the_settings_carry_the_tenants_public_key_from_the_start(live: Live) -> None:
    agent = await live.logged_in(TENANT, "agente")
    public = (await agent.invoke("tokenLogin", {}))["settings"]["webpush"]
    assert len(unb64(public)) == 65  # an uncompressed P-256 point
    assert unb64(public)[0] == 4
    other = await live.logged_in("rcadealer", "agente")
    assert (await other.invoke("tokenLogin", {}))["settings"]["webpush"] != public
