"""The right to erasure (art. 17 GDPR), for admins: what no retention duty keeps is
anonymised or removed; what a duty keeps stays, listed with the rule and the date until which
it is kept (:mod:`core.domain.privacy.retention`); the records' files, chats and the mails
sent to the client follow their records (:mod:`core.domain.privacy.attached`). Refused while
a policy of the client is in force (art. 6(1)(b): the data serve the contract). Asking again
changes nothing more and answers the same lists."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.documents import files as f
from core.domain.privacy import retention as r
from core.domain.privacy.attached import (
    Fate,
    Outcome,
    day,
    settle_chats,
    settle_documents,
    settle_mails,
)
from core.domain.privacy.consents import current, history, record_consents
from core.domain.privacy.log import record
from core.domain.privacy.mails import addresses
from core.domain.privacy.paperwork import ANSWER_FIELDS, SET_FIELDS, settle_paperwork
from core.errors import Conflict, NotFound
from core.settings import Settings

CLIENT_NOT_FOUND = "Cliente non trovato"
IN_FORCE = (
    "Il cliente ha la polizza {number} in vigore fino al {end}: i suoi dati servono "
    "all'esecuzione del contratto (art. 6.1.b e art. 17.1.a GDPR) e non si possono cancellare "
    "prima della scadenza. Puoi revocare ora i consensi a marketing e profilazione."
)
ERASED_NAME = "Cliente cancellato"
REDACTED = "[cancellato]"
IDENTITY_KEYS = ("address", "idType", "idNumber", "idExpiry", "plates", "plateIndex")
"""What the anti-money-laundering duty keeps of a client's ``data`` (D.Lgs. 231/2007 art. 31:
identification data); the rest (PEC, notes) goes."""
CLIENT_FIELDS = ("name", "fiscal_code", "email", "phone", "data")
QUOTE_FIELDS = ("usr_data", "car", "allegati")
CLAIM_FIELDS = ("customer", "place", "description", "counterparties")
DOCUMENT_FIELDS = ("name", "uri", "storage_key", "thumb")
"""A removed document's name and where it was: the activity log keeps that it existed."""


async def _rows(session: AsyncSession, client_id: str) -> tuple[
    list[m.Policy], list[m.Quote], list[m.Claim]
]:  # fmt: skip
    policies = list(
        (await session.execute(select(m.Policy).where(m.Policy.client_id == client_id)))
        .scalars()
        .all()
    )
    quotes = list(
        (await session.execute(select(m.Quote).where(m.Quote.client_id == client_id)))
        .scalars()
        .all()
    )
    policy_ids = [p.id for p in policies]
    claims = list(
        (
            await session.execute(
                select(m.Claim).where(
                    or_(m.Claim.client_id == client_id, m.Claim.policy_id.in_(policy_ids))
                )
            )
        )
        .scalars()
        .all()
    )
    return policies, quotes, claims


def _policy_label(policy: m.Policy) -> str:
    number = policy.number or policy.id
    return f"Polizza {number}" + (f" ({policy.company})" if policy.company else "")


def _scrub(changes: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """An audit entry's changes with the erased fields' values replaced."""
    return {key: (REDACTED if key in fields else value) for key, value in (changes or {}).items()}


async def _scrub_audit(
    session: AsyncSession, entity: str, ids: list[str], fields: tuple[str, ...]
) -> None:
    """The activity log keeps that a record changed, not the erased values (art. 17(1))."""
    if not ids:
        return
    stmt = select(m.AuditEntry).where(
        m.AuditEntry.entity == entity, m.AuditEntry.entity_id.in_(ids)
    )
    for entry in (await session.execute(stmt)).scalars().all():
        scrubbed = _scrub(entry.changes, fields)
        if scrubbed != entry.changes:
            entry.changes = scrubbed


async def erase_client(
    session: AsyncSession,
    settings: Settings,
    principal: Principal,
    tenant_id: str,
    client_id: str,
    today: date,
) -> dict[str, Any]:
    """``{clientId, erasedAt, again, anonymised: [{kind, id, label}], kept: [...]}``."""
    client = await session.get(m.Client, client_id)
    if client is None:
        raise NotFound(CLIENT_NOT_FOUND)
    policies, quotes, claims = await _rows(session, client_id)
    ends = {p.id: r.policy_end(p.end_date, p.cancelled_on, p.start_date) for p in policies}
    for policy in policies:
        if r.in_force(ends[policy.id], today):
            number = policy.number or policy.id
            raise Conflict(IN_FORCE.format(number=number, end=day(ends[policy.id])))
    wanted = addresses(client, [*policies, *quotes])
    outcome = Outcome()
    kept, anonymised = outcome.kept, outcome.anonymised
    policy_until: dict[str, date] = {}
    policy_fates: dict[str, Fate] = {}
    for policy in policies:
        until = r.policy_kept_until(ends[policy.id])
        label = _policy_label(policy)
        if until > today:
            policy_until[policy.id] = until
            policy_fates[policy.id] = (r.ACCOUNTING, until)
            kept.append(r.Kept("polizza", policy.id, label, f"{r.ACCOUNTING}; {r.AML}", until))
        else:
            policy_fates[policy.id] = None
            pr = dict(policy.pr or {})
            if pr.get("usrData"):
                pr["usrData"] = []
                policy.pr = pr
            anonymised.append({"kind": "polizza", "id": policy.id, "label": label})
    kept_quotes = {p.quote_id: policy_until[p.id] for p in policies if p.id in policy_until}
    erased_quotes: list[m.Quote] = []
    quote_fates: dict[str, Fate] = {}
    for quote in sorted(quotes, key=lambda q: q.at):
        label = f"Preventivo del {day(quote.at.date())}"
        until_kept = kept_quotes.get(quote.id)
        if until_kept is not None:
            reason = f"parte della polizza: {r.ACCOUNTING}"
            quote_fates[quote.id] = (reason, until_kept)
            kept.append(r.Kept("preventivo", quote.id, label, reason, until_kept))
            continue
        quote_fates[quote.id] = None
        if quote.usr_data or quote.car or quote.allegati:
            quote.usr_data, quote.car, quote.allegati = [], {}, {}
        erased_quotes.append(quote)
        anonymised.append({"kind": "preventivo", "id": quote.id, "label": label})
    claim_fates: dict[str, Fate] = {}
    for claim in sorted(claims, key=lambda c: c.event_date):
        until = r.claim_kept_until(claim.event_date, policy_until.get(claim.policy_id, date.min))
        label = f"Sinistro del {day(claim.event_date)}"
        if until > today:
            claim_fates[claim.id] = (r.CLAIMS, until)
            kept.append(r.Kept("sinistro", claim.id, label, r.CLAIMS, until))
        else:
            claim_fates[claim.id] = None
            if claim.customer or claim.place or claim.description or claim.counterparties:
                claim.customer, claim.place, claim.description = "", "", ""
                claim.counterparties = []
            anonymised.append({"kind": "sinistro", "id": claim.id, "label": label})
    holders: dict[str, m.Policy | m.Quote | m.Claim] = {p.id: p for p in policies}
    holders |= {q.id: q for q in quotes} | {c.id: c for c in claims}
    await settle_documents(session, "polizza", policy_fates, outcome, holders)
    await settle_documents(session, "preventivo", quote_fates, outcome, holders)
    await settle_documents(session, "sinistro", claim_fates, outcome, holders)
    days = {q.id: q.at.date() for q in quotes} | {c.id: c.event_date for c in claims}
    # a policy's quote not filed under the client still has the policy's room
    rooms = {p.quote_id: policy_fates[p.id] for p in policies if p.quote_id} | quote_fates
    await settle_chats(session, rooms, claim_fates, days, REDACTED, outcome)
    paperwork = await settle_paperwork(session, rooms, {q.id: q for q in quotes}, outcome)
    removed = outcome.removed
    removed_keys = f.stored_keys(tenant_id, removed)
    identity_until = max(policy_until.values(), default=None)
    again = bool((client.data or {}).get("erasedAt"))
    erased_at = (client.data or {}).get("erasedAt") or utcnow().isoformat()
    data = dict(client.data or {})
    if identity_until is not None:
        kept.append(r.Kept("cliente", client.id, "Dati identificativi del cliente", r.AML,
                           identity_until))  # fmt: skip
        new_data = {k: data[k] for k in IDENTITY_KEYS if k in data}
    else:
        new_data = {}
        if client.name != ERASED_NAME or client.fiscal_code is not None:
            client.name, client.fiscal_code = ERASED_NAME, None
    new_data["erasedAt"] = erased_at
    if client.email is not None or client.phone is not None:
        client.email, client.phone = None, None
    if new_data != data:
        client.data = new_data
    anonymised.append({"kind": "cliente", "id": client.id, "label": "Contatti del cliente"})
    given = current(await history(session, client.id))
    revoked = {k: False for k in ("marketing", "profilazione") if (given[k] or {}).get("given")}
    await record_consents(session, client.id, revoked, channel="cancellazione", by=principal.id)
    await settle_mails(session, wanted, identity_until, REDACTED, outcome)
    if await history(session, client.id):  # nothing to prove when nothing was recorded
        kept.append(r.Kept("consensi", client.id, "Storico dei consensi", r.CONSENT_PROOF,
                           max(identity_until or today, r.years_after(today))))  # fmt: skip
    await session.flush()
    erased_fields = CLIENT_FIELDS if identity_until is None else ("email", "phone", "data")
    await _scrub_audit(session, "clients", [client.id], erased_fields)
    await _scrub_audit(session, "quotes", [q.id for q in erased_quotes], QUOTE_FIELDS)
    await _scrub_audit(
        session, "claims", [a["id"] for a in anonymised if a["kind"] == "sinistro"], CLAIM_FIELDS
    )
    await _scrub_audit(session, "documents", [d.id for d in removed], DOCUMENT_FIELDS)
    await _scrub_audit(session, "precontract_sets", paperwork.sets, SET_FIELDS)
    await _scrub_audit(session, "needs_assessments", paperwork.answers, ANSWER_FIELDS)
    result = {
        "clientId": client.id, "erasedAt": erased_at, "again": again,
        "anonymised": anonymised, "kept": [k.as_payload() for k in kept],
    }  # fmt: skip
    record(
        session, "cancellazione", principal.id, client.id, again=again,
        anonymised=len(anonymised), kept=[k.as_payload() for k in kept],
    )  # fmt: skip
    await session.flush()
    if removed_keys or paperwork.keys:
        await f.delete_stored(settings, tenant_id, [*removed_keys, *paperwork.keys])
    return result
