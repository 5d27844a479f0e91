"""Invitation, registration and password-reset links, mailed through a real local SMTP server."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import httpx
import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient
from sqlalchemy.exc import NoResultFound

from core.auth import tokens
from core.auth.links import SPENT
from core.db import models as m
from core.runtime import Runtime
from core.settings import Settings
from core.testing import AppPool, bearer, get_user, seed_or_restore, token_for
from tests.integration.auth.helpers import ADMIN, AGENT, count_rows, error_message, login
from tests.integration.smtp import smtp_server

NEW_EMAIL = "nuovo.collaboratore@example.it"
NEW_PASSWORD = "Tramonto-sul-Vesuvio-42"
RESET_ANSWER = "Se l'indirizzo è registrato, riceverai una mail con il link"


# --- a real SMTP server ---------------------------------------------------------------------


@dataclass
class Inbox:
    """What the local SMTP server received: envelope recipients and the parsed message."""

    received: list[tuple[list[str], EmailMessage]] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        parsed = message_from_bytes(envelope.content, policy=policy.default)
        assert isinstance(parsed, EmailMessage)
        self.received.append((list(envelope.rcpt_tos), parsed))
        return "250 Message accepted for delivery"

    def only(self) -> EmailMessage:
        assert len(self.received) == 1, [m["Subject"] for _, m in self.received]
        return self.received[0][1]

    def link(self, kind: str) -> str:
        """The token of the last ``/{kind}/{jwt}`` link mailed."""
        body = self.received[-1][1].get_content()
        found = re.search(rf"/{kind}/([A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+)", body)
        assert found, body
        return found.group(1)


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    with smtp_server(inbox) as port:
        yield inbox, port


# --- the app, mailing through it ------------------------------------------------------------


@dataclass
class World:
    runtime: Runtime
    inbox: Inbox
    client: Callable[[str], AsyncTestClient[Litestar]]

    async def token(self, email: str, tenant_id: str = "assicurapp") -> str:
        return await token_for(self.runtime, tenant_id, email)

    async def invite(
        self, email: str = NEW_EMAIL, *, as_email: str = ADMIN, role: dict[str, Any] | None = None
    ) -> httpx.Response:
        body = {
            "email": email,
            "name": "Nuovo Collaboratore",
            "role": {"a": {}} if role is None else role,
        }
        headers = bearer(await self.token(as_email))
        return await self.client("assicurapp").post("/api/auth/invite", json=body, headers=headers)


@pytest.fixture
async def world(
    settings: Settings, runtime: Runtime, smtp: tuple[Inbox, int]
) -> AsyncIterator[World]:
    inbox, port = smtp
    mail = settings.mail.model_copy(update={"host": "127.0.0.1", "port": port})
    app = AppPool.borrow(
        settings.model_copy(update={"mail": mail}), runtime.pm, migrate=False, seed=False
    )
    app_runtime: Runtime = app.state.runtime
    await seed_or_restore(settings, app_runtime)
    hosts = {t.id: t.domains[0] for t in app_runtime.tenants}

    def client(tenant_id: str) -> AsyncTestClient[Litestar]:
        return AsyncTestClient(app, base_url=f"http://{hosts[tenant_id]}")

    async with AsyncTestClient(app, base_url="http://assicurapp.localhost"):
        yield World(app_runtime, inbox, client)


async def _registration_token(world: World) -> str:
    assert (await world.invite()).status_code == 201
    return world.inbox.link("registrazione")


async def _register(world: World, token: str, tenant_id: str = "assicurapp") -> httpx.Response:
    body = {"token": token, "password": NEW_PASSWORD, "name": "Nuova Persona"}
    return await world.client(tenant_id).post("/api/auth/register", json=body)


# --- invitations and registration ------------------------------------------------------------


async def test_invitation_mails_a_registration_link_through_smtp(world: World) -> None:
    response = await world.invite()

    assert response.status_code == 201
    assert response.json()["user"]["email"] == NEW_EMAIL
    assert "password" not in str(response.json()).lower()
    recipients, mail = world.inbox.received[0]
    assert recipients == [NEW_EMAIL]
    assert mail["To"] == NEW_EMAIL
    assert mail["Subject"] == "Registrazione su Assicurapp"
    assert world.inbox.only() is mail
    assert "http://assicurapp.localhost" in mail.get_content()
    claims = tokens.verify(
        world.runtime.settings.signing_key(),
        world.inbox.link("registrazione"),
        tenant_id="assicurapp",
        kind=tokens.REGISTRATION,
    )
    assert claims.subject == response.json()["user"]["_id"]


async def test_registration_link_shows_the_invited_email(world: World) -> None:
    token = await _registration_token(world)

    response = await world.client("assicurapp").get(f"/api/auth/registration/{token}")

    assert response.status_code == 200
    assert response.json() == {"email": NEW_EMAIL, "name": "Nuovo Collaboratore"}


async def test_invited_user_cannot_log_in_before_registering(world: World) -> None:
    await _registration_token(world)

    response = await login(world.client("assicurapp"), NEW_EMAIL, NEW_PASSWORD)

    assert response.status_code == 401


async def test_registration_sets_password_and_name_and_the_user_can_log_in(world: World) -> None:
    token = await _registration_token(world)

    registered = await _register(world, token)

    assert registered.status_code == 200
    assert registered.json()["user"]["name"] == "Nuova Persona"
    assert "password" not in str(registered.json()).lower()
    logged_in = await login(world.client("assicurapp"), NEW_EMAIL, NEW_PASSWORD)
    assert logged_in.status_code == 200
    assert logged_in.json()["user"]["name"] == "Nuova Persona"
    assert logged_in.json()["user"]["role"] == {"a": {"type": "agente"}}


async def test_registration_link_works_only_once(world: World) -> None:
    token = await _registration_token(world)
    assert (await _register(world, token)).status_code == 200

    again = await world.client("assicurapp").post(
        "/api/auth/register", json={"token": token, "password": "Ancora-un-altra-2"}
    )
    shown = await world.client("assicurapp").get(f"/api/auth/registration/{token}")

    assert again.status_code == 400
    assert error_message(again) == SPENT
    assert shown.status_code == 400
    assert error_message(shown) == SPENT
    still_first = await login(world.client("assicurapp"), NEW_EMAIL, NEW_PASSWORD)
    assert still_first.status_code == 200


async def test_expired_registration_link_is_refused(world: World) -> None:
    invited = (await world.invite()).json()["user"]
    expired = tokens.mint(
        world.runtime.settings.signing_key(),
        tenant_id="assicurapp",
        subject=invited["_id"],
        kind=tokens.REGISTRATION,
        ttl=-timedelta(minutes=1),
    )

    shown = await world.client("assicurapp").get(f"/api/auth/registration/{expired}")
    registered = await _register(world, expired)

    assert shown.status_code == 400
    assert registered.status_code == 400
    assert error_message(registered)
    assert (await login(world.client("assicurapp"), NEW_EMAIL, NEW_PASSWORD)).status_code == 401


async def test_registration_link_of_one_tenant_is_refused_by_another(world: World) -> None:
    token = await _registration_token(world)

    shown = await world.client("rcadealer").get(f"/api/auth/registration/{token}")
    registered = await _register(world, token, "rcadealer")

    assert shown.status_code == 400
    assert registered.status_code == 400
    assert error_message(registered) == SPENT
    assert (await _register(world, token)).status_code == 200


async def test_agent_may_not_invite(world: World) -> None:
    response = await world.invite(as_email=AGENT)

    assert response.status_code == 403
    assert error_message(response) == "Operazione non consentita per il tuo ruolo"
    assert world.inbox.received == []
    with pytest.raises(NoResultFound):
        await get_user(world.runtime, "assicurapp", NEW_EMAIL)


@pytest.mark.parametrize(
    "role", [{"admin": True}, {"responsabile": True}, {"e": True}], ids=["admin", "resp", "e"]
)
async def test_employee_may_not_grant_managerial_roles(world: World, role: dict[str, Any]) -> None:
    response = await world.invite(as_email="dipendente@demo.it", role=role)

    assert response.status_code == 403
    assert error_message(response) == "Non puoi assegnare questo ruolo"
    assert world.inbox.received == []


async def test_employee_may_invite_agents_and_referrers(world: World) -> None:
    agent = await world.invite(as_email="dipendente@demo.it", role={"a": {}})
    referrer = await world.invite(
        "segn@example.it", as_email="dipendente@demo.it", role={"segnalatore": True}
    )

    assert agent.status_code == 201
    assert referrer.status_code == 201
    assert len(world.inbox.received) == 2


@pytest.mark.parametrize(
    "role",
    [{}, {"anything": [1, 2]}, {"a": "yes"}, {"admin": "true"}, {"a": {"aId": 5}}],
    ids=["empty", "unknown-flag", "agent-not-object", "flag-not-bool", "aId-not-text"],
)
async def test_a_malformed_role_is_refused(world: World, role: dict[str, Any]) -> None:
    response = await world.invite(role=role)

    assert response.status_code == 400
    assert world.inbox.received == []


async def test_a_sub_agent_needs_a_parent_agent_of_this_tenant(world: World) -> None:
    foreign_agent = await get_user(world.runtime, "rcadealer", AGENT)
    own_agent = await get_user(world.runtime, "assicurapp", AGENT)

    foreign = await world.invite(role={"a": {"aId": foreign_agent.id}})
    own = await world.invite("sub@example.it", role={"a": {"aId": own_agent.id}})

    assert foreign.status_code == 400
    assert error_message(foreign) == "Collaboratore di riferimento inesistente"
    assert own.status_code == 201


async def test_inviting_an_existing_email_is_a_conflict(world: World) -> None:
    response = await world.invite(AGENT)

    assert response.status_code == 409
    assert error_message(response) == "Esiste già un utente con questa email"
    assert world.inbox.received == []


async def test_invitation_needs_a_valid_email(world: World) -> None:
    response = await world.invite("non-una-email")

    assert response.status_code == 400
    assert error_message(response).startswith("Dati non validi: Indirizzo email non valido")
    assert world.inbox.received == []


# --- password reset ---------------------------------------------------------------------------


async def _request_reset(world: World, email: str) -> httpx.Response:
    return await world.client("assicurapp").post("/api/auth/password-reset", json={"email": email})


async def _confirm(world: World, token: str, password: str = NEW_PASSWORD) -> httpx.Response:
    return await world.client("assicurapp").post(
        "/api/auth/password-reset/confirm", json={"token": token, "password": password}
    )


async def test_password_reset_mails_a_reset_link(world: World) -> None:
    response = await _request_reset(world, AGENT)

    assert response.status_code == 202
    assert response.json() == {"message": RESET_ANSWER}
    assert world.inbox.received[0][0] == [AGENT]
    assert world.inbox.only()["Subject"] == "Reimposta la password di Assicurapp"
    token = world.inbox.link("resetPwd")
    shown = await world.client("assicurapp").get(f"/api/auth/password-reset/{token}")
    assert shown.status_code == 200
    assert shown.json() == {"email": AGENT}


async def test_password_reset_for_an_unknown_email_answers_the_same_and_sends_nothing(
    world: World,
) -> None:
    unknown = await _request_reset(world, "nessuno@example.it")
    assert world.inbox.received == []
    known = await _request_reset(world, AGENT)

    assert unknown.status_code == known.status_code == 202
    assert unknown.json() == known.json()
    assert len(world.inbox.received) == 1


async def test_reset_link_sets_the_new_password_once(world: World) -> None:
    await _request_reset(world, AGENT)
    token = world.inbox.link("resetPwd")

    confirmed = await _confirm(world, token)

    assert confirmed.status_code == 200
    assert confirmed.json() == {"message": "Password aggiornata: ora puoi accedere"}
    client = world.client("assicurapp")
    assert (await login(client, AGENT)).status_code == 401
    assert (await login(client, AGENT, NEW_PASSWORD)).status_code == 200
    again = await _confirm(world, token, "Ancora-un-altra-2")
    assert again.status_code == 400
    assert error_message(again) == SPENT
    assert (await login(client, AGENT, NEW_PASSWORD)).status_code == 200


async def test_reset_link_of_one_tenant_is_refused_by_another(world: World) -> None:
    await _request_reset(world, AGENT)
    token = world.inbox.link("resetPwd")

    response = await world.client("rcadealer").post(
        "/api/auth/password-reset/confirm", json={"token": token, "password": NEW_PASSWORD}
    )

    assert response.status_code == 400
    assert error_message(response) == SPENT
    assert (await login(world.client("rcadealer"), AGENT)).status_code == 200


async def test_too_short_password_is_refused_in_italian_and_keeps_the_link(world: World) -> None:
    await _request_reset(world, AGENT)
    token = world.inbox.link("resetPwd")

    short = await _confirm(world, token, "corta")

    assert short.status_code == 400
    assert error_message(short) == "La password deve avere almeno 10 caratteri"
    assert (await login(world.client("assicurapp"), AGENT)).status_code == 200
    assert (await _confirm(world, token)).status_code == 200


async def test_too_short_password_is_refused_on_registration(world: World) -> None:
    token = await _registration_token(world)

    response = await world.client("assicurapp").post(
        "/api/auth/register", json={"token": token, "password": "1234567"}
    )

    assert response.status_code == 400
    assert error_message(response) == "La password deve avere almeno 10 caratteri"
    assert (await _register(world, token)).status_code == 200


# --- the development outbox -------------------------------------------------------------------


async def test_admin_reads_the_outbox_and_an_agent_may_not(world: World) -> None:
    await world.invite()
    await _request_reset(world, AGENT)
    client = world.client("assicurapp")

    as_admin = await client.get("/api/admin/outbox", headers=bearer(await world.token(ADMIN)))
    as_agent = await client.get("/api/admin/outbox", headers=bearer(await world.token(AGENT)))

    assert as_admin.status_code == 200
    mails = {mail["to"]: mail for mail in as_admin.json()}
    assert set(mails) == {NEW_EMAIL, AGENT}
    assert mails[NEW_EMAIL]["purpose"] == tokens.REGISTRATION
    assert mails[AGENT]["purpose"] == tokens.RESET
    assert all(mail["delivered"] is True for mail in mails.values())
    assert "/registrazione/" in mails[NEW_EMAIL]["text"]
    assert "/resetPwd/" in mails[AGENT]["text"]
    assert as_agent.status_code == 403


async def test_outbox_of_one_tenant_is_not_shown_to_another(world: World) -> None:
    await world.invite()

    response = await world.client("rcadealer").get(
        "/api/admin/outbox", headers=bearer(await world.token(ADMIN, "rcadealer"))
    )

    assert response.status_code == 200
    assert response.json() == []
    assert await count_rows(world.runtime, "assicurapp", m.OutboxMail) == 1


async def test_a_new_password_revokes_older_links_and_tokens(world: World) -> None:
    old_token = await world.token(AGENT)
    await _request_reset(world, AGENT)
    older = world.inbox.link("resetPwd")
    await _request_reset(world, AGENT)
    newer = world.inbox.link("resetPwd")

    confirmed = await world.client("assicurapp").post(
        "/api/auth/password-reset/confirm", json={"token": newer, "password": NEW_PASSWORD}
    )
    replayed = await world.client("assicurapp").post(
        "/api/auth/password-reset/confirm", json={"token": older, "password": "Attaccante-123"}
    )
    me = await world.client("assicurapp").get("/api/auth/me", headers=bearer(old_token))

    assert confirmed.status_code == 200
    assert replayed.status_code == 400
    assert error_message(replayed) == SPENT
    assert me.status_code == 401
    assert error_message(me) == "Non autorizzato: le credenziali sono cambiate, accedi di nuovo"
    assert (await login(world.client("assicurapp"), AGENT, NEW_PASSWORD)).status_code == 200
