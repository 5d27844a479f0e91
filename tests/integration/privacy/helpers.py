"""A client of the agent's tree with its records, and what hangs off them (files, chats,
mails), written directly, for the privacy tests."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from core.context import tenant_scope
from core.db import models as m
from core.domain.documents.files import storage_of, upload_uri
from core.runtime import Runtime
from core.testing.accounts import add_user, user_ids

TENANT = "assicurapp"


@dataclass
class Giulia:
    """The ids of the client and of each of its records."""

    client: str
    policy_old: str = ""
    policy_kept: str = ""
    quote_kept: str = ""
    quote_alone: str = ""
    claim_kept: str = ""
    claim_old: str = ""
    doc_policy: str = ""
    doc_quote: str = ""


def usr_data(name: str = "Giulia Verdi") -> list[dict[str, Any]]:
    return [
        {"_id": "nome", "value": name},
        {"_id": "cf", "type": "cf", "value": "VRDGLI80A41H501X"},
        {"_id": "email", "value": "giulia@example.it"},
    ]


def _at(day: date) -> datetime:
    return datetime(day.year, day.month, day.day, 10, tzinfo=UTC)


async def make_giulia(
    runtime: Runtime, *, policies: bool = True, in_force_until: date | None = None
) -> Giulia:
    """Giulia Verdi, of the agent's tree: a quote that led to a policy ended 31/03/2020, a
    policy ended 30/06/2014, a quote with no policy and its document, a claim on each
    policy, a document on the kept policy; with ``in_force_until`` one more policy ending
    then. Without ``policies`` only the lone quote."""
    ids = await user_ids(runtime, TENANT)
    agent = ids["agente"]
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            client = m.Client(
                name="Giulia Verdi", fiscal_code="VRDGLI80A41H501X", email="giulia@example.it",
                phone="+39 333 000 1111", agent_id=agent, owner_agent_id=agent,
                data={"address": "Via Po 1, Torino", "pec": "giulia@pec.it", "idType": "ci",
                      "idNumber": "CA1234567"},
            )  # fmt: skip
            session.add(client)
            await session.flush()
            tree = {"agent_id": agent, "parent_agent_id": agent, "client_id": client.id}
            found = Giulia(client=client.id)
            alone = m.Quote(usr_data=usr_data(), car={"targa": "AB123CD"}, at=_at(date(2025, 5, 2)),
                            **tree)  # fmt: skip
            session.add(alone)
            await session.flush()
            found.quote_alone = alone.id
            doc = m.Document(owner_kind="preventivo", owner_id=alone.id, name="patente.pdf",
                             uri=f"/upload/{alone.id}/patente.pdf", storage_key="k1")  # fmt: skip
            session.add(doc)
            await session.flush()
            found.doc_quote = doc.id
            if policies:
                await _policies(session, found, tree, in_force_until)
            await session.commit()
    return found


async def _policies(
    session: Any, found: Giulia, tree: dict[str, str], in_force_until: date | None
) -> None:
    quote = m.Quote(usr_data=usr_data(), at=_at(date(2019, 3, 1)), **tree)
    session.add(quote)
    await session.flush()
    kept = m.Policy(quote_id=quote.id, number="P-2019", company="Generali",
                    start_date=date(2019, 3, 31), end_date=date(2020, 3, 31),
                    premium=Decimal("500.00"), pr={"usrData": usr_data()}, **tree)  # fmt: skip
    old = m.Policy(number="P-2013", company="Allianz", start_date=date(2013, 6, 30),
                   end_date=date(2014, 6, 30), premium=Decimal("300.00"),
                   pr={"usrData": usr_data()}, **tree)  # fmt: skip
    session.add_all([kept, old])
    await session.flush()
    found.quote_kept, found.policy_kept, found.policy_old = quote.id, kept.id, old.id
    event = date(2020, 1, 15)
    claim_kept = m.Claim(policy_id=kept.id, event_date=event, known_on=event,
                         customer="Giulia Verdi", description="Tamponamento", **tree)  # fmt: skip
    claim_old = m.Claim(policy_id=old.id, event_date=date(2014, 5, 1), known_on=date(2014, 5, 1),
                        customer="Giulia Verdi", description="Grandine", **tree)  # fmt: skip
    session.add_all([claim_kept, claim_old])
    doc = m.Document(owner_kind="polizza", owner_id=kept.id, name="contratto.pdf",
                     uri=f"/upload/{kept.id}/contratto.pdf", storage_key="k2")  # fmt: skip
    session.add(doc)
    if in_force_until is not None:
        session.add(
            m.Policy(
                number="P-NOW",
                company="Generali",
                start_date=date(2026, 1, 1),
                end_date=in_force_until,
                pr={"usrData": usr_data()},
                **tree,
            )
        )
    await session.flush()
    found.claim_kept, found.claim_old, found.doc_policy = claim_kept.id, claim_old.id, doc.id


@dataclass
class Attached:
    """What hangs off Giulia's records: stored files (id → key), chats, mails, and the records
    of other trees and of another tenant that must stay out of her export and erasure."""

    files: dict[str, str]
    file_quote: str
    file_policy: str
    file_claim_old: str
    file_chat: str
    file_sub: str
    file_other_tree: str
    chat_alone: str
    chat_kept: str
    chat_claim_old: str
    chat_sub: str
    chat_other_tree: str
    mail_letter: str
    mail_code: str
    mail_pec: str
    mail_elsewhere: str
    mail_other_tenant: str
    quote_sub: str
    quote_other_tree: str


FILE_BYTES = {
    "preventivo.pdf": b"%PDF-1.4 preventivo di Giulia",
    "polizza.pdf": b"%PDF-1.4 polizza di Giulia",
    "grandine.jpg": b"\xff\xd8\xff foto della grandine",
    "patente.jpg": b"\xff\xd8\xff patente in chat",
    "sub.pdf": b"%PDF-1.4 del subagente",
    "altro.pdf": b"%PDF-1.4 di un altro agente",
}


def _file(
    session: Any, settings: Any, owner_kind: str, owner_id: str, name: str, day: date
) -> m.Document:
    key = storage_of(settings).save(TENANT, name, FILE_BYTES[name])
    document = m.Document(owner_kind=owner_kind, owner_id=owner_id, name=name, storage_key=key,
                          uri=upload_uri(TENANT, key), size=len(FILE_BYTES[name]),
                          file_type="application/pdf", at=_at(day))  # fmt: skip
    session.add(document)
    return document


async def attach(runtime: Runtime, g: Giulia) -> Attached:
    """Files on the lone quote, the kept policy, the old claim; chats of the lone quote (with
    a file), the kept quote and the old claim; mails to her addresses and to someone else; a
    quote of hers in the sub-agent's tree and one in another agent's tree, each with a chat
    and a file; a mail of another tenant to her address (another tenant's rows cannot name
    her records)."""
    ids = await user_ids(runtime, TENANT)
    other_agent = await add_user(runtime, TENANT, "agente2", {"a": {"type": "agente"}})
    agent, sub, admin = ids["agente"], ids["subagente"], ids["admin"]
    own: dict[str, str | None] = {"agent_id": agent, "parent_agent_id": agent}
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            s = runtime.settings
            quote_sub = m.Quote(usr_data=usr_data(), at=_at(date(2025, 6, 1)), client_id=g.client,
                                agent_id=sub, parent_agent_id=agent)  # fmt: skip
            quote_other = m.Quote(usr_data=usr_data(), at=_at(date(2025, 7, 1)),
                                  client_id=g.client, agent_id=other_agent,
                                  parent_agent_id=other_agent)  # fmt: skip
            session.add_all([quote_sub, quote_other])
            await session.flush()
            docs = [
                _file(session, s, "preventivo", g.quote_alone, "preventivo.pdf", date(2025, 5, 3)),
                _file(session, s, "polizza", g.policy_kept, "polizza.pdf", date(2019, 4, 1)),
                _file(session, s, "sinistro", g.claim_old, "grandine.jpg", date(2014, 5, 2)),
                _file(session, s, "preventivo", quote_sub.id, "sub.pdf", date(2025, 6, 2)),
                _file(session, s, "preventivo", quote_other.id, "altro.pdf", date(2025, 7, 2)),
            ]
            alone = m.Chat(room=f"preventivi/{g.quote_alone}", quote_id=g.quote_alone,
                           last_text="Ricevuto, grazie", **own)  # fmt: skip
            kept = m.Chat(room=f"preventivi/{g.quote_kept}", quote_id=g.quote_kept,
                          last_text="Polizza firmata da Giulia", **own)  # fmt: skip
            claim = m.Chat(room=f"sinistri/{g.claim_old}", claim_id=g.claim_old,
                           last_text="Giulia manda le foto", **own)  # fmt: skip
            chat_sub = m.Chat(room=f"preventivi/{quote_sub.id}", quote_id=quote_sub.id,
                              agent_id=sub, parent_agent_id=agent, last_text="Dal sub")  # fmt: skip
            chat_other = m.Chat(room=f"preventivi/{quote_other.id}", quote_id=quote_other.id,
                                agent_id=other_agent, parent_agent_id=other_agent,
                                last_text="Altro albero")  # fmt: skip
            session.add_all([alone, kept, claim, chat_sub, chat_other])
            await session.flush()
            chat_file = _file(session, s, "chat", alone.id, "patente.jpg", date(2025, 5, 4))
            chat_file.doc_type = "chat-sent"
            await session.flush()
            attachment = {
                "_id": chat_file.id, "name": "patente.jpg", "uri": chat_file.uri,
                "fileType": "image/jpeg", "thumb": None, "size": chat_file.size,
            }  # fmt: skip
            session.add_all([
                m.ChatMessage(chat_id=alone.id, sender_id=agent, at=_at(date(2025, 5, 4)),
                              text="Giulia, manca la patente", attachments=[attachment]),
                m.ChatMessage(chat_id=alone.id, sender_id=admin, at=_at(date(2025, 5, 5)),
                              text="Ricevuto, grazie"),
                m.ChatMessage(chat_id=kept.id, sender_id=agent, at=_at(date(2019, 3, 30)),
                              text="Polizza firmata da Giulia"),
                m.ChatMessage(chat_id=claim.id, sender_id=agent, at=_at(date(2014, 5, 2)),
                              text="Giulia manda le foto"),
                m.ChatMessage(chat_id=chat_sub.id, sender_id=sub, at=_at(date(2025, 6, 2)),
                              text="Dal sub"),
                m.ChatMessage(chat_id=chat_other.id, sender_id=other_agent,
                              at=_at(date(2025, 7, 2)), text="Altro albero"),
            ])  # fmt: skip
            mails = [
                m.OutboxMail(to="Giulia@Example.it", subject="Sollecito rata", purpose="sollecito",
                             text="Gentile Giulia Verdi, la rata...", at=_at(date(2026, 1, 10))),
                m.OutboxMail(to="giulia@example.it", subject="Codice di conferma",
                             purpose="precontratto", text="Il tuo codice è 123456",
                             at=_at(date(2025, 5, 6))),
                m.OutboxMail(to="giulia@pec.it", subject="Comunicazione", purpose="",
                             text="Cara Giulia", at=_at(date(2024, 2, 1))),
                m.OutboxMail(to="altro@example.it", subject="Altro", purpose="",
                             text="Per qualcun altro", at=_at(date(2026, 1, 11))),
            ]  # fmt: skip
            session.add_all(mails)
            await session.commit()
            found = Attached(
                files={d.id: d.storage_key for d in [*docs, chat_file]},
                file_quote=docs[0].id, file_policy=docs[1].id, file_claim_old=docs[2].id,
                file_chat=chat_file.id, file_sub=docs[3].id, file_other_tree=docs[4].id,
                chat_alone=alone.id, chat_kept=kept.id, chat_claim_old=claim.id,
                chat_sub=chat_sub.id, chat_other_tree=chat_other.id,
                mail_letter=mails[0].id, mail_code=mails[1].id, mail_pec=mails[2].id,
                mail_elsewhere=mails[3].id, mail_other_tenant="",
                quote_sub=quote_sub.id, quote_other_tree=quote_other.id,
            )  # fmt: skip
    with tenant_scope("rcadealer"):
        async with runtime.db.session() as session:
            foreign_mail = m.OutboxMail(to="giulia@example.it", subject="Altro tenant",
                                        purpose="", text="Altro tenant")  # fmt: skip
            session.add(foreign_mail)
            await session.commit()
            found.mail_other_tenant = foreign_mail.id
    return found
