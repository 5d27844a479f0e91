"""Invitations and registrations are audited, and no password hash ever reaches the audit log."""

from __future__ import annotations

import json
import re

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, bearer, get_user, token_for
from tests.integration.auth.helpers import ADMIN, login

NEW_EMAIL = "audit.nuovo@example.it"
NEW_PASSWORD = "Password-di-prova-9"


async def _audit(runtime: Runtime, tenant_id: str) -> list[m.AuditEntry]:
    with tenant_scope(tenant_id):
        async with runtime.db.session() as session:
            stmt = select(m.AuditEntry).order_by(m.AuditEntry.at)
            return list((await session.execute(stmt)).scalars())


async def _invite(runtime: Runtime, clients: ClientFactory) -> str:
    """Invite a new user on assicurapp as the admin; the new user's id."""
    response = await clients("assicurapp").post(
        "/api/auth/invite",
        json={"email": NEW_EMAIL, "name": "Utente Auditato", "role": {"a": {}}},
        headers=bearer(await token_for(runtime, "assicurapp", ADMIN)),
    )
    assert response.status_code == 201
    user_id: str = response.json()["user"]["_id"]
    return user_id


async def _registration_token(runtime: Runtime) -> str:
    with tenant_scope("assicurapp"):
        async with runtime.db.session() as session:
            stmt = select(m.OutboxMail).where(m.OutboxMail.to == NEW_EMAIL)
            text = (await session.execute(stmt)).scalar_one().text
    found = re.search(r"/registrazione/(\S+)", text)
    assert found
    return found.group(1)


async def test_invitation_is_audited_as_an_insert_by_the_inviting_admin(
    seeded: Runtime, clients: ClientFactory
) -> None:
    admin = await get_user(seeded, "assicurapp", ADMIN)

    user_id = await _invite(seeded, clients)

    inserts = [e for e in await _audit(seeded, "assicurapp") if e.entity_id == user_id]
    assert len(inserts) == 1
    entry = inserts[0]
    assert (entry.entity, entry.action) == ("users", "insert")
    assert entry.actor_id == admin.id
    assert entry.changes["email"] == NEW_EMAIL
    assert entry.changes["name"] == "Utente Auditato"
    assert "password_hash" not in entry.changes


async def test_registration_is_audited_without_the_password_hash(
    seeded: Runtime, clients: ClientFactory
) -> None:
    user_id = await _invite(seeded, clients)
    token = await _registration_token(seeded)
    registered = await clients("assicurapp").post(
        "/api/auth/register",
        json={"token": token, "password": NEW_PASSWORD, "name": "Nome Scelto"},
    )
    assert registered.status_code == 200
    assert (await login(clients("assicurapp"), NEW_EMAIL, NEW_PASSWORD)).status_code == 200

    entries = [e for e in await _audit(seeded, "assicurapp") if e.entity_id == user_id]

    assert [e.action for e in entries] == ["insert", "update"]
    assert entries[1].changes["name"] == ["Utente Auditato", "Nome Scelto"]
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            stored = await session.get(m.User, user_id)
            assert stored is not None
            assert stored.password_hash
            password_hash = stored.password_hash
    for tenant in seeded.tenants:
        for entry in await _audit(seeded, tenant.id):
            dumped = json.dumps(entry.changes)
            assert "password_hash" not in entry.changes
            assert "argon2" not in dumped
            assert password_hash not in dumped
