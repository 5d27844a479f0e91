"""The admins' OTP prompt: an integration asks for a company's code and waits; the request
reaches the apps in the settings; an admin's code, published on ``submitOtp-{company}``,
reaches the waiting integration and clears the request; everyone else is refused."""

from __future__ import annotations

import asyncio
import os
import sys

import httpx
import pytest

from core.domain.otp.ask import OtpTimeout, ask_otp
from core.runtime import Runtime
from core.settings import Settings
from core.testing import CallFailed, Live, headers_for, serving
from tests.realtime.processes import RedisServer

TENANT = "assicurapp"


async def test_an_admins_code_reaches_the_waiting_integration(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("settings")
    waiting = asyncio.create_task(
        ask_otp(live.runtime.hub, live.runtime.db, TENANT, "Allianz", timeout_s=5)
    )
    await admin.published("settings")  # the apps hear that the settings changed
    asked = (await admin.invoke("tokenLogin", {}))["settings"]["askOtp"]
    assert asked["company"] == "Allianz"
    await admin.invoke("#publish", {"channel": "submitOtp-Allianz", "data": "A1B2C3"})
    assert await waiting == "A1B2C3"
    assert "askOtp" not in (await admin.invoke("tokenLogin", {}))["settings"]


async def test_no_code_in_time_is_a_timeout(live: Live) -> None:
    with pytest.raises(OtpTimeout):
        await ask_otp(live.runtime.hub, live.runtime.db, TENANT, "Generali", timeout_s=0.2)


@pytest.mark.parametrize(
    ("who", "channel", "code", "message"),
    [
        ("agente", "submitOtp-Allianz", "12345", "Solo gli amministratori"),
        ("responsabile", "submitOtp-Allianz", "12345", "Solo gli amministratori"),
        ("admin", "submitOtp-Allianz", "1234", "da 5 a 6 caratteri"),
        ("admin", "submitOtp-Allianz", "1234567", "da 5 a 6 caratteri"),
        ("admin", "submitOtp-Allianz", "12 45", "da 5 a 6 caratteri"),
        ("admin", "submitOtp-Allianz", {"code": "12345"}, "da 5 a 6 caratteri"),
        ("admin", "preventivi", "12345", "sola lettura"),
        ("admin", "submitOtp-", "12345", "sola lettura"),
    ],
)  # fmt: skip
async def test_other_codes_and_publishers_are_refused(
    live: Live, who: str, channel: str, code: object, message: str
) -> None:
    client = await live.logged_in(TENANT, who)
    waiting = live.runtime.hub.otp.open(TENANT, "Allianz")
    try:
        with pytest.raises(CallFailed, match=message):
            await client.invoke("#publish", {"channel": channel, "data": code})
        assert not waiting.done()
    finally:
        live.runtime.hub.otp.close(TENANT, "Allianz", waiting)


async def test_an_anonymous_socket_cannot_publish(live: Live) -> None:
    client = await live.client(TENANT)
    await client.handshake()
    with pytest.raises(CallFailed, match=r"^Non autorizzato: effettua l'accesso$"):
        await client.invoke("#publish", {"channel": "submitOtp-Allianz", "data": "12345"})


@pytest.mark.parametrize(("who", "status"), [("admin", 201), ("agente", 403), ("dipendente", 403)])
async def test_the_integration_route_is_for_admins(live: Live, who: str, status: int) -> None:
    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    headers = {**await headers_for(live.runtime, TENANT, who), "Host": host}
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}") as http:
        answer = await http.post("/api/otp", json={"company": "Allianz"}, headers=headers)
        bad = await http.post("/api/otp", json={"company": ""}, headers=headers)
    assert answer.status_code == status
    assert bad.status_code in (400, 403)


async def test_an_integration_waits_over_http_for_the_code(live: Live) -> None:
    host = live.runtime.tenants.get(TENANT).domains[0]  # type: ignore[union-attr]
    headers = {**await headers_for(live.runtime, TENANT, "admin"), "Host": host}
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("settings")
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{live.port}", timeout=10) as http:
        waiting = asyncio.create_task(
            http.post("/api/otp", json={"company": "Generali", "waitS": 5}, headers=headers)
        )
        await admin.published("settings")
        await admin.invoke("#publish", {"channel": "submitOtp-Generali", "data": "987654"})
        answer = await waiting
        late = await http.post("/api/otp", json={"company": "Generali", "waitS": 0.2},
                               headers=headers)  # fmt: skip
    assert answer.json() == {"company": "Generali", "code": "987654"}
    assert late.status_code == 408
    assert late.json()["error"]["message"] == "Nessun codice OTP ricevuto in tempo"


@pytest.mark.skipif(not RedisServer.available(), reason="redis-server not installed")
async def test_the_code_reaches_an_integration_waiting_in_another_process(
    settings: Settings, runtime: Runtime
) -> None:
    """`sportello otp-request --wait` is a process of its own on the server's Redis bus: the
    admin's code, published on the server, reaches it there."""
    redis = RedisServer()
    await redis.start()
    on_redis = settings.model_copy(
        update={"bus": settings.bus.model_copy(update={"url": redis.url})}
    )
    process: asyncio.subprocess.Process | None = None
    try:
        async with serving(on_redis, runtime) as live:
            admin = await live.logged_in(TENANT, "admin")
            await admin.subscribe("settings")
            process = await asyncio.create_subprocess_exec(
                sys.executable, "-c", "from core.cli import app; app()", "otp-request",
                "--tenant", TENANT, "--company", "UnipolSai", "--wait", "20",
                env={**os.environ, "BROADCAST_URL": redis.url, "COLUMNS": "200"},
                stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT,
            )  # fmt: skip
            await admin.published("settings", timeout=20)  # asked from the other process
            asked = (await admin.invoke("tokenLogin", {}))["settings"]["askOtp"]
            assert asked["company"] == "UnipolSai"
            await admin.invoke("#publish", {"channel": "submitOtp-UnipolSai", "data": "424242"})
            output, _ = await asyncio.wait_for(process.communicate(), 20)
            assert process.returncode == 0, output.decode()
            assert output.decode().strip().endswith("424242")
    finally:
        if process is not None and process.returncode is None:
            process.kill()
            await asyncio.wait_for(process.wait(), 10)
        await redis.kill()
