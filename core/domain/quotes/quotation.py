"""Quotation of a plain quote and the premium of its emission (SPEC §3, §4).

* ``quotaPreventivo`` — admins and responsabili enter the companies' offers: the net premium
  of each ramo line (the ramo defaulting to the product's; for motor liability the insured's
  province), the guarantees or notes and the instalment frequency, from the companies of the
  quote's product or of the tenant (``compagnie``). The offer stores
  ``price.company[company] = {tot, net, taxes, taxTotal, ramo, lines, note, frazionamento,
  derived?}``: ``tot`` the gross (net + taxes, :mod:`core.domain.taxes.split`, at the rates in
  force on the day it is priced). An offer given only ``tot`` (an API client) has its split
  derived from it and flagged ``derived``. A first offer moves a new quote to 'Preventivato'.
* The agent picks an offer when requesting emission (``richiediEmissione`` with ``company``):
  ``quote.emission = {state, company, premium, frazionamento}`` records the choice.
* ``premioEmissione`` tracks the emission's premium with the spec's second status set
  (:data:`EMISSION_STATES`): an admin or responsabile rectifies it (the agent sees it live and
  must confirm) or confirms it; the agent confirms a rectified premium.
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.db.types import utcnow
from core.domain.policies.money import MAX_AMOUNT
from core.domain.policies.schedule import Frequency
from core.domain.quotes import statuses
from core.domain.quotes.queries import in_agent_tree
from core.domain.settings.payload import tenant_data
from core.domain.taxes.rami import RAMI
from core.domain.taxes.save import tax_table
from core.domain.taxes.split import (
    Line,
    Premium,
    TaxError,
    derive_premium,
    split_premium,
    untaxed,
)
from core.domain.taxes.table import TaxTable
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import CallContext
from core.i18n import today_in_rome
from core.messages import EMISSION_NOT_REQUESTED, POLICY_ISSUED, QUOTE_NOT_FOUND
from core.money import amount, as_number
from core.realtime.guard import logged_in
from core.validation import NumberOnly, StrictBool, parse

EMISSION = "emission"
"""Key in the quote's ``quote`` details: the emission's company, premium and state."""
POLICY_ID = "policyId"
"""Key in the quote's ``quote`` details: the policy issued from it."""
REQUESTED, RECTIFIED, CONFIRMED = 1, 2, 3
EMISSION_STATES = {REQUESTED: "Emissione richiesta", RECTIFIED: "Premio rettificato",
                   CONFIRMED: "Premio confermato"}  # fmt: skip
MAX_OFFERS = 20

MANAGERS_ONLY = "Solo amministratori e responsabili possono quotare o rettificare il premio"
UNKNOWN_COMPANY = "Compagnia sconosciuta: {company}"
NO_COMPANIES = "Nessuna compagnia configurata per questo prodotto"
TOO_MANY_OFFERS = "Al massimo {n} offerte per preventivo"
CHOSEN = "L'emissione è già stata richiesta su un'offerta: rettifica il premio"
ARCHIVED = "Il preventivo è archiviato"
PICK_OFFER = "Scegli l'offerta della compagnia da emettere"
NO_OFFER = "Nessuna offerta della compagnia {company}"
NO_PREMIUM = "Indica il premio rettificato"
NOTHING_TO_CONFIRM = "Non c'è un premio da confermare"

Money = Annotated[Decimal, NumberOnly, Field(ge=0, le=MAX_AMOUNT, decimal_places=2)]


NO_PREMIUM_GIVEN = "Indica il premio netto dell'offerta"
PICK_RAMO = "Scegli il ramo dell'offerta: il prodotto non ne indica uno"
TOO_LARGE = "Il premio lordo supera il massimo consentito (10.000.000 €)"
PREMIUM_KEYS = ("tot", "net", "taxes", "taxTotal", "ramo", "lines", "derived", "province")
"""An offer's keys its premium sets (a new premium replaces them all)."""


class LineBody(BaseModel):
    """One ramo line of an offer: its net premium and (motor liability) province."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    ramo: str = Field(min_length=1, max_length=32)
    net: Money
    province: str | None = Field(default=None, min_length=2, max_length=2)


class OfferBody(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    company: str = Field(min_length=1, max_length=100)
    lines: list[LineBody] | None = Field(default=None, min_length=1, max_length=len(RAMI))
    net: Money | None = None
    ramo: str | None = Field(default=None, min_length=1, max_length=32)
    province: str | None = Field(default=None, min_length=2, max_length=2)
    tot: Money | None = None
    note: str = Field(default="", max_length=2000)
    frazionamento: Frequency = "ANN"
    remove: StrictBool = False


class PremiumBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    action: Literal["rettifica", "conferma"]
    premium: Money | None = None


def offers(quote: m.Quote) -> dict[str, dict[str, Any]]:
    """The quote's company offers that carry a premium."""
    priced = (quote.price or {}).get("company")
    if not isinstance(priced, Mapping):
        return {}
    return {
        str(name): dict(offer)
        for name, offer in priced.items()
        if isinstance(offer, Mapping) and amount(offer.get("tot")) is not None
    }


def emission_of(quote: m.Quote) -> dict[str, Any]:
    """The emission details (empty when no offer was chosen)."""
    found = (quote.quote or {}).get(EMISSION)
    return dict(found) if isinstance(found, Mapping) else {}


def issued(quote: m.Quote) -> bool:
    return bool((quote.quote or {}).get(POLICY_ID))


def choose_offer(quote: m.Quote, payload: Mapping[str, Any]) -> None:
    """Record the offer picked with the emission request — by the agent, or by the customer
    through the link (``via: 'link'``, kept) — nothing without offers; one is needed when
    there are several."""
    available = offers(quote)
    if not available:
        return
    company = payload.get("company")
    if company is None and len(available) == 1:
        company = next(iter(available))
    if not isinstance(company, str) or not company:
        raise ClientError(PICK_OFFER)
    if company not in available:
        raise ClientError(NO_OFFER.format(company=company[:100]))
    offer = available[company]
    quote.quote = {
        **(quote.quote or {}),
        EMISSION: {
            "state": REQUESTED,
            "company": company,
            "premium": offer["tot"],
            "frazionamento": offer.get("frazionamento", "ANN"),
            **({"via": "link"} if payload.get("via") == "link" else {}),
        },
    }


def forget_offer(quote: m.Quote) -> None:
    details = dict(quote.quote or {})
    if details.pop(EMISSION, None) is not None:
        quote.quote = details


async def _visible_plain_quote(ctx: CallContext, principal: Principal, quote_id: str) -> m.Quote:
    stmt = select(m.Quote).where(
        m.Quote.id == quote_id, m.Quote.type.is_(None), in_agent_tree(principal, m.Quote)
    )
    # locked: two offers saved at once must both stay, and an emission asked meanwhile waits
    quote = (await ctx.session.execute(for_update(stmt, m.Quote))).scalar_one_or_none()
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    return quote


async def company_terms(ctx: CallContext, quote: m.Quote) -> dict[str, Any]:
    """The companies a quote may be priced with, each with its terms (``provv``,
    ``istruttoria``, ``qMin``, ``qMax``): the tenant's ``compagnie``, and the quote's product's,
    whose terms win."""
    product = await ctx.session.get(m.Product, quote.product_id) if quote.product_id else None
    configured = (await tenant_data(ctx.session, ctx.host)).get("compagnie")
    terms = {str(k): v for k, v in configured.items()} if isinstance(configured, Mapping) else {}
    for name, own in ((product.companies or {}) if product else {}).items():
        if isinstance(own, Mapping) or name not in terms:
            terms[name] = own
    return terms


async def product_ramo(ctx: CallContext, quote: m.Quote) -> str | None:
    """The ramo the quote's product sets for its offers, if any."""
    product = await ctx.session.get(m.Product, quote.product_id) if quote.product_id else None
    return product.ramo if product is not None and product.ramo in RAMI else None


def _offer_premium(body: OfferBody, default_ramo: str | None, table: TaxTable) -> Premium:
    """The offer's premium split from its lines, its one net premium or its gross."""
    day = today_in_rome()
    province = body.province.upper() if body.province else None
    if body.lines:
        lines = [
            Line(line.ramo, line.net, line.province.upper() if line.province else None)
            for line in body.lines
        ]
        return split_premium(lines, table, day)
    ramo = body.ramo or default_ramo
    if body.net is not None:
        if ramo is None:
            raise ClientError(PICK_RAMO)
        return split_premium([Line(ramo, body.net, province)], table, day)
    if body.tot is None:
        raise ClientError(NO_PREMIUM_GIVEN)
    if ramo is None:
        return untaxed(body.tot)
    return derive_premium(body.tot, [Line(ramo, Decimal(1), province)], table, day)


async def quota_preventivo(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{pId, company, lines: [{ramo, net, province?}] | net, ramo?, province? | tot, note?,
    frazionamento?, remove?}`` → ``{price, status}``."""
    principal = logged_in(ctx)
    body = parse(OfferBody, data)
    if not perm.can_edit(principal):
        raise Forbidden(MANAGERS_ONLY)
    quote = await _visible_plain_quote(ctx, principal, body.pId)
    if issued(quote):
        raise ClientError(POLICY_ISSUED)
    if quote.archived:
        raise ClientError(ARCHIVED)
    if emission_of(quote):
        raise ClientError(CHOSEN)
    allowed = await company_terms(ctx, quote)
    if not allowed:
        raise ClientError(NO_COMPANIES)
    if body.company not in allowed:
        raise ClientError(UNKNOWN_COMPANY.format(company=body.company))
    price = dict(quote.price or {})
    priced = dict(price.get("company") or {})
    if body.remove:
        priced.pop(body.company, None)
    else:
        if body.company not in priced and len(offers(quote)) >= MAX_OFFERS:
            raise ClientError(TOO_MANY_OFFERS.format(n=MAX_OFFERS))
        table = await tax_table(ctx.session, ctx.host)
        try:
            premium = _offer_premium(body, await product_ramo(ctx, quote), table)
        except TaxError as exc:
            raise ClientError(str(exc)) from None
        if premium.gross > MAX_AMOUNT:
            raise ClientError(TOO_LARGE)
        kept = {k: v for k, v in (priced.get(body.company) or {}).items() if k not in PREMIUM_KEYS}
        priced[body.company] = {
            **kept,
            **premium.wire(),
            "note": body.note.strip(),
            "frazionamento": body.frazionamento,
        }
    price["company"] = priced
    quote.price = price
    initial = statuses.name_of(ctx.host.statuses, statuses.INITIAL_ID)
    if priced and quote.status in (None, initial):
        quote.status = statuses.name_of(ctx.host.statuses, 1)
    await ctx.session.flush()
    return {"price": quote.price, "status": quote.status}


def _may_confirm(principal: Principal, state: object) -> bool:
    """The agent confirms a rectified premium; a manager confirms the one requested."""
    if state == RECTIFIED:
        return perm.can_request_emission(principal)
    return state == REQUESTED and perm.can_edit(principal)


async def premio_emissione(ctx: CallContext, data: Any) -> dict[str, Any]:
    """``{pId, action: 'rettifica' | 'conferma', premium?}`` → ``{emission}``."""
    principal = logged_in(ctx)
    body = parse(PremiumBody, data)
    if body.action == "rettifica" and not perm.can_edit(principal):
        raise Forbidden(MANAGERS_ONLY)
    quote = await _visible_plain_quote(ctx, principal, body.pId)
    emission = emission_of(quote)
    if quote.emission_requested_at is None or not emission:
        raise ClientError(EMISSION_NOT_REQUESTED)
    if issued(quote):
        raise ClientError(POLICY_ISSUED)
    state = emission.get("state")
    if body.action == "rettifica":
        if body.premium is None:
            raise ClientError(NO_PREMIUM)
        emission.setdefault("original", emission.get("premium"))
        emission.update(state=RECTIFIED, premium=as_number(body.premium))
    elif _may_confirm(principal, state):
        emission["state"] = CONFIRMED
    else:
        raise ClientError(NOTHING_TO_CONFIRM)
    emission.update(by=principal.id, at=utcnow().isoformat())
    quote.quote = {**(quote.quote or {}), EMISSION: emission}
    await ctx.session.flush()
    return {EMISSION: emission}
