"""Logins that stay fair under load: only passwords checked and found wrong count, a refusal
for capacity counts nowhere, and no stranger can lock an account's owner out — not from
other addresses, not from the owner's own address once the owner's device has a cookie, not
from another tenant."""

from __future__ import annotations

import asyncio
import re
import secrets
from collections import Counter

import pytest

from core.auth.devices import cookie_name, device_cookie
from core.auth.hashing import HashGate
from core.auth.service import LoginResult
from core.errors import TooManyAttempts
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.auth.fair import (
    CHECKS_BUSY,
    HASHING_BUSY,
    LOCKED,
    PAUSED,
    WRONG,
    answer,
    fresh_limits,
    hashing_held,
    log_in,
    one_slot_gate,
)
from tests.integration.auth.helpers import ADMIN, DEMO_PASSWORD, error_message, login

pytestmark = pytest.mark.usefixtures("seeded")
ACCOUNTS = ("admin", "responsabile", "agente", "subagente", "segnalatore", "dipendente")
TENANTS = ("assicurapp", "rcadealer")
MAX_FAILURES = 5  # LOGIN_MAX_FAILURES' default, which the tests run with


@pytest.fixture(autouse=True)
def _own_counts(seeded: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rate-limit counts of this test only (the default rules), a light hashing gate."""
    assert seeded.settings.auth.login_max_failures == MAX_FAILURES
    monkeypatch.setattr(seeded, "rate_limits", fresh_limits(seeded.settings))


def _client(n: int) -> tuple[str, str, str]:
    """(tenant, e-mail, address) of client ``n`` of a crowd: its own address each."""
    return TENANTS[n % 2], f"{ACCOUNTS[(n // 2) % 6]}@demo.it", f"10.0.{n}.1"


async def test_refusals_for_capacity_count_nowhere(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = one_slot_gate()
    monkeypatch.setattr(seeded, "hash_gate", gate)
    owner, stranger = "198.51.100.7", "203.0.113.66"
    async with hashing_held(gate):
        for password, address in ((DEMO_PASSWORD, owner), ("sbagliata-123", stranger)):
            for _ in range(3 * MAX_FAILURES):
                with pytest.raises(TooManyAttempts, match=HASHING_BUSY) as refused:
                    await log_in(seeded, "assicurapp", ADMIN, password, address)
                assert refused.value.retry_after == 2

    assert (await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, owner)).user.email == ADMIN
    # the stranger still has every one of its failures: none of the refusals counted
    wrong = [
        await answer(seeded, "assicurapp", ADMIN, "sbagliata-123", stranger)
        for _ in range(MAX_FAILURES)
    ]
    assert wrong == [(401, WRONG)] * MAX_FAILURES
    with pytest.raises(TooManyAttempts, match=LOCKED):
        await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, stranger)


async def test_a_crowd_of_right_passwords_refused_for_capacity_leaves_everyone_able_to_log_in(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding: after 50 clients logged in together, half could not log in for 15 minutes."""
    gate = one_slot_gate()
    monkeypatch.setattr(seeded, "hash_gate", gate)
    crowd = [_client(n) for n in range(50)]

    async def keep_trying(tenant: str, email: str, address: str) -> list[tuple[int, str]]:
        return [
            await answer(seeded, tenant, email, DEMO_PASSWORD, address)
            for _ in range(MAX_FAILURES + 1)
        ]

    async with hashing_held(gate):
        refused = [await keep_trying(*client) for client in crowd]
    assert Counter(a for answers in refused for a in answers) == {
        (429, HASHING_BUSY): 50 * (MAX_FAILURES + 1)
    }

    together = await asyncio.gather(
        *(answer(seeded, tenant, email, DEMO_PASSWORD, address) for tenant, email, address in crowd)
    )
    assert {status for status, _ in together} <= {200, 429}
    one_by_one = [
        await answer(seeded, tenant, email, DEMO_PASSWORD, address)
        for tenant, email, address in crowd
    ]
    assert one_by_one == [(200, "")] * 50


async def test_wrong_passwords_from_eleven_addresses_never_lock_the_admin_out_of_a_known_address(
    seeded: Runtime,
) -> None:
    """Finding: 5 wrong passwords from each of 11 addresses paused the account for everyone."""
    home = "198.51.100.7"
    await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, home)
    for n in range(10):  # 50 failures: the account's pause (RATE_LIMIT_LOGIN_FAILURES_...)
        for _ in range(MAX_FAILURES):
            status = await answer(seeded, "assicurapp", ADMIN, "sbagliata-123", f"203.0.113.{n}")
            assert status == (401, WRONG)
    with pytest.raises(TooManyAttempts, match=PAUSED):  # the eleventh address is paused
        await log_in(seeded, "assicurapp", ADMIN, "sbagliata-123", "203.0.113.10")
    with pytest.raises(TooManyAttempts, match=PAUSED):  # so is a right guess from a new one
        await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, "203.0.113.11")

    result = await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, home)

    assert result.user.email == ADMIN


async def test_a_device_that_logged_in_is_never_locked_out_by_strangers_at_its_own_address(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    first = await login(client, ADMIN)
    assert first.status_code == 200
    name = cookie_name("assicurapp", ADMIN)
    device = first.cookies[name]
    header = next(h for h in first.headers.get_list("set-cookie") if h.startswith(f"{name}="))
    assert "httponly" in header.lower()
    client.cookies.clear()  # strangers behind the same router: the same address, no cookie
    for _ in range(MAX_FAILURES):
        assert (await login(client, ADMIN, "sbagliata-123")).status_code == 401
    without_cookie = await login(client, ADMIN)
    assert without_cookie.status_code == 429
    assert error_message(without_cookie).startswith("Troppi tentativi di accesso non riusciti")

    again = await client.post(
        "/api/auth/login",
        json={"email": ADMIN, "password": DEMO_PASSWORD},
        headers={"cookie": f"{name}={device}"},
    )
    forged = await client.post(
        "/api/auth/login",
        json={"email": ADMIN, "password": DEMO_PASSWORD},
        headers={"cookie": f"{name}=x{device}"},
    )

    assert again.status_code == 200
    assert again.json()["user"]["email"] == ADMIN
    assert forged.status_code == 429


async def test_a_known_device_from_a_new_address_is_spared_the_accounts_pause(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        seeded, "rate_limits", fresh_limits(seeded.settings, login_failures_per_account="3/hour")
    )
    first = await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, "198.51.100.7")
    cookie = {cookie_name("assicurapp", ADMIN): _cookie_value(seeded, first)}
    for n in range(3):
        assert await answer(seeded, "assicurapp", ADMIN, "x" * 12, f"203.0.113.{n}") == (
            401,
            WRONG,
        )
    with pytest.raises(TooManyAttempts, match=PAUSED):
        await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, "192.0.2.50")

    travelling = await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, "192.0.2.50", cookie)

    assert travelling.user.email == ADMIN
    assert travelling.device == first.device  # the same device, its cookie renewed


def _cookie_value(runtime: Runtime, result: LoginResult) -> str:
    """The device cookie the HTTP route would set with ``result``."""
    value = device_cookie(runtime.settings, result.user, result.device).value
    assert value is not None
    return value


async def test_unknown_emails_from_fifty_addresses_to_one_tenant_never_lock_another_tenants_user(
    seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding: random unknown e-mails sent to one tenant locked a user of another out."""
    gate = one_slot_gate()
    monkeypatch.setattr(seeded, "hash_gate", gate)

    async def flood(n: int, password: str) -> list[tuple[int, str]]:
        emails = [f"{secrets.token_hex(5)}@nowhere.it" for _ in range(2)] + [ADMIN]
        return [
            await answer(seeded, "assicurapp", email, password, f"203.0.{n}.9") for email in emails
        ]

    async def meanwhile() -> list[tuple[int, str]]:  # the other tenant's admin, at the same time
        return [
            await answer(seeded, "rcadealer", ADMIN, DEMO_PASSWORD, "198.51.100.7")
            for _ in range(2 * MAX_FAILURES)
        ]

    async with hashing_held(gate):
        during = await asyncio.gather(meanwhile(), *(flood(n, "x" * 12) for n in range(50)))
    assert {a for answers in during for a in answers} == {(429, HASHING_BUSY)}
    monkeypatch.setattr(seeded, "hash_gate", HashGate(concurrency=2, queue=200, wait_s=60))
    checked = await asyncio.gather(*(flood(n, "sbagliata-123") for n in range(50)))
    assert {a for answers in checked for a in answers} == {(401, WRONG)}
    with pytest.raises(TooManyAttempts, match=PAUSED):  # the attacked tenant's admin is paused
        await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, "192.0.2.1")

    result = await log_in(seeded, "rcadealer", ADMIN, DEMO_PASSWORD, "192.0.2.1")

    assert result.user.tenant_id == "rcadealer"


async def test_parallel_guesses_from_one_address_check_exactly_the_failures_allowed(
    seeded: Runtime,
) -> None:
    guesses = [
        answer(seeded, "assicurapp", ADMIN, f"tentativo-{n}", "203.0.113.5") for n in range(20)
    ]
    checked = Counter(await asyncio.gather(*guesses))

    assert checked[(401, WRONG)] == MAX_FAILURES
    refused = [message for (status, message) in checked.elements() if status != 401]
    assert all(m == CHECKS_BUSY or re.fullmatch(LOCKED, m) for m in refused), refused
    with pytest.raises(TooManyAttempts, match=LOCKED):
        await log_in(seeded, "assicurapp", ADMIN, DEMO_PASSWORD, "203.0.113.5")
