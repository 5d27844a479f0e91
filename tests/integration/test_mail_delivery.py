"""Mail goes out with no transaction open: a slow SMTP server holds up nobody else's write (on
SQLite a transaction holds the whole database's write lock); and in production a mail that
cannot go takes back what it stood for (an invitation, a reminder, a signing code) with a 503
in Italian, so the office or the customer can simply try again."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

import pytest
from litestar.testing import AsyncTestClient
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import utcnow
from core.domain.precontract.signature import send_code
from core.i18n import today_in_rome
from core.mail import MailError, send_mail
from core.runtime import Runtime
from core.settings import Environment, Settings
from core.testing import AppPool, headers_for, seed_or_restore, user_ids
from tests.integration.dunning.helpers import all_paid, marks, owe, policies_of
from tests.integration.smtp import free_port, smtp_server

TENANT = "assicurapp"
NOT_SENT = "Invio della mail non riuscito: riprova più tardi"


@dataclass
class StalledInbox:
    """An SMTP server that takes a message's data only once the test releases it."""

    reached: threading.Event = field(default_factory=threading.Event)
    release: threading.Event = field(default_factory=threading.Event)
    subjects: list[str] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.reached.set()
        await asyncio.get_running_loop().run_in_executor(None, self.release.wait, 30)
        self.subjects.append(envelope.content.decode().split("Subject: ")[1].splitlines()[0])
        return "250 Message accepted for delivery"


@pytest.fixture
def stalled() -> Iterator[tuple[StalledInbox, int]]:
    inbox = StalledInbox()
    with smtp_server(inbox) as port:
        try:
            yield inbox, port
        finally:
            inbox.release.set()  # before the server stops: it waits for the message it holds


def mailing_to(settings: Settings, port: int, *, production: bool = False) -> Settings:
    """``settings`` with SMTP on ``port`` of this machine; in production if asked."""
    update: dict[str, Any] = {
        "mail": settings.mail.model_copy(update={"host": "127.0.0.1", "port": port})
    }
    if production:
        update["app"] = settings.app.model_copy(update={"environment": Environment.PRODUCTION})
        update["auth"] = settings.auth.model_copy(update={"secret_key": "k" * 48})
    return settings.model_copy(update=update)


async def test_another_write_goes_through_while_the_mail_server_is_slow(
    seeded: Runtime, settings: Settings, stalled: tuple[StalledInbox, int]
) -> None:
    inbox, port = stalled
    agent = (await user_ids(seeded, TENANT))["agente"]

    async def rename(session_name: str, expected: str) -> None:
        async with seeded.db.session() as other:
            user = await other.get(m.User, agent)
            assert user is not None
            assert user.name == expected  # the caller's write is committed
            user.name = session_name

    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            user = await session.get(m.User, agent)
            assert user is not None
            user.name = "Prima della mail"
            mailing = mailing_to(settings, port)
            sending = asyncio.create_task(
                send_mail(session, mailing, to="a@example.it", subject="Prova", text="Testo")
            )
            try:
                assert await asyncio.to_thread(inbox.reached.wait, 20), (
                    "the mail never reached SMTP"
                )
                await asyncio.wait_for(rename("Durante la mail", "Prima della mail"), 5)
            finally:
                inbox.release.set()
            await sending
        async with seeded.db.session() as session:
            user = await session.get(m.User, agent)
            assert user is not None
            assert user.name == "Durante la mail"
    assert inbox.subjects == ["Prova"]


@pytest.fixture
async def production(
    settings: Settings, seeded: Runtime
) -> AsyncIterator[tuple[AsyncTestClient[Any], Runtime]]:
    """The app in production mailing through a port where no SMTP server listens."""
    app = AppPool.borrow(
        mailing_to(settings, free_port(), production=True), seeded.pm, migrate=False, seed=False
    )
    runtime: Runtime = app.state.runtime
    await seed_or_restore(settings, runtime)
    async with AsyncTestClient(app, base_url="http://assicurapp.localhost") as client:
        yield client, runtime


async def test_an_invitation_that_cannot_be_mailed_creates_nobody(
    production: tuple[AsyncTestClient[Any], Runtime],
) -> None:
    client, runtime = production
    body = {"email": "non.invitato@example.it", "name": "Non Invitato", "role": {"a": {}}}
    headers = await headers_for(runtime, TENANT, "admin")
    for _ in range(2):  # the second try is the same invitation, not 'e-mail already in use'
        answer = await client.post("/api/auth/invite", json=body, headers=headers)
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["message"] == NOT_SENT
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            found = select(m.User.id).where(m.User.email == "non.invitato@example.it")
            assert (await session.execute(found)).first() is None
            assert (await session.execute(select(m.OutboxMail.id))).first() is None


async def test_a_reminder_that_cannot_be_mailed_is_not_recorded(
    production: tuple[AsyncTestClient[Any], Runtime],
) -> None:
    client, runtime = production
    await all_paid(runtime)
    [policy_id] = await policies_of(runtime, "agente", 1)
    await owe(runtime, policy_id, 2, today_in_rome() - timedelta(days=20))
    headers = await headers_for(runtime, TENANT, "agente")
    for _ in range(2):  # not 'already sent at …': nothing went
        answer = await client.post(
            "/api/polizze/insolute/sollecito", json={"policyId": policy_id, "n": 2}, headers=headers
        )
        assert answer.status_code == 503, answer.text
        assert answer.json()["error"]["message"] == NOT_SENT
    assert await marks(runtime) == []


async def test_a_signing_code_that_cannot_be_mailed_is_not_counted(
    production: tuple[AsyncTestClient[Any], Runtime], settings: Settings
) -> None:
    _, runtime = production
    tenant = runtime.tenant(TENANT)
    assert tenant is not None
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote_id = (await session.execute(select(m.Quote.id).limit(1))).scalar_one()
            made = m.PrecontractSet(
                quote_id=quote_id, version=1, fingerprint="f", documents=[], made_at=utcnow(),
                email="cliente@example.it",
            )  # fmt: skip
            session.add(made)
        for _ in range(2):  # not 'the code was just sent': none was
            async with runtime.db.session() as session:
                fresh = await session.get(m.PrecontractSet, made.id)
                assert fresh is not None
                with pytest.raises(MailError, match=NOT_SENT):
                    await send_code(session, runtime.settings, tenant, fresh)
        async with runtime.db.session() as session:
            kept = await session.get(m.PrecontractSet, made.id)
            assert kept is not None
            assert (kept.codes_sent, kept.code_hash, kept.code_sent_at) == (0, None, None)
