"""Repeated failed logins lock the email (per tenant, existing or not) until the lock expires."""

from __future__ import annotations

import re
from datetime import timedelta

from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory
from tests.integration.auth.helpers import ADMIN, error_message, login

WRONG = "definitely-wrong"


async def _fail_until_locked(
    client: AsyncTestClient[Litestar], settings: Settings, email: str
) -> None:
    for _ in range(settings.auth.login_max_failures):
        response = await login(client, email, WRONG)
        assert response.status_code == 401


def _without_time(message: str) -> str:
    return re.sub(r"\d{2}:\d{2}", "HH:MM", message)


async def test_too_many_failures_lock_even_the_right_password(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    client = clients("rcadealer")
    await _fail_until_locked(client, settings, ADMIN)

    response = await login(client, ADMIN)

    assert response.status_code == 429
    assert response.json()["error"]["name"] == "TooManyAttempts"
    assert "bloccato" in error_message(response)
    assert re.search(r"riprova dopo le \d{2}:\d{2}$", error_message(response))
    assert not response.headers.get_list("set-cookie")


async def test_failures_below_the_limit_do_not_lock(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    client = clients("rcadealer")
    for _ in range(settings.auth.login_max_failures - 1):
        assert (await login(client, ADMIN, WRONG)).status_code == 401

    response = await login(client, ADMIN)

    assert response.status_code == 200


async def test_unknown_email_is_locked_the_same_way(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    client = clients("rcadealer")
    await _fail_until_locked(client, settings, ADMIN)
    await _fail_until_locked(client, settings, "nessuno@demo.it")

    known = await login(client, ADMIN, WRONG)
    unknown = await login(client, "nessuno@demo.it", WRONG)

    assert known.status_code == unknown.status_code == 429
    assert known.json()["error"]["name"] == unknown.json()["error"]["name"]
    assert _without_time(error_message(known)) == _without_time(error_message(unknown))


async def test_lock_in_one_tenant_does_not_lock_another(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    await _fail_until_locked(clients("rcadealer"), settings, ADMIN)
    assert (await login(clients("rcadealer"), ADMIN)).status_code == 429

    response = await login(clients("assicurapp"), ADMIN)

    assert response.status_code == 200


async def test_login_works_again_once_the_lock_expires(
    seeded: Runtime, clients: ClientFactory, settings: Settings
) -> None:
    client = clients("rcadealer")
    await _fail_until_locked(client, settings, ADMIN)
    assert (await login(client, ADMIN)).status_code == 429

    with tenant_scope("rcadealer"):
        async with seeded.db.session() as session:
            locked = m.LoginThrottle.locked_until.is_not(None)
            rows = (await session.execute(select(m.LoginThrottle).where(locked))).scalars().all()
            assert len(rows) == 1
            rows[0].locked_until = utcnow() - timedelta(seconds=1)

    response = await login(client, ADMIN)

    assert response.status_code == 200
    assert response.json()["user"]["email"] == ADMIN
    again = await login(client, ADMIN, WRONG)
    assert again.status_code == 401
