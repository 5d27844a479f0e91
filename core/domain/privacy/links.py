"""Consents given by the customer through the quote's public link: the same code check, body
cap and rate limit as the link's other requests (:mod:`core.domain.quotes.links`)."""

from __future__ import annotations

from typing import Any

from litestar import Request, get, post
from litestar.params import FromPath
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.privacy.consents import LinkConsents, consents_of, record_consents
from core.domain.privacy.notices import current_notice, notice_payload
from core.domain.quotes.links import (
    INVALID,
    MAX_PUBLIC_BODY,
    limit_public,
    linked_record,
    open_link,
    public_json,
)
from core.errors import ClientError
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.validation import parse

NO_CUSTOMER = "Il preventivo non ha ancora i dati del cliente: chiedi al tuo intermediario"
SERVICE_NEEDED = "Il consenso al trattamento per il servizio è necessario per procedere"


async def _public_state(session: AsyncSession, client_id: str | None) -> dict[str, Any]:
    notice = notice_payload(await current_notice(session))
    current = (await consents_of(session, client_id))["current"] if client_id else {}
    return {
        "notice": {"version": notice["version"], "text": notice["text"]},
        "consents": {k: (v or {}).get("given") for k, v in current.items()},
        "hasCustomer": client_id is not None,
    }


@get(
    "/api/public/quotes/{quote_id:str}/{code:str}/consents",
    summary="The notice and the customer's consents on a quote's link (no login)",
    tags=["public"],
    request_max_body_size=MAX_PUBLIC_BODY,
)
async def public_consents(
    request: Request[Any, Any, Any],
    quote_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    await limit_public(request, runtime, tenant)
    open_link(runtime.settings, tenant, quote_id, code)
    quote = await linked_record(db_session, runtime, tenant.id, m.Quote, quote_id, INVALID)
    return await _public_state(db_session, quote.client_id)


@post(
    "/api/public/quotes/{quote_id:str}/{code:str}/consents",
    summary="The customer gives or revokes consents on a quote's link (no login)",
    tags=["public"],
    status_code=200,
    request_max_body_size=MAX_PUBLIC_BODY,
)
async def public_consents_save(
    request: Request[Any, Any, Any],
    quote_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """``{servizio, marketing, profilazione}`` (booleans): a new entry for each that changed,
    channel ``link``; the service consent is needed (refused when false)."""
    await limit_public(request, runtime, tenant)
    open_link(runtime.settings, tenant, quote_id, code)
    body = parse(LinkConsents, await public_json(request))
    if not body.servizio:
        raise ClientError(SERVICE_NEEDED)
    quote = await linked_record(db_session, runtime, tenant.id, m.Quote, quote_id, INVALID)
    if quote.client_id is None:
        raise ClientError(NO_CUSTOMER)
    await record_consents(
        db_session, quote.client_id, body.model_dump(), channel="link", by=None,
        quote_id=quote.id,
    )  # fmt: skip
    return await _public_state(db_session, quote.client_id)
