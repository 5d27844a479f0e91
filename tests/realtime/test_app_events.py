"""Admin triggers (restartApp, closePopUp) and registerWebPush over the socket."""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.settings import Settings
from core.testing import CallFailed, Live, event_sentinel, serving, user_ids
from tests.realtime.processes import RedisServer

SUBSCRIPTION: dict[str, Any] = {
    "endpoint": "https://fcm.googleapis.com/fcm/send/abc123",
    "expirationTime": None,
    "keys": {
        "p256dh": "BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlU",
        "auth": "tBHItJI5svbpez7KI4CCXg",
    },
}


@pytest.mark.parametrize("event", ["restartApp", "closePopUp"])
async def test_an_admin_event_reaches_every_app_of_the_tenant_only(live: Live, event: str) -> None:
    admin = await live.logged_in("assicurapp", "admin")
    agent = await live.logged_in("assicurapp", "agente")
    anonymous = await live.client("assicurapp")
    await anonymous.handshake()
    elsewhere = await live.logged_in("rcadealer", "admin")

    assert await admin.invoke("sendAppEvent", {"event": event}) == {"sent": event}

    for client in (admin, agent, anonymous):
        assert await client.next_event(event) == {"event": event}
    await event_sentinel(live, elsewhere, "rcadealer")


@pytest.mark.parametrize(
    ("who", "data", "message"),
    [
        ("agente", {"event": "restartApp"}, "solo un amministratore"),
        ("responsabile", {"event": "closePopUp"}, "solo un amministratore"),
        ("admin", {"event": "formatDisk"}, "Dati non validi"),
        ("admin", "restartApp", "Dati non validi"),
    ],
)
async def test_app_events_are_for_admins_and_known_names(
    live: Live, who: str, data: Any, message: str
) -> None:
    client = await live.logged_in("assicurapp", who)
    with pytest.raises(CallFailed, match=message):
        await client.invoke("sendAppEvent", data)
    await event_sentinel(live, client, "assicurapp")


async def _subscriptions(live: Live) -> list[m.WebPushSubscription]:
    with tenant_scope("assicurapp"):
        async with live.runtime.db.session() as session:
            return list((await session.execute(select(m.WebPushSubscription))).scalars())


async def test_a_push_subscription_is_kept_once_per_browser(live: Live) -> None:
    ids = await user_ids(live.runtime, "assicurapp")
    agent = await live.logged_in("assicurapp", "agente")
    await agent.transmit("registerWebPush", SUBSCRIPTION)
    assert await agent.invoke("registerWebPush", SUBSCRIPTION) == {"ok": True}
    manager = await live.logged_in("assicurapp", "responsabile")
    renewed = {**SUBSCRIPTION, "keys": {**SUBSCRIPTION["keys"], "auth": "bmV3LWF1dGgtc2VjcmV0"}}

    await manager.invoke("registerWebPush", renewed)

    (stored,) = await _subscriptions(live)
    assert (stored.user_id, stored.endpoint, stored.auth) == (
        ids["responsabile"], SUBSCRIPTION["endpoint"], "bmV3LWF1dGgtc2VjcmV0",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (None, "Dati non validi"),
        ({"endpoint": "http://fcm.googleapis.com/x", "keys": SUBSCRIPTION["keys"]},
         "Servizio di notifiche non riconosciuto"),
        ({"endpoint": "https://intranet.example.org/x", "keys": SUBSCRIPTION["keys"]},
         "Servizio di notifiche non riconosciuto"),
        ({"endpoint": "https://fcm.googleapis.com.evil.org/x", "keys": SUBSCRIPTION["keys"]},
         "Servizio di notifiche non riconosciuto"),
        ({"endpoint": "https://fcm.googleapis.com/x"}, "Dati non validi"),
        ({"endpoint": "https://fcm.googleapis.com/x", "keys": {"p256dh": "<script>", "auth": "a"}},
         "Dati non validi"),
        ({"endpoint": "https://fcm.googleapis.com/" + "x" * 1000, "keys": SUBSCRIPTION["keys"]},
         "Dati non validi"),
    ],
    ids=["empty", "plain-http", "not-a-push-service", "look-alike-host", "no-keys", "bad-keys",
         "too-long"],
)  # fmt: skip
async def test_a_bad_push_subscription_is_refused(live: Live, data: Any, message: str) -> None:
    """Only a push service may be named: the server posts to it (no intranet address)."""
    agent = await live.logged_in("assicurapp", "agente")
    with pytest.raises(CallFailed, match=message):
        await agent.invoke("registerWebPush", data)
    assert await _subscriptions(live) == []


async def test_registering_push_needs_a_login(live: Live) -> None:
    client = await live.client("assicurapp")
    await client.handshake()
    with pytest.raises(CallFailed, match="effettua l'accesso"):
        await client.invoke("registerWebPush", SUBSCRIPTION)


async def _sportello(*args: str, **env: str) -> tuple[int, str]:
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", "from core.cli import app; app()", *args,
        env={**os.environ, "COLUMNS": "200", **env},
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
    )  # fmt: skip
    output, _ = await process.communicate()
    return await process.wait(), " ".join(output.decode().split())


@pytest.mark.skipif(not RedisServer.available(), reason="redis-server not installed")
async def test_the_cli_reaches_every_server_through_redis(
    settings: Settings, runtime: Runtime
) -> None:
    redis = RedisServer()
    await redis.start()
    on_redis = settings.model_copy(
        update={"bus": settings.bus.model_copy(update={"url": redis.url})}
    )
    try:
        async with serving(on_redis, runtime) as live:
            here = await live.logged_in("assicurapp", "agente")
            elsewhere = await live.logged_in("rcadealer", "agente")

            code, output = await _sportello(
                "app-event", "closePopUp", "--tenant", "assicurapp", BROADCAST_URL=redis.url
            )

            assert code == 0
            assert output.endswith("closePopUp inviato a assicurapp.")
            assert await here.next_event("closePopUp") == {"event": "closePopUp"}
            await event_sentinel(live, elsewhere, "rcadealer")
    finally:
        await redis.kill()


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["app-event", "restartApp"], 1, "BROADCAST_URL=memory://"),
        (["app-event", "reboot"], 2, "Evento sconosciuto: reboot"),
        (["app-event", "restartApp", "--tenant", "nessuno"], 2, "Tenant sconosciuto: nessuno"),
    ],
)
async def test_the_cli_refuses_what_it_cannot_do(args: list[str], code: int, message: str) -> None:
    exit_code, output = await _sportello(*args, BROADCAST_URL="memory://")
    assert exit_code == code
    assert message in output
