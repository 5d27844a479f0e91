"""Logins that hold a crowd: bounded hashing (429, never 500 or minutes of waiting), rate
limits per address and per account, a lockout an attacker cannot turn against the owner,
throttled reset mails, and SQLite writers that wait instead of failing."""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from core.auth import service
from core.auth.hashing import HashGate
from core.context import tenant_scope
from core.db import models as m
from core.errors import NotAuthenticated, TooManyAttempts
from core.http.ratelimit import RateLimits
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory, serving
from tests.integration.auth.fair import LOCKED, PAUSED, WRONG
from tests.integration.auth.helpers import ADMIN, AGENT, DEMO_PASSWORD, error_message, login

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


def _limits(settings: Settings, **rules: str) -> RateLimits:
    return RateLimits(settings.rate_limits.model_copy(update=rules), f"t-{secrets.token_hex(4)}")


async def test_fifty_logins_at_once_get_200_or_429_never_500(
    clients: ClientFactory, seeded: Runtime, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded.rate_limits = _limits(settings, login_per_address="30/minute")
    # one account's checks in flight from one source are bounded by the failures it has left:
    # raised here so that the address's rate alone is seen
    monkeypatch.setattr(seeded.settings.auth, "login_max_failures", 50)
    async with clients(TENANT) as client:
        answers = await asyncio.gather(*(login(client, AGENT) for _ in range(50)))
    statuses = [a.status_code for a in answers]
    assert set(statuses) <= {200, 429}
    assert statuses.count(200) == 30  # the address's rate, exactly
    refused = next(a for a in answers if a.status_code == 429)
    assert int(refused.headers["retry-after"]) >= 1
    assert error_message(refused).startswith("Troppe richieste: riprova tra ")


async def test_unknown_emails_past_the_hashing_bound_get_429_at_once(
    settings: Settings, runtime: Runtime
) -> None:
    """Against a live server in this event loop, so the test can hold the only hash slot."""
    async with serving(settings, runtime) as live:
        live.runtime.rate_limits = _limits(settings, login_per_address="1000/minute")
        gate = live.runtime.hash_gate = HashGate(concurrency=1, queue=2, wait_s=30)
        release = threading.Event()
        busy_core = asyncio.create_task(gate.run(release.wait, 30))  # the only slot, taken
        await asyncio.sleep(0)
        host = {"host": "assicurapp.localhost"}
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{live.port}", headers=host
        ) as http:

            async def attempt(email: str, password: str) -> httpx.Response:
                body = {"email": email, "password": password}
                return await http.post("/api/auth/login", json=body)

            started = time.monotonic()
            flood = [
                asyncio.create_task(attempt(f"{secrets.token_hex(6)}@nowhere.it", "x" * 12))
                for _ in range(6)
            ]
            refused: set[asyncio.Task[httpx.Response]] = set()
            while len(refused) < 4:  # two wait for the slot, four are told at once
                done, _pending = await asyncio.wait(
                    set(flood) - refused, timeout=30, return_when=asyncio.FIRST_COMPLETED
                )
                assert done, "no answer within 30 s"
                refused |= done
            assert time.monotonic() - started < 10  # told at once, not after minutes
            assert [t.result().status_code for t in refused] == [429] * 4
            busy = next(iter(refused)).result()
            assert error_message(busy) == (
                "Troppe richieste di accesso in corso: riprova tra 2 secondi"
            )
            assert busy.headers["retry-after"] == "2"
            release.set()
            await busy_core
            waited = [await t for t in flood if t not in refused]
            assert [a.status_code for a in waited] == [401, 401]
            assert (await attempt(ADMIN, DEMO_PASSWORD)).status_code == 200  # in again


async def _attempt(runtime: Runtime, address: str, password: str) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            await service.login(
                session, runtime.settings, tenant_id=TENANT, email=AGENT, password=password,
                keep=False, attempt=runtime.login_attempt(address),
            )  # fmt: skip


async def test_wrong_passwords_from_elsewhere_do_not_lock_the_owner_out(seeded: Runtime) -> None:
    attacker, owner = "203.0.113.66", "198.51.100.7"
    for _ in range(5):
        with pytest.raises(NotAuthenticated, match=WRONG):
            await _attempt(seeded, attacker, "sbagliata-123")
    with pytest.raises(TooManyAttempts, match=LOCKED):  # the attacker's address is locked out
        await _attempt(seeded, attacker, DEMO_PASSWORD)

    await _attempt(seeded, owner, DEMO_PASSWORD)  # the owner still gets in


async def test_guesses_spread_over_many_addresses_pause_the_account(
    seeded: Runtime, settings: Settings
) -> None:
    seeded.rate_limits = _limits(settings, login_failures_per_account="10/15minutes")
    for n in range(10):
        with pytest.raises(NotAuthenticated, match=WRONG):
            await _attempt(seeded, f"203.0.113.{n}", "sbagliata-123")
    with pytest.raises(TooManyAttempts, match=PAUSED):
        await _attempt(seeded, "198.51.100.7", "sbagliata-123")


async def _mails(runtime: Runtime, to: str) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(func.count(m.OutboxMail.id)).where(m.OutboxMail.to == to)
            return int((await session.execute(stmt)).scalar_one())


async def test_thirty_reset_requests_queue_three_mails(
    clients: ClientFactory, seeded: Runtime, settings: Settings
) -> None:
    seeded.rate_limits = _limits(settings, reset_per_address="100/hour")
    async with clients(TENANT) as client:
        answers = [
            await client.post("/api/auth/password-reset", json={"email": AGENT}) for _ in range(30)
        ]
    assert {a.status_code for a in answers} == {202}
    assert len({a.text for a in answers}) == 1  # the same answer: nothing to enumerate
    assert await _mails(seeded, AGENT) == 3


@pytest.mark.parametrize(
    ("rule", "method", "path", "body"),
    [("reset_per_address", "post", "/api/auth/password-reset", {"email": AGENT}),
     ("registration_per_address", "get", "/api/auth/registration/abc", None),
     ("registration_per_address", "post", "/api/auth/register",
      {"token": "x" * 40, "password": "Tramonto-sul-Vesuvio-42"}),
     ("public_link_per_address", "get", "/api/public/quotes/abc/def", None)],
)  # fmt: skip
async def test_anonymous_routes_are_limited_per_address(
    clients: ClientFactory,
    seeded: Runtime,
    settings: Settings,
    rule: str,
    method: str,
    path: str,
    body: Any,
) -> None:
    seeded.rate_limits = _limits(settings, **{rule: "3/minute"})
    async with clients(TENANT) as client:
        send = getattr(client, method)
        answers = [
            await (send(path, json=body) if body is not None else send(path)) for _ in range(4)
        ]
    assert [a.status_code for a in answers][:3] != [429] * 3
    assert answers[3].status_code == 429
    assert answers[3].headers["retry-after"]


async def test_counts_are_shared_by_every_process_through_redis(settings: Settings) -> None:
    shared = settings.rate_limits.model_copy(
        update={"storage_url": "redis://127.0.0.1:6379", "login_per_address": "3/minute"}
    )
    namespace = f"test-{secrets.token_hex(6)}"
    one, two = RateLimits(shared, namespace), RateLimits(shared, namespace)
    await one.hit("login_per_address", TENANT, "203.0.113.9")
    await two.hit("login_per_address", TENANT, "203.0.113.9")
    await one.hit("login_per_address", TENANT, "203.0.113.9")
    with pytest.raises(TooManyAttempts, match=PAUSED):
        await two.hit("login_per_address", TENANT, "203.0.113.9")
    await two.hit("login_per_address", TENANT, "203.0.113.10")  # another address is free
