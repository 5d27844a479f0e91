"""Quote links for customers: ``createLinkPreventivo`` and the public pages behind them.

The link is ``{origin}/preventivo-email/{id}/{code}``; the code is a JWT signed with the app's
key, of purpose ``preventivo``, naming the quote (``sub``) and the tenant (``tid``), valid
30 days. A code of another tenant or another quote, a tampered one, or a quote that is not
there (another tenant's id) all get the same 404 'Link non valido', so the page tells nothing
about which quotes exist; an expired code gets 410 'Il link è scaduto'.

The page shows a plain quote's offers (:mod:`core.domain.quotes.public_offers`); the customer
asks for the emission choosing one (``{company}``, required when there are several) once the
quote is priced. Each request body is at most :data:`MAX_PUBLIC_BODY` bytes.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, TypeVar

import msgspec
from litestar import Request, get, post
from litestar.params import FromPath
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth import tokens
from core.db import models as m
from core.db.locks import get_for_update
from core.domain.precontract.sets import ensure_current
from core.domain.quotes.emission import emission_state, set_emission
from core.domain.quotes.public_offers import chosen, issued_policy, priced, public_offers
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, Gone, NotAuthenticated, NotFound
from core.extensions import CallContext, Host
from core.http.client_address import address_of
from core.http.deps import RuntimeDep, SessionDep, TenantDep
from core.http.origin import default_origin
from core.messages import BAD_REQUEST, QUOTE_NOT_FOUND
from core.realtime.guard import logged_in
from core.settings import Settings
from core.validation import parse, strict
from tenants.config import Tenant

PURPOSE = "preventivo"
LINK_TTL = timedelta(days=30)
INVALID = "Link non valido"
EXPIRED = "Il link è scaduto"
ERASED = "Il link non è più valido: i dati del cliente sono stati cancellati su sua richiesta"
VIA_LINK = {"via": "link"}
"""The payload ``emission_request`` hears when a customer asks through the public link."""
NOT_PRICED = (
    "Il preventivo non è ancora stato quotato: potrai richiedere l'emissione quando "
    "riceverai le offerte"
)
MAX_PUBLIC_BODY = 2048
"""Bytes a public request body may carry (a company's name and little else)."""
MAX_ID, MAX_CODE = 32, 2048
"""A quote id's and a link code's longest: anything longer opens nothing."""


def mint_code(
    settings: Settings, tenant: Tenant, record_id: str, by: str, purpose: str = PURPOSE
) -> str:
    """A link code for one record (``purpose`` names its kind) of one tenant."""
    return tokens.mint(
        settings.signing_key(), tenant_id=tenant.id, subject=record_id, kind=purpose,
        ttl=LINK_TTL, data={"by": by},
    )  # fmt: skip


def open_code(
    settings: Settings, tenant: Tenant, quote_id: str, code: str, purpose: str = PURPOSE
) -> datetime:
    """The code's expiry, if it is a valid ``purpose`` code for this record of this tenant."""
    try:
        claims = tokens.verify(settings.signing_key(), code, tenant_id=tenant.id, kind=purpose)
    except tokens.TokenExpired as exc:
        raise Gone(EXPIRED) from exc
    except NotAuthenticated as exc:
        raise Forbidden(INVALID) from exc
    if claims.subject != quote_id:
        raise Forbidden(INVALID)
    return claims.expires_at


class LinkBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    aId: str | None = Field(default=None, max_length=32)  # noqa: N815 (wire name)


async def create_link_preventivo(ctx: CallContext, data: Any) -> dict[str, str]:
    """``{pId, aId?}`` → ``{link}`` for a quote the caller may see; a plain quote's
    pre-contract documents are made for the quote as it stands (:mod:`core.domain.precontract`)."""
    principal = logged_in(ctx)
    body = strict(LinkBody, data)
    found = (
        await ctx.session.execute(
            select(m.Quote.id, m.Quote.type).where(
                m.Quote.id == body.pId, in_agent_tree(principal, m.Quote)
            )
        )
    ).first()
    if found is None:
        raise NotFound(QUOTE_NOT_FOUND)
    if found.type is None:  # the pre-contract documents the link delivers, as they stand now
        await ensure_current(ctx.session, ctx.host.settings, ctx.tenant, body.pId, principal.id)
    code = mint_code(ctx.host.settings, ctx.tenant, body.pId, principal.id)
    origin = ctx.origin or default_origin(ctx.tenant, ctx.host.settings)
    return {"link": f"{origin}/preventivo-email/{body.pId}/{code}"}


Linked = TypeVar("Linked", m.Quote, m.Policy)


async def linked_record(
    session: AsyncSession,
    runtime: Host,
    tenant_id: str,
    model: type[Linked],
    record_id: str,
    missing: str,
    *,
    lock: bool = False,
) -> Linked:
    """A link's quote or policy; not found (``missing``) either when its product line is off;
    gone once the customer's data were erased (art. 17 GDPR: the link takes no new data).
    With ``lock`` the row stays locked until the request ends (it is about to be changed)."""
    if lock:
        record = await get_for_update(session, model, record_id)
    else:
        record = await session.get(model, record_id)
    if record is None or not await runtime.lines.is_on(session, tenant_id, record.type):
        raise NotFound(missing)
    client = await session.get(m.Client, record.client_id) if record.client_id else None
    if client is not None and (client.data or {}).get("erasedAt"):
        raise Gone(ERASED)
    return record


async def linked_plain_quote(
    request: Request[Any, Any, Any], runtime: RuntimeDep, tenant: TenantDep, session: SessionDep,
    quote_id: str, code: str, not_plain: str,
) -> m.Quote:  # fmt: skip
    """The plain quote a public link opens, its request counted against the links' rate
    limit; a product line's practice (a rental, a loan) has its own papers: not found with
    ``not_plain``."""
    await limit_public(request, runtime, tenant)
    open_link(runtime.settings, tenant, quote_id, code)
    quote = await linked_record(session, runtime, tenant.id, m.Quote, quote_id, INVALID)
    if quote.type is not None:
        raise NotFound(not_plain)
    return quote


def open_link(
    settings: Settings, tenant: Tenant, record_id: str, code: str, purpose: str = PURPOSE
) -> datetime:
    """The code's expiry; a code that does not open this record is the same 404 as no record."""
    if len(record_id) > MAX_ID or len(code) > MAX_CODE:
        raise NotFound(INVALID)
    try:
        return open_code(settings, tenant, record_id, code, purpose)
    except Forbidden as exc:
        raise NotFound(INVALID) from exc


async def _quote(
    session: AsyncSession, runtime: Host, tenant: Tenant, quote_id: str, *, lock: bool = False
) -> m.Quote:
    return await linked_record(session, runtime, tenant.id, m.Quote, quote_id, INVALID, lock=lock)


class PublicEmissionBody(BaseModel):
    """What the customer sends with the request: the offer chosen, if any."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    company: str | None = Field(default=None, min_length=1, max_length=100)


async def public_json(request: Request[Any, Any, Any], limit: int | None = None) -> Any:
    """The JSON a request through the customer's link carries: ``{}`` when it is empty; a 400
    (:data:`~core.messages.BAD_REQUEST`) when it is not JSON or is longer than ``limit`` bytes.
    Each route then checks it against its own model (:func:`~core.validation.parse`)."""
    raw = await request.body()
    if limit is not None and len(raw) > limit:
        raise ClientError(BAD_REQUEST)
    if not raw.strip():
        return {}
    try:
        return msgspec.json.decode(raw)
    except msgspec.DecodeError as exc:
        raise ClientError(BAD_REQUEST) from exc


async def _emission_body(request: Request[Any, Any, Any]) -> PublicEmissionBody:
    return parse(PublicEmissionBody, await public_json(request))


async def public_quote_payload(
    session: AsyncSession, runtime: Host, quote: m.Quote
) -> dict[str, Any]:
    """What the customer's page shows: no agent, no earnings, no hidden fields."""
    from core.domain.clients.derive import record_customer

    product = await session.get(m.Product, quote.product_id) if quote.product_id else None
    line = runtime.product_lines.get(quote.type or "")
    customer = record_customer(quote)
    name_field = "nome" if customer else None  # shown once, as ``customer``
    return {
        "_id": quote.id,
        "type": quote.type,
        "productName": product.name if product else (line.name if line else ""),
        "status": quote.status,
        "at": quote.at.isoformat(),
        "customer": customer.name if customer else "",
        "usrData": [
            entry
            for entry in quote.usr_data or []
            if isinstance(entry, dict) and not entry.get("hide") and entry.get("_id") != name_field
        ],
        "car": quote.car or {},
        "price": {k: v for k, v in (quote.price or {}).items() if k not in ("company", "platform")},
        "offers": public_offers(quote),
        "priced": priced(runtime, quote),
        "chosen": chosen(quote),
        "issued": issued_policy(quote),
        "requestEmission": emission_state(quote)["requestEmission"],
    }


async def limit_public(
    request: Request[Any, Any, Any], runtime: RuntimeDep, tenant: TenantDep
) -> None:
    """Public pages take no login: their requests are counted per client address."""
    address = address_of(request, runtime.settings)
    await runtime.rate_limits.hit("public_link_per_address", tenant.id, address)


@get(
    "/api/public/quotes/{quote_id:str}/{code:str}",
    summary="A quote as its customer sees it (link code, no login)",
    tags=["public"],
    request_max_body_size=MAX_PUBLIC_BODY,
)
async def public_quote(
    request: Request[Any, Any, Any],
    quote_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    await limit_public(request, runtime, tenant)
    expires = open_link(runtime.settings, tenant, quote_id, code)
    quote = await _quote(db_session, runtime, tenant, quote_id)
    return {
        "quote": await public_quote_payload(db_session, runtime, quote),
        "expiresAt": expires.isoformat(),
    }


@post(
    "/api/public/quotes/{quote_id:str}/{code:str}/emission",
    summary="The customer asks for the emission (link code, no login)",
    tags=["public"],
    status_code=200,
    request_max_body_size=MAX_PUBLIC_BODY,
)
async def public_emission(
    request: Request[Any, Any, Any],
    quote_id: FromPath[str],
    code: FromPath[str],
    runtime: RuntimeDep,
    tenant: TenantDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    """Asks on behalf of the quote's agent with the offer chosen (``{company}``, needed when
    there are several); refused before the quote is priced; asking twice changes nothing."""
    await limit_public(request, runtime, tenant)
    open_link(runtime.settings, tenant, quote_id, code)
    body = await _emission_body(request)
    quote = await _quote(db_session, runtime, tenant, quote_id, lock=True)
    if quote.emission_requested_at is None and not priced(runtime, quote):
        raise ClientError(NOT_PRICED)
    payload = {**VIA_LINK, **({"company": body.company} if body.company else {})}
    state = await set_emission(
        db_session,
        runtime,
        quote,
        by=quote.agent_id,
        payload=payload,
        undo=False,
        tenant=tenant,
    )
    return {
        "requestEmission": state["requestEmission"],
        "chosen": chosen(quote),
        "status": quote.status,
    }
