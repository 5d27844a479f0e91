"""The customer's side, behind the quote's link (``/preventivo-email/{id}/{code}``, no login):
the pre-contract documents to download and the confirmation of receipt with a one-time code
(IVASS Reg. 40/2018, art. 56 c. 1 and 3, art. 59: delivery on a durable medium or through a
website the customer consents to). The link's rules apply (:mod:`core.domain.quotes.links`):
the same 404 for a code that does not open the quote, 410 once it expired, every request
counted per client address, bodies of at most :data:`MAX_BODY` bytes."""

from __future__ import annotations

from typing import Any

from litestar import Request, Response, get, post
from litestar.params import FromPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core.db import models as m
from core.domain.documents.files import storage_of
from core.domain.needs.assessments import latest_assessment
from core.domain.precontract.sets import (
    current_fingerprint,
    ensure_current,
    latest_set,
    publish_summary,
)
from core.domain.precontract.signature import CHANGED, confirm, masked, send_code
from core.domain.quotes.links import linked_plain_quote, public_json
from core.errors import ClientError, Conflict, NotFound
from core.http.client_address import address_of
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.http.stored_files import stored_file_response
from core.validation import parse

MAX_BODY = 4096
"""A confirmation carries a code and a few hashes; nothing more is read."""
MAX_DOCUMENTS = 12
"""Files a set may hold: the three annexes, the answers' summary and the product's three
documents are seven (one current document a kind)."""
MAX_VERSION = 100_000
FILE_GONE = "Documento non trovato"
NO_DOCUMENTS = "Nessun documento precontrattuale per questo preventivo"
ANSWER_FIRST = "Rispondi prima alle domande sulle tue richieste ed esigenze"
SECURE = {"X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store"}


class ConfirmBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    version: int = Field(ge=1, le=MAX_VERSION)
    code: str = Field(pattern=r"^\d{6}$")
    hashes: list[str] = Field(max_length=MAX_DOCUMENTS)


def documents_payload(made: m.PrecontractSet) -> list[dict[str, Any]]:
    return [
        {"index": i, "kind": d.get("kind"), "title": d.get("title"), "name": d.get("name"),
         "sha256": d.get("sha256"), "size": d.get("size")}
        for i, d in enumerate(made.documents)
    ]  # fmt: skip


def public_payload(made: m.PrecontractSet) -> dict[str, Any]:
    """What the customer's page shows of the set: no office names, no addresses."""
    return {
        "version": made.version,
        "documents": documents_payload(made),
        "email": masked(made.email) if made.email else None,
        "confirmedAt": made.confirmed_at.isoformat() if made.confirmed_at else None,
        "codeSentAt": made.code_sent_at.isoformat() if made.code_sent_at else None,
    }


async def _to_sign(
    session: SessionDep, tenant: TenantDep, quote: m.Quote, version: int | None = None
) -> m.PrecontractSet:
    """The set the customer's page showed, to sign: refused until the questionnaire is
    answered (the code signs the answers with the documents, Reg. 40/2018 art. 58), and when
    the page showed another version or the quote changed since (the page reads the documents
    again). Nothing is made here: only the documents' page makes a version."""
    answers = await latest_assessment(session, quote.id)
    if answers is None:
        raise ClientError(ANSWER_FIRST)
    made = await latest_set(session, quote.id)
    if made is None or (version is not None and version != made.version):
        raise Conflict(CHANGED)
    if made.confirmed_at is None and made.fingerprint != await current_fingerprint(
        session, tenant, quote, answers
    ):
        raise Conflict(CHANGED)
    return made


@get(
    "/api/public/quotes/{quote_id:str}/{code:str}/precontract",
    summary="The quote's pre-contract documents as its customer sees them (link code)",
    tags=["public"],
)
async def public_documents(
    request: Request[Any, Any, Any], quote_id: FromPath[str], code: FromPath[str],
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """The current version (made now when the quote changed since the last one)."""
    await linked_plain_quote(request, runtime, tenant, db_session, quote_id, code, NO_DOCUMENTS)
    made = await ensure_current(db_session, runtime.settings, tenant, quote_id, None)
    return public_payload(made)


@get(
    "/api/public/quotes/{quote_id:str}/{code:str}/precontract/{version:int}/{index:int}",
    summary="One pre-contract document (link code)",
    tags=["public"],
)
async def public_document_file(
    request: Request[Any, Any, Any], quote_id: FromPath[str], code: FromPath[str],
    version: FromPath[int], index: FromPath[int], runtime: RuntimeDep, tenant: TenantDep,
    db_session: SessionDep,
) -> Response[Any]:  # fmt: skip
    await linked_plain_quote(request, runtime, tenant, db_session, quote_id, code, FILE_GONE)
    return await set_file_response(request, runtime, db_session, quote_id, version, index)


async def set_file_response(
    request: Request[Any, Any, Any], runtime: RuntimeDep, session: SessionDep, quote_id: str,
    version: int, index: int,
) -> Response[Any]:  # fmt: skip
    """One file of one version of a quote's set, as a PDF download."""
    if not 1 <= version <= MAX_VERSION or not 0 <= index < MAX_DOCUMENTS:
        raise NotFound(FILE_GONE)
    stmt = select(m.PrecontractSet).where(
        m.PrecontractSet.quote_id == quote_id, m.PrecontractSet.version == version
    )
    made = (await session.execute(stmt)).scalar_one_or_none()
    if made is None or not 0 <= index < len(made.documents):
        raise NotFound(FILE_GONE)
    entry = made.documents[index]
    return await stored_file_response(
        request, storage_of(runtime.settings), made.tenant_id, str(entry["key"]),
        filename=str(entry.get("name") or "documento.pdf"), media_type="application/pdf",
        disposition="attachment", headers=SECURE, missing=FILE_GONE,
    )  # fmt: skip


@post(
    "/api/public/quotes/{quote_id:str}/{code:str}/precontract/code",
    summary="Mail the customer a one-time code to confirm receipt (link code)",
    tags=["public"],
    status_code=200,
    request_max_body_size=MAX_BODY,
)
async def public_request_code(
    request: Request[Any, Any, Any], quote_id: FromPath[str], code: FromPath[str],
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    quote = await linked_plain_quote(
        request, runtime, tenant, db_session, quote_id, code, NO_DOCUMENTS
    )
    made = await _to_sign(db_session, tenant, quote)
    sent_to = await send_code(db_session, runtime.settings, tenant, made)
    return {"sentTo": sent_to, **public_payload(made)}


@post(
    "/api/public/quotes/{quote_id:str}/{code:str}/precontract/confirm",
    summary="The customer confirms receipt with the one-time code (link code)",
    tags=["public"],
    status_code=200,
    request_max_body_size=MAX_BODY,
)
async def public_confirm(
    request: Request[Any, Any, Any], quote_id: FromPath[str], code: FromPath[str],
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """``{version, code, hashes}``: the hashes are the documents' as the page showed them."""
    body = parse(ConfirmBody, await public_json(request, MAX_BODY))
    quote = await linked_plain_quote(
        request, runtime, tenant, db_session, quote_id, code, NO_DOCUMENTS
    )
    made = await _to_sign(db_session, tenant, quote, body.version)
    await confirm(
        db_session, runtime.settings, made, code=body.code, hashes=body.hashes,
        address=address_of(request, runtime.settings),
    )  # fmt: skip
    publish_summary(quote, made)
    return public_payload(made)
