"""A customer's data as one machine-readable file (art. 15 right of access, art. 20 right to
data portability GDPR): the client record, quotes, policies, claims, consents, the chats of
those quotes and claims with their messages, the mails the app sent to the client and the list
of documents, as the user asking may see them (the client page's rule,
:func:`core.domain.clients.queries.client_detail`; the chat screens' rule for the rooms). The
mails go to whoever reads the client's own row (its tree's top agent, the office), as its
contacts do. The files themselves travel in the ZIP (:mod:`core.domain.privacy.archive`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import and_, or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.claims.serialize import claim_payload
from core.domain.clients.queries import client_detail, sees_whole_tree
from core.domain.documents import document_payload
from core.domain.privacy.chats import exported_chats
from core.domain.privacy.consents import consent_payload, history
from core.domain.privacy.log import record
from core.domain.privacy.mails import addresses, exported_mails
from core.domain.privacy.paperwork import exported_paperwork
from core.domain.quotes.queries import in_agent_tree

FORMAT = "sportello-dati-cliente/2"
DOCUMENT_FIELDS = ("_id", "name", "type", "fileType", "size", "at", "owner")
MAILS_NOT_SHOWN = (
    "Le e-mail inviate al cliente sono riservate a chi vede l'intera scheda del cliente "
    "(l'agente titolare e l'amministrazione): non sono incluse."
)
Form = Literal["json", "zip"]


@dataclass(frozen=True, slots=True)
class Export:
    """The export's JSON and the documents it lists, in the same order (their files)."""

    data: dict[str, Any]
    documents: list[m.Document]


def _document(document: dict[str, Any]) -> dict[str, Any]:
    """A document's description (the JSON says the file exists; the ZIP carries it)."""
    return {key: document.get(key) for key in DOCUMENT_FIELDS if key in document}


async def _claims(
    session: AsyncSession, principal: Principal, client_id: str, policy_ids: list[str]
) -> list[m.Claim]:
    """The client's claims (its own, or on its policies) the principal may see."""
    stmt = (
        select(m.Claim)
        .where(
            or_(m.Claim.client_id == client_id, m.Claim.policy_id.in_(policy_ids)),
            in_agent_tree(principal, m.Claim),
        )
        .order_by(m.Claim.event_date, m.Claim.id)
    )
    return list((await session.execute(stmt)).scalars().all())


async def _documents(session: AsyncSession, owners: dict[str, list[str]]) -> list[m.Document]:
    """The documents of the given records (kind → ids), newest first."""
    wanted = [and_(m.Document.owner_kind == k, m.Document.owner_id.in_(ids))
              for k, ids in owners.items() if ids]  # fmt: skip
    if not wanted:
        return []
    stmt = select(m.Document).where(or_(*wanted)).order_by(m.Document.at.desc(), m.Document.id)
    return list((await session.execute(stmt)).scalars().all())


async def _records(
    session: AsyncSession, quote_ids: list[str], policy_ids: list[str]
) -> list[m.Quote | m.Policy]:
    records: list[m.Quote | m.Policy] = []
    if quote_ids:
        quotes = await session.execute(select(m.Quote).where(m.Quote.id.in_(quote_ids)))
        records += quotes.scalars().all()
    if policy_ids:
        policies = await session.execute(select(m.Policy).where(m.Policy.id.in_(policy_ids)))
        records += policies.scalars().all()
    return records


async def collect(
    session: AsyncSession, principal: Principal, client_id: str, tenant_id: str
) -> Export:
    """The export (only read: the caller logs it, :func:`log_export`); not found for a
    client the principal may not see."""
    detail = await client_detail(session, principal, client_id)
    quote_ids = [q["_id"] for q in detail["quotes"]]
    policy_ids = [p["_id"] for p in detail["policies"]]
    claims = await _claims(session, principal, client_id, policy_ids)
    claim_ids = [c.id for c in claims]
    consents = await history(session, client_id)
    rooms = {*quote_ids, *(p["quoteId"] for p in detail["policies"] if p.get("quoteId"))}
    chats = await exported_chats(session, principal, rooms, claim_ids)
    client = await session.get(m.Client, client_id)
    notes: list[str] = []
    mails: list[dict[str, Any]] = []
    if client is not None and sees_whole_tree(principal, client):
        wanted = addresses(client, await _records(session, quote_ids, policy_ids))
        mails, capped = await exported_mails(session, wanted)
        notes += [capped] if capped else []
    else:
        notes.append(MAILS_NOT_SHOWN)
    documents = await _documents(
        session, {"preventivo": quote_ids, "polizza": policy_ids, "sinistro": claim_ids}
    )
    data = {
        "format": FORMAT,
        "exportedAt": utcnow().isoformat(),
        "tenant": tenant_id,
        "client": detail["client"],
        "quotes": detail["quotes"],
        "policies": detail["policies"],
        "claims": [claim_payload(c) for c in claims],
        "consents": [consent_payload(c) for c in consents],
        "chats": chats,
        "mails": mails,
        "documents": [_document(document_payload(d)) for d in documents],
        "paperwork": await exported_paperwork(session, quote_ids),
        "notes": notes,
    }
    return Export(data, documents)


async def export_client(
    session: AsyncSession, principal: Principal, client_id: str, tenant_id: str
) -> dict[str, Any]:
    """The export as one JSON document (the files listed, not carried), logged."""
    export = await collect(session, principal, client_id, tenant_id)
    await log_export(session, principal, client_id, tenant_id, "json")
    return export.data


async def log_export(
    session: AsyncSession, principal: Principal, client_id: str, tenant_id: str, form: Form
) -> None:
    """The export in the processing log (art. 30 GDPR), written with what it took."""
    record(session, "esportazione", principal.id, client_id, tenant=tenant_id, formato=form)
    await session.flush()
