"""What hangs off a client's records in an erasure (art. 17 GDPR): the records' stored files,
their chats and the mails the app sent to the client. Each follows its record: kept with the
record's rule and date when the record is kept, else removed (files: rows and stored bytes) or
anonymised (chat texts; a mail's address and text). A mail is kept only when it is a letter of
a kept contract (:data:`core.domain.privacy.mails.CORRESPONDENCE_PURPOSES`)."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.documents.owners import remove_from_allegati
from core.domain.privacy import retention as r
from core.domain.privacy.chats import anonymise, messages_of, record_chats
from core.domain.privacy.mails import CORRESPONDENCE_PURPOSES, mails_to

Fate = tuple[str, date] | None
"""A record's fate in the erasure: kept (the rule, the date until which), or ``None``:
anonymised."""


@dataclass
class Outcome:
    """What the erasure kept and anonymised so far, and the documents it removes."""

    kept: list[r.Kept] = field(default_factory=list)
    anonymised: list[dict[str, str]] = field(default_factory=list)
    removed: list[m.Document] = field(default_factory=list)

    def anonymise(self, kind: str, record_id: str, label: str) -> None:
        self.anonymised.append({"kind": kind, "id": record_id, "label": label})


def day(value: date) -> str:
    """``dd/mm/yyyy``, as the erasure's labels print a record's date."""
    return value.strftime("%d/%m/%Y")


async def _documents(session: AsyncSession, kind: str, ids: Collection[str]) -> list[m.Document]:
    if not ids:
        return []
    stmt = (
        select(m.Document)
        .where(m.Document.owner_kind == kind, m.Document.owner_id.in_(list(ids)))
        .order_by(m.Document.at, m.Document.id)
    )
    return list((await session.execute(stmt)).scalars().all())


async def settle_documents(
    session: AsyncSession,
    kind: str,
    fates: Mapping[str, Fate],
    outcome: Outcome,
    holders: Mapping[str, Any] | None = None,
) -> None:
    """The documents of the records ``fates`` names (of ``kind``): kept as their record, or
    removed (their row deleted here, their files once the erasure is flushed) and taken off
    the holder's ``allegati``."""
    for document in await _documents(session, kind, list(fates)):
        fate = fates[document.owner_id or ""]
        if fate is not None:
            outcome.kept.append(r.Kept("documento", document.id, document.name, *fate))
            continue
        holder = (holders or {}).get(document.owner_id or "")
        if holder is not None and holder.allegati:
            allegati = remove_from_allegati(holder.allegati, document.id)
            if allegati != holder.allegati:
                holder.allegati = allegati
        outcome.anonymise("documento", document.id, document.name)
        outcome.removed.append(document)
        await session.delete(document)


def _chat_label(chat: m.Chat, days: Mapping[str, date]) -> str:
    record_id = chat.claim_id or chat.quote_id or ""
    what = "del sinistro" if chat.claim_id else "del preventivo"
    when = days.get(record_id)
    return f"Chat {what} del {day(when)}" if when else f"Chat {what}"


async def settle_chats(
    session: AsyncSession,
    quotes: Mapping[str, Fate],
    claims: Mapping[str, Fate],
    days: Mapping[str, date],
    redacted: str,
    outcome: Outcome,
) -> None:
    """The rooms of the quotes and claims: kept with a kept record (the correspondence of the
    contract, art. 2220 c.c.; a claim's, as the claim), else their texts anonymised and their
    files removed. ``days``: each record's date, for the labels."""
    chats = await record_chats(session, list(quotes), list(claims))
    messages = await messages_of(session, [c.id for c in chats])
    fates: dict[str, Fate] = {}
    for chat in chats:
        label = _chat_label(chat, days)
        if chat.claim_id:
            kept = claims.get(chat.claim_id)
        else:
            quote_fate = quotes.get(chat.quote_id or "")
            kept = (r.CORRESPONDENCE, quote_fate[1]) if quote_fate else None
        fates[chat.id] = kept
        if kept is not None:
            outcome.kept.append(r.Kept("chat", chat.id, label, *kept))
        else:
            anonymise(chat, [msg for msg in messages if msg.chat_id == chat.id], redacted)
            outcome.anonymise("chat", chat.id, label)
    await settle_documents(session, "chat", fates, outcome)


async def settle_mails(
    session: AsyncSession,
    addresses: Collection[str],
    letters_until: date | None,
    redacted: str,
    outcome: Outcome,
) -> None:
    """The kept copies of mails to the client's ``addresses``: a letter of the business kept
    while the contracts are (``letters_until``, the latest kept policy's date); any other
    mail's address and text anonymised (its time, subject and purpose stay)."""
    for mail in await mails_to(session, addresses):
        label = f"E-mail del {day(mail.at.date())}: {mail.subject}"[:200]
        if letters_until is not None and mail.purpose in CORRESPONDENCE_PURPOSES:
            outcome.kept.append(r.Kept("email", mail.id, label, r.CORRESPONDENCE, letters_until))
            continue
        if mail.to != redacted or mail.text != redacted:
            mail.to, mail.text = redacted, redacted
        outcome.anonymise("email", mail.id, label)
