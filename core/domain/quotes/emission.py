"""``richiediEmissione``: an agent asks for (or cancels) the emission of a quote (SPEC §4).

``{pId: quoteId, quote?: number, undo?: bool}`` → ``{requestEmission: {by, at} | null, status}``.
Without ``undo`` the call toggles: it requests when nothing is requested and cancels when
something is ('annulla richiesta emissione'); ``undo: true`` only cancels, ``undo: false`` only
requests (asking twice changes nothing). Requesting sets the status 'Emissione richiesta' and
keeps the previous one in ``quote.quote["statusBefore"]``; cancelling restores it while the
quote still shows 'Emissione richiesta'. ``quote`` (the consultancy value) must be a number
≥ 0; the line's plugin, consulted first through the ``emission_request`` hook, checks it, keeps
it (``quote.quote["qFattura"]``) or refuses the request with a
:class:`~core.errors.ClientError`; core does that for plain quotes.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import line_hooks
from core import permissions as perm
from core.db import models as m
from core.db.locks import for_update
from core.db.types import utcnow
from core.domain.precontract.gate import check_delivered
from core.domain.quotes import statuses
from core.domain.quotes.queries import in_agent_tree
from core.domain.quotes.quotation import issued
from core.domain.rui.gate import require_valid_rui
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import CallContext, Host
from core.i18n import today_in_rome
from core.messages import (
    EMISSION_NOT_REQUESTED,
    LINE_NOT_AVAILABLE,
    POLICY_ISSUED,
    QUOTE_NOT_FOUND,
)
from core.realtime.guard import logged_in
from core.validation import StrictBool, strict
from tenants.config import Tenant

AGENTS_ONLY = "Solo il collaboratore del preventivo può richiedere l'emissione"
ARCHIVED = "Il preventivo è archiviato: non è possibile richiederne l'emissione"
BAD_QUOTE = "Valore di consulenza non valido"


class EmissionBody(BaseModel):
    """The call's payload; other keys travel to the line's plugin untouched."""

    model_config = ConfigDict(extra="allow")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    quote: float | None = Field(default=None, ge=0, le=1_000_000)
    undo: StrictBool | None = None


def emission_state(quote: m.Quote) -> dict[str, Any]:
    """``{requestEmission: {by, at} | None, status}`` as the call answers."""
    requested = quote.emission_requested_at
    return {
        "requestEmission": (
            {"by": quote.emission_requested_by, "at": requested.isoformat()} if requested else None
        ),
        "status": quote.status,
    }


async def set_emission(
    session: AsyncSession,
    host: Host,
    quote: m.Quote,
    *,
    by: str | None,
    payload: Mapping[str, Any],
    undo: bool | None,
    tenant: Tenant,
) -> dict[str, Any]:
    """Request, cancel (``undo``) or toggle (``undo is None``) the emission of ``quote``; a
    request waits for the pre-contract documents' delivery where the tenant's gate is on
    (:mod:`core.domain.precontract.gate`)."""
    if not await host.lines.is_on(session, quote.tenant_id, quote.type):
        raise NotFound(LINE_NOT_AVAILABLE)
    requested = quote.emission_requested_at is not None
    cancel = requested if undo is None else undo
    if cancel and not requested:
        raise ClientError(EMISSION_NOT_REQUESTED)
    if not cancel and requested:
        return emission_state(quote)  # already requested: nothing to do
    if not cancel and quote.archived:
        raise ClientError(ARCHIVED)
    if issued(quote):
        raise ClientError(POLICY_ISSUED)
    if not cancel:  # the requester, and the quote's collaborator, need a RUI entry in force
        for collaborator in dict.fromkeys((by, quote.agent_id)):
            await require_valid_rui(session, collaborator, today_in_rome())
    consultancy = payload.get("quote")
    if consultancy is not None and (
        isinstance(consultancy, bool)
        or not isinstance(consultancy, int | float)
        or not math.isfinite(consultancy)
        or consultancy < 0
    ):
        raise ClientError(BAD_QUOTE)
    if not cancel:
        await check_delivered(session, tenant, quote)
    product = await session.get(m.Product, quote.product_id) if quote.product_id else None
    await line_hooks.emission_request(host, session, quote, product, payload, cancel)
    details = dict(quote.quote or {})
    if cancel:
        quote.status = statuses.undo_emission(details, quote.status, host.statuses)
        quote.emission_requested_at = quote.emission_requested_by = None
    else:
        quote.status = statuses.request_emission(details, quote.status, host.statuses)
        quote.emission_requested_at, quote.emission_requested_by = utcnow(), by
    quote.quote = details
    await session.flush()
    return emission_state(quote)


async def richiedi_emissione(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    body = strict(EmissionBody, data)
    if not perm.can_request_emission(principal):
        raise Forbidden(AGENTS_ONLY)
    stmt = select(m.Quote).where(m.Quote.id == body.pId, in_agent_tree(principal, m.Quote))
    quote = (await ctx.session.execute(for_update(stmt, m.Quote))).scalar_one_or_none()
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    payload = {k: v for k, v in dict(data).items() if k not in ("pId", "undo")}
    return await set_emission(
        ctx.session,
        ctx.host,
        quote,
        by=principal.id,
        payload=payload,
        undo=body.undo,
        tenant=ctx.tenant,
    )
