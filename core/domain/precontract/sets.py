"""A quote's pre-contract set: made from the quote as it stands, kept in versions.

The three annexes are made with the product's current documents (DIP, DIP aggiuntivo,
conditions) and stored with each file's SHA-256. A set stays while the facts it was made from
(:class:`~core.domain.precontract.facts.Facts`, the product documents' hashes) stay; when they
change, the next request makes a new version and the old one is kept as it was, delivered or
not (IVASS Reg. 40/2018, art. 56: what the customer received must stay provable)."""

from __future__ import annotations

import hashlib
from typing import Any

from anyio import to_thread
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.locks import get_for_update
from core.db.types import utcnow
from core.domain.documents.files import storage_of
from core.domain.needs.assessments import latest_assessment
from core.domain.needs.summary_pdf import FILE_NAME as NEEDS_FILE_NAME
from core.domain.needs.summary_pdf import summary_pdf
from core.domain.precontract.facts import Facts, facts_of, product_documents
from core.domain.precontract.kinds import ANNEX_KINDS, FILE_NAMES, NEEDS_KIND, TITLES
from core.domain.precontract.render import annex_pdf
from core.errors import NotFound
from core.messages import QUOTE_NOT_FOUND
from core.settings import Settings
from core.storage import StorageUnavailable
from tenants.config import Tenant

SUMMARY = "precontratto"
"""Key in the quote's ``quote`` details: the latest set's state, published with the quote."""


def sha256(content: bytes) -> str:
    return hashlib.sha256(content).hexdigest()


async def latest_set(session: AsyncSession, quote_id: str) -> m.PrecontractSet | None:
    stmt = (
        select(m.PrecontractSet)
        .where(m.PrecontractSet.quote_id == quote_id)
        .order_by(m.PrecontractSet.version.desc())
        .limit(1)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


def _fingerprint(
    facts: Facts, documents: list[m.ProductDocument], answers: m.NeedsAssessment | None
) -> str:
    """The facts, the product documents' hashes and which answers the set carries."""
    parts = [d.sha256 for d in documents]
    return facts.fingerprint([*parts, f"{NEEDS_KIND}:{answers.id}"] if answers else parts)


async def current_fingerprint(
    session: AsyncSession, tenant: Tenant, quote: m.Quote, answers: m.NeedsAssessment | None
) -> str:
    """The fingerprint a set made now would carry, with ``answers`` the quote's latest (which
    the callers have read already)."""
    facts = await facts_of(session, tenant, quote)
    documents = await product_documents(session, quote.product_id)
    return _fingerprint(facts, documents, answers)


async def ensure_current(
    session: AsyncSession, settings: Settings, tenant: Tenant, quote_id: str, by: str | None
) -> m.PrecontractSet:
    """The quote's set for the quote as it stands: the latest one, or a new version when the
    quote (or the product's documents) changed. The quote stays locked until the request
    ends, so two requests make one version."""
    quote = await get_for_update(session, m.Quote, quote_id)
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    facts = await facts_of(session, tenant, quote)
    documents = await product_documents(session, quote.product_id)
    answers = await latest_assessment(session, quote.id)
    fingerprint = _fingerprint(facts, documents, answers)
    latest = await latest_set(session, quote.id)
    if latest is not None and latest.fingerprint == fingerprint:
        return latest
    storage = storage_of(settings)

    async def made_here(kind: str, name: str, content: bytes) -> dict[str, Any]:
        """A file made for this quote, stored, as the set lists it."""
        key = await to_thread.run_sync(storage.save, quote.tenant_id, name, content)
        return {"kind": kind, "title": TITLES[kind], "name": name, "sha256": sha256(content),
                "size": len(content), "key": key}  # fmt: skip

    files: list[dict[str, Any]] = []
    for kind in ANNEX_KINDS:
        content = await to_thread.run_sync(annex_pdf, kind, facts)
        files.append(await made_here(kind, FILE_NAMES[kind], content))
    if answers is not None:
        content = await to_thread.run_sync(
            summary_pdf, facts.intermediary, facts.customer, facts.product, quote.id, answers
        )
        summary_file = await made_here(NEEDS_KIND, NEEDS_FILE_NAME, content)
        files.append({**summary_file, "assessmentId": answers.id})
    for document in documents:
        files.append({"kind": document.kind, "title": TITLES[document.kind],
                      "name": document.name, "sha256": document.sha256,
                      "size": document.size, "key": document.storage_key})  # fmt: skip
    made = m.PrecontractSet(
        quote_id=quote.id, version=(latest.version + 1) if latest else 1,
        fingerprint=fingerprint, documents=files, made_at=utcnow(), made_by=by,
        email=facts.email or None,
    )  # fmt: skip
    session.add(made)
    await session.flush()
    publish_summary(quote, made)
    return made


def answers_of(made: m.PrecontractSet) -> str | None:
    """The id of the answers ``made`` carries (its summary's), or ``None``."""
    for entry in made.documents:
        if entry.get("kind") == NEEDS_KIND:
            return str(entry.get("assessmentId") or "") or None
    return None


def summary(made: m.PrecontractSet) -> dict[str, Any]:
    """What the office's screens read of the latest set (kept on the quote)."""
    state = "confermati" if made.confirmed_at else "derogati" if made.override_at else "da firmare"
    return {
        "setId": made.id, "version": made.version, "state": state,
        "madeAt": made.made_at.isoformat(),
        "confirmedAt": made.confirmed_at.isoformat() if made.confirmed_at else None,
        "overrideAt": made.override_at.isoformat() if made.override_at else None,
    }  # fmt: skip


def publish_summary(quote: m.Quote, made: m.PrecontractSet) -> None:
    """Keep the set's state on the quote: the ``preventivi`` stream carries it to every open
    screen that sees the quote."""
    quote.quote = {**(quote.quote or {}), SUMMARY: summary(made)}


def read_file(settings: Settings, tenant_id: str, key: str) -> bytes:
    """A stored file's bytes (the caller runs this in a thread)."""
    with storage_of(settings).open(tenant_id, key) as source:
        return source.read()


async def changed_documents(settings: Settings, made: m.PrecontractSet) -> list[str]:
    """The kinds of the set's files whose stored bytes no longer match their hash (or are
    gone): a document changed after it was made is never passed off as the one delivered."""
    changed = []
    for entry in made.documents:
        try:
            content = await to_thread.run_sync(read_file, settings, made.tenant_id, entry["key"])
        except (StorageUnavailable, OSError, KeyError):
            changed.append(str(entry.get("kind")))
            continue
        if sha256(content) != entry.get("sha256"):
            changed.append(str(entry.get("kind")))
    return changed
