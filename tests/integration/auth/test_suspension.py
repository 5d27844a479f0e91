"""A suspended user cannot log in, and tokens issued before the suspension stop working."""

from __future__ import annotations

from datetime import UTC, datetime

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, bearer, get_user
from tests.integration.auth.helpers import ADMIN, AGENT, error_message, login

SUSPENDED_AT = datetime(2026, 11, 3, 13, 5, tzinfo=UTC)  # 14:05 in Rome (CET)
SUSPENDED_TEXT = "sospeso il 3 nov 26 14:05 da Alessandra Amministratrice"


async def _suspend(runtime: Runtime, tenant_id: str, email: str, by: str | None) -> None:
    user = await get_user(runtime, tenant_id, email)
    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            stored = await session.get(m.User, user.id)
            assert stored is not None
            stored.suspended_at = SUSPENDED_AT
            stored.suspended_by = by


async def test_suspended_user_cannot_log_in_and_is_told_by_whom_and_when(
    seeded: Runtime, clients: ClientFactory
) -> None:
    admin = await get_user(seeded, "assicurapp", ADMIN)
    await _suspend(seeded, "assicurapp", AGENT, admin.id)

    response = await login(clients("assicurapp"), AGENT)

    assert response.status_code == 403
    message = error_message(response)
    assert message.startswith("Non puoi accedere")
    assert SUSPENDED_TEXT in message
    assert not response.headers.get_list("set-cookie")


async def test_suspended_user_with_a_wrong_password_learns_nothing(
    seeded: Runtime, clients: ClientFactory
) -> None:
    admin = await get_user(seeded, "assicurapp", ADMIN)
    await _suspend(seeded, "assicurapp", AGENT, admin.id)

    response = await login(clients("assicurapp"), AGENT, "not-the-password")

    assert response.status_code == 401
    assert "sospeso" not in error_message(response)


async def test_suspension_without_a_known_suspender_still_explains(
    seeded: Runtime, clients: ClientFactory
) -> None:
    await _suspend(seeded, "assicurapp", AGENT, None)

    response = await login(clients("assicurapp"), AGENT)

    assert response.status_code == 403
    assert error_message(response).startswith("Non puoi accedere")
    assert "sospeso il 3 nov 26 14:05" in error_message(response)


async def test_token_issued_before_the_suspension_is_refused(
    seeded: Runtime, clients: ClientFactory
) -> None:
    client = clients("assicurapp")
    token = (await login(client, AGENT)).json()["token"]
    assert (await client.get("/api/auth/me", headers=bearer(token))).status_code == 200
    admin = await get_user(seeded, "assicurapp", ADMIN)
    await _suspend(seeded, "assicurapp", AGENT, admin.id)

    response = await client.get("/api/auth/me", headers=bearer(token))

    assert response.status_code == 403
    assert error_message(response).startswith("Non puoi accedere")
    assert SUSPENDED_TEXT in error_message(response)


async def test_suspension_in_one_tenant_does_not_touch_another(
    seeded: Runtime, clients: ClientFactory
) -> None:
    admin = await get_user(seeded, "assicurapp", ADMIN)
    await _suspend(seeded, "assicurapp", AGENT, admin.id)

    response = await login(clients("rcadealer"), AGENT)

    assert response.status_code == 200
