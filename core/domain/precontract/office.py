"""The office's side of a quote's pre-contract documents, for whoever sees the quote (the
agent-tree rule): make them on demand, read the receipt (PDF too), download each document; an
admin may let the emission go ahead without the customer's confirmation, with a reason that
the receipt shows (IVASS Reg. 40/2018, art. 56)."""

from __future__ import annotations

from typing import Any

from anyio import to_thread
from litestar import Request, Response, get, post
from litestar.params import FromPath, JSONBody
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.types import utcnow
from core.domain.clients.derive import record_customer
from core.domain.precontract.public import set_file_response
from core.domain.precontract.receipt import receipt_payload, receipt_pdf
from core.domain.precontract.rui import MISSING
from core.domain.precontract.sets import (
    changed_documents,
    ensure_current,
    publish_summary,
)
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, NotFound
from core.guards import require
from core.http.deps import PrincipalDep, RuntimeDep, SessionDep, TenantDep
from core.messages import QUOTE_NOT_FOUND

MAX_ID = 32
ADMINS_ONLY = "Solo gli amministratori possono procedere senza la conferma del cliente"
PLAIN_ONLY = "I documenti precontrattuali si preparano per i preventivi assicurativi"
NOTHING_YET = "Nessun documento precontrattuale per questo preventivo: preparali prima"
ALREADY_CONFIRMED = "Il cliente ha già confermato la ricezione: non serve una deroga"
MAX_VERSIONS = 50


class OverrideBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    reason: str = Field(min_length=10, max_length=500)


async def visible_quote(session: AsyncSession, principal: Principal, quote_id: str) -> m.Quote:
    """The plain quote, when the user sees it."""
    require(perm.sees_work, principal)
    if len(quote_id) > MAX_ID:
        raise NotFound(QUOTE_NOT_FOUND)
    stmt = select(m.Quote).where(m.Quote.id == quote_id, in_agent_tree(principal, m.Quote))
    quote = (await session.execute(stmt)).scalar_one_or_none()
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    if quote.type is not None:
        raise ClientError(PLAIN_ONLY)
    return quote


async def _sets(session: AsyncSession, quote_id: str) -> list[m.PrecontractSet]:
    stmt = (
        select(m.PrecontractSet)
        .where(m.PrecontractSet.quote_id == quote_id)
        .order_by(m.PrecontractSet.version.desc())
        .limit(MAX_VERSIONS)
    )
    return list((await session.execute(stmt)).scalars())


@get("/api/quotes/{quote_id:str}/precontract", summary="A quote's pre-contract receipts",
     tags=["precontract"])  # fmt: skip
async def precontract_receipts(
    quote_id: FromPath[str], principal: PrincipalDep, runtime: RuntimeDep, db_session: SessionDep
) -> dict[str, Any]:
    """Every version, newest first, each with its receipt and whether its files still match."""
    await visible_quote(db_session, principal, quote_id)
    versions = []
    for made in await _sets(db_session, quote_id):
        changed = await changed_documents(runtime.settings, made)
        versions.append(await receipt_payload(db_session, made, changed))
    return {"versions": versions}


@post("/api/quotes/{quote_id:str}/precontract", summary="Make the pre-contract documents now",
      tags=["precontract"], status_code=200)  # fmt: skip
async def precontract_make(
    quote_id: FromPath[str], principal: PrincipalDep, runtime: RuntimeDep, tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """The current version: the latest, or a new one if the quote changed since."""
    await visible_quote(db_session, principal, quote_id)
    made = await ensure_current(db_session, runtime.settings, tenant, quote_id, principal.id)
    return await receipt_payload(db_session, made, [])


@post("/api/quotes/{quote_id:str}/precontract/override",
      summary="An admin lets the emission go ahead without the customer's confirmation",
      tags=["precontract"], status_code=200)  # fmt: skip
async def precontract_override(
    quote_id: FromPath[str], data: JSONBody[OverrideBody], principal: PrincipalDep,
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> dict[str, Any]:  # fmt: skip
    """``{reason}`` (10–500 characters), recorded on the current version with who and when."""
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    quote = await visible_quote(db_session, principal, quote_id)
    made = await ensure_current(db_session, runtime.settings, tenant, quote_id, principal.id)
    if made.confirmed_at is not None:
        raise ClientError(ALREADY_CONFIRMED)
    made.override_by, made.override_at, made.override_reason = (
        principal.id, utcnow(), data.reason,
    )  # fmt: skip
    publish_summary(quote, made)
    await db_session.flush()
    return await receipt_payload(db_session, made, [])


@get("/api/quotes/{quote_id:str}/precontract/{version:int}/{index:int}",
     summary="One pre-contract document of a quote", tags=["precontract"])  # fmt: skip
async def precontract_file(
    request: Request[Any, Any, Any], quote_id: FromPath[str], version: FromPath[int],
    index: FromPath[int], principal: PrincipalDep, runtime: RuntimeDep, db_session: SessionDep,
) -> Response[Any]:  # fmt: skip
    await visible_quote(db_session, principal, quote_id)
    return await set_file_response(request, runtime, db_session, quote_id, version, index)


@get("/api/quotes/{quote_id:str}/precontract/{version:int}/receipt",
     summary="The receipt of a pre-contract version, as a PDF", tags=["precontract"])  # fmt: skip
async def precontract_receipt_pdf(
    quote_id: FromPath[str], version: FromPath[int], principal: PrincipalDep,
    runtime: RuntimeDep, tenant: TenantDep, db_session: SessionDep,
) -> Response[bytes]:  # fmt: skip
    quote = await visible_quote(db_session, principal, quote_id)
    made = next((s for s in await _sets(db_session, quote_id) if s.version == version), None)
    if made is None:
        raise NotFound(NOTHING_YET)
    admin = await db_session.get(m.User, made.override_by) if made.override_by else None
    changed = await changed_documents(runtime.settings, made)
    customer = record_customer(quote)
    content = await to_thread.run_sync(
        receipt_pdf, tenant.title, customer.name if customer else MISSING, made,
        admin.name if admin else None, changed,
    )  # fmt: skip
    return Response(
        content, media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="Ricevuta v{version}.pdf"',
                 "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-store"},
    )  # fmt: skip
