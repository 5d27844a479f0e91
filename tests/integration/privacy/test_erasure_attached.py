"""Art. 17 erasure of what hangs off the client's records: the chats' texts, the mails sent to
the client and the stored files follow their record (kept with the rule and the date when the
record is kept, anonymised or removed otherwise, the bytes gone from the store); other
addresses and other tenants untouched; a second erasure changes nothing."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.documents.files import storage_of
from core.domain.privacy import controllers
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.privacy.helpers import TENANT, Attached, Giulia, attach, make_giulia

pytestmark = pytest.mark.usefixtures("seeded")
TODAY = date(2026, 11, 29)
GONE = "[cancellato]"
LETTERS = "art. 2220 c.c. (corrispondenza relativa al contratto, 10 anni)"


@pytest.fixture(autouse=True)
def _today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controllers, "today_in_rome", lambda: TODAY)


async def _erase(clients: ClientFactory, runtime: Runtime, client_id: str) -> dict[str, Any]:
    async with clients(TENANT) as client:
        headers = await headers_for(runtime, TENANT, "admin")
        answer = await client.post(f"/api/privacy/clients/{client_id}/erasure", headers=headers)
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


async def _state(runtime: Runtime, tenant: str = TENANT) -> dict[str, Any]:
    """The rows the erasure may touch, as plain values."""
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            chats = (await session.execute(select(m.Chat))).scalars().all()
            messages = (await session.execute(select(m.ChatMessage))).scalars().all()
            mails = (await session.execute(select(m.OutboxMail))).scalars().all()
            documents = (await session.execute(select(m.Document.id))).scalars().all()
    return {
        "chats": {c.id: c.last_text for c in chats},
        "messages": {(x.chat_id, x.text, bool(x.attachments)) for x in messages},
        "mails": {x.id: (x.to, x.subject, x.purpose, x.text) for x in mails},
        "documents": set(documents),
        "stored": {f.key for f in storage_of(runtime.settings).files(tenant)},
    }


def _texts(state: dict[str, Any], chat_id: str) -> list[str]:
    return sorted(text for chat, text, _ in state["messages"] if chat == chat_id)


async def _setup(runtime: Runtime) -> tuple[Giulia, Attached, dict[str, Any]]:
    g = await make_giulia(runtime)
    a = await attach(runtime, g)
    return g, a, await _state(runtime)


async def test_chats_mails_and_files_follow_their_records(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g, a, before = await _setup(seeded)
    other_tenant = await _state(seeded, "rcadealer")
    body = await _erase(clients, seeded, g.client)
    after = await _state(seeded)
    kept = {(k["kind"], k["id"]): (k["reason"], k["until"]) for k in body["kept"]}
    anonymised = {(x["kind"], x["id"]) for x in body["anonymised"]}
    # the kept quote's chat is the kept policy's correspondence: to 31/03/2030
    assert kept[("chat", a.chat_kept)] == (LETTERS, "2030-03-31")
    assert _texts(after, a.chat_kept) == ["Polizza firmata da Giulia"]
    # the lone quote's chat and the old claim's (its period passed) lose their texts and
    # their file descriptions; the room list's preview too
    for chat in (a.chat_alone, a.chat_claim_old):
        assert ("chat", chat) in anonymised
        assert set(_texts(after, chat)) == {GONE}
        assert after["chats"][chat] == GONE
    assert not any(files for chat, _, files in after["messages"] if chat == a.chat_alone)
    labels = {x["id"]: x["label"] for x in body["anonymised"]}
    assert labels[a.chat_alone] == "Chat del preventivo del 02/05/2025"
    assert labels[a.chat_claim_old] == "Chat del sinistro del 01/05/2014"
    # the other quotes of hers (the sub-agent's, another agent's) led to no policy: erased too
    assert set(_texts(after, a.chat_sub)) == {GONE}
    # the reminder of a premium is a letter of the kept policy; the code and the PEC mail go
    assert kept[("email", a.mail_letter)] == (LETTERS, "2030-03-31")
    assert after["mails"][a.mail_letter] == before["mails"][a.mail_letter]
    for mail in (a.mail_code, a.mail_pec):
        assert ("email", mail) in anonymised
        to, subject, purpose, text = after["mails"][mail]
        assert (to, text) == (GONE, GONE)
        assert (subject, purpose) == before["mails"][mail][1:3]  # what was sent, and when
    assert after["mails"][a.mail_elsewhere] == before["mails"][a.mail_elsewhere]
    assert await _state(seeded, "rcadealer") == other_tenant
    # files: the kept policy's stays (row and bytes); the erased records' go, bytes included
    assert kept[("documento", a.file_policy)] == ("art. 2220 c.c. (scritture contabili, 10 anni)",
                                                  "2030-03-31")  # fmt: skip
    assert a.file_policy in after["documents"]
    assert a.files[a.file_policy] in after["stored"]
    for gone in (a.file_quote, a.file_claim_old, a.file_chat, a.file_sub, a.file_other_tree):
        assert ("documento", gone) in anonymised
        assert gone not in after["documents"]
        assert a.files[gone] in before["stored"]
        assert a.files[gone] not in after["stored"]
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stmt = select(m.AuditEntry).where(m.AuditEntry.entity_id == a.file_quote)
            audit = (await session.execute(stmt)).scalars().all()
    assert audit  # the activity log keeps that the file existed, not its name
    assert not any("preventivo.pdf" in str(e.changes) for e in audit)
    # no consent was ever recorded: no history to keep, and none listed
    assert ("consensi", g.client) not in kept

    again = await _erase(clients, seeded, g.client)
    assert again["again"] is True
    assert again["kept"] == body["kept"]
    assert await _state(seeded) == after


async def test_with_no_kept_policy_every_mail_and_chat_goes(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, policies=False)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            letter = m.OutboxMail(to="giulia@example.it", subject="Sollecito", purpose="sollecito",
                                  text="Gentile Giulia")  # fmt: skip
            chat = m.Chat(room=f"preventivi/{g.quote_alone}", quote_id=g.quote_alone,
                          last_text="Per Giulia")  # fmt: skip
            session.add_all([letter, chat])
            await session.flush()
            session.add(m.ChatMessage(chat_id=chat.id, text="Per Giulia"))
            await session.commit()
            letter_id, chat_id = letter.id, chat.id
    body = await _erase(clients, seeded, g.client)
    assert body["kept"] == []  # nothing kept: not even an empty consent history
    after = await _state(seeded)
    assert after["mails"][letter_id][0] == GONE
    assert _texts(after, chat_id) == [GONE]


async def test_a_policys_room_counts_though_its_quote_is_not_filed_under_the_client(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            old = await session.get(m.Policy, g.policy_old)
            assert old is not None
            quote = m.Quote(usr_data=[], agent_id=old.agent_id, parent_agent_id=old.agent_id)
            session.add(quote)
            await session.flush()
            old.quote_id = quote.id
            chat = m.Chat(room=f"preventivi/{quote.id}", quote_id=quote.id,
                          agent_id=old.agent_id, parent_agent_id=old.agent_id)  # fmt: skip
            session.add(chat)
            await session.flush()
            session.add(m.ChatMessage(chat_id=chat.id, text="Disdetta della vecchia polizza"))
            await session.commit()
            chat_id = chat.id
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "agente")
        export = await client.get(f"/api/privacy/clients/{g.client}/export", headers=headers)
    assert [c["_id"] for c in export.json()["chats"]] == [chat_id]
    body = await _erase(clients, seeded, g.client)
    assert ("chat", chat_id) in {(x["kind"], x["id"]) for x in body["anonymised"]}
    assert _texts(await _state(seeded), chat_id) == [GONE]  # the policy's period has passed
