"""``emettiPolizza``: an admin issues the policy of a quote whose emission was requested.

``{pId, number, startDate, endDate, paymentMethod, prepaid?, company?, frequency?,
overrideReason?, confirmPastStart?}`` → the policy. The company and premium are the ones the
agent chose (or the rectified and confirmed premium, its split derived over the offer's
lines); the frequency defaults to the offer's. The company commission is on the net premium.
The policy keeps the quote's customer (``pr.usrData`` with Nome and Cognome), type, agent and
parent agent; its
instalments follow :mod:`core.domain.policies.schedule`, with the agent's part of each from
:mod:`core.domain.policies.money`. A prepaid policy starts with its first instalment (UNICO:
the whole premium) paid. The quote moves to 'In lavorazione compagnia' and links the policy
(``quote.policyId`` and ``quote.policyNumber``: screens read the quote as issued from them).

Before issuing (:mod:`core.domain.policies.issue_checks`, :mod:`core.domain.policies.numbers`,
:mod:`core.domain.precontract.gate`): where the tenant asks for it, the customer's confirmed
receipt of the pre-contract documents (or an admin's override on them, IVASS Reg. 40/2018
art. 56);
the number must be free for the company (409), the quote's documents neither refused nor
missing unless ``overrideReason`` says why, and a start date further in the past than the
tenant allows must come with ``confirmPastStart``. After issue the quote's documents belong to
the policy.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from core import line_hooks
from core.db import models as m
from core.db.types import utcnow
from core.domain.commissions.cash import ensure_open
from core.domain.commissions.ledger import settle
from core.domain.policies.issue_checks import (
    check_documents,
    check_start,
    documents_problem,
    max_past_days,
    move_documents,
)
from core.domain.policies.money import price_from_quote
from core.domain.policies.numbers import duplicate, ensure_free, is_duplicate
from core.domain.policies.paid_state import follow_instalments
from core.domain.policies.payment_rules import CASH, check_cash, checked_method
from core.domain.policies.schedule import Frequency
from core.domain.policies.serialize import policy_payload
from core.domain.precontract.gate import delivery_problem
from core.domain.products.fields.values import MAX_DATE, MIN_DATE
from core.domain.quotes import statuses
from core.domain.quotes.quotation import (
    EMISSION,
    POLICY_ID,
    RECTIFIED,
    company_terms,
    emission_of,
    issued,
    offers,
    product_ramo,
)
from core.domain.settings.payload import tenant_data
from core.domain.taxes.save import tax_table
from core.domain.taxes.split import TaxError
from core.domain.taxes.wire import premium_for_gross
from core.errors import ClientError, Conflict, Forbidden, NotFound
from core.extensions import CallContext
from core.i18n import rome_day, today_in_rome
from core.messages import EMISSION_NOT_REQUESTED, POLICY_ISSUED, QUOTE_NOT_FOUND
from core.money import ZERO, amount
from core.realtime.guard import logged_in
from core.validation import StrictBool, parse

ADMINS_ONLY = "Solo gli amministratori emettono le polizze"
AWAITING_AGENT = "Il collaboratore deve ancora confermare il premio rettificato"
NO_OFFER = "Nessuna offerta scelta: quota il preventivo e fai scegliere la compagnia"
IN_COMPANY = 3
"""The status a quote takes once its policy is issued: 'In lavorazione compagnia'."""
POLICY_NUMBER = "policyNumber"
"""Key in the quote's ``quote`` details: the number of the policy issued from it."""


class IssueBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    pId: str = Field(min_length=1, max_length=32)  # noqa: N815 (wire name)
    number: str = Field(min_length=1, max_length=100)
    startDate: date  # noqa: N815 (wire name)
    endDate: date  # noqa: N815 (wire name)
    paymentMethod: str = Field(min_length=1, max_length=50)  # noqa: N815 (wire name)
    prepaid: StrictBool = False
    company: str | None = Field(default=None, min_length=1, max_length=100)
    frequency: Frequency | None = None
    overrideReason: str | None = Field(default=None, min_length=10, max_length=500)  # noqa: N815
    confirmPastStart: StrictBool = False  # noqa: N815 (wire name)

    @model_validator(mode="after")
    def _dates(self) -> IssueBody:
        for day in (self.startDate, self.endDate):
            if not MIN_DATE <= day <= MAX_DATE:
                raise ValueError("Le date vanno dal 01/01/1900 al 31/12/2099")
        if self.endDate <= self.startDate:
            raise ValueError("La scadenza deve seguire la decorrenza")
        if self.overrideReason is not None:
            self.overrideReason = self.overrideReason.strip()
            if len(self.overrideReason) < 10:
                raise ValueError("Il motivo deve avere almeno 10 caratteri")
        return self


def customer_entries(usr_data: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The quote's customer fields for ``pr.usrData``: the full name split into Nome and
    Cognome (first word, then the rest), every other field as ``{_id, value, type}``."""
    full = next((str(e.get("value") or "") for e in usr_data if e.get("_id") == "nome"), "")
    first, _, rest = full.strip().partition(" ")
    entries = [{"_id": "Nome", "value": first}, {"_id": "Cognome", "value": rest.strip()}]
    return entries + [
        {"_id": e.get("_id"), "value": e.get("value"), "type": e.get("type")}
        for e in usr_data
        if isinstance(e, Mapping) and e.get("_id") != "nome"
    ]


async def emetti_polizza(ctx: CallContext, data: Any) -> dict[str, Any]:
    principal = logged_in(ctx)
    body = parse(IssueBody, data)
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    stmt = select(m.Quote).where(m.Quote.id == body.pId, m.Quote.type.is_(None))
    quote = (await ctx.session.execute(stmt.with_for_update())).scalar_one_or_none()
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    if issued(quote):
        raise Conflict(POLICY_ISSUED)
    if quote.emission_requested_at is None:
        raise ClientError(EMISSION_NOT_REQUESTED)
    emission = emission_of(quote)
    if emission.get("state") == RECTIFIED:
        raise ClientError(AWAITING_AGENT)
    available = offers(quote)
    company = body.company or emission.get("company")
    if not company or company not in available:
        raise ClientError(NO_OFFER)
    await ensure_free(ctx.session, company, body.number.strip())
    if (problem := await delivery_problem(ctx.session, ctx.tenant, quote)) is not None:
        raise ClientError(problem, extra={"check": "precontract"})
    override = check_documents(
        await documents_problem(ctx.session, quote), body.overrideReason, principal.id
    )
    limit = max_past_days(await tenant_data(ctx.session, ctx.host))
    check_start(body.startDate, today_in_rome(), limit, body.confirmPastStart)
    offer = available[company]
    chosen = emission.get("company") == company
    premium = amount(emission.get("premium") if chosen else offer.get("tot")) or ZERO
    frequency = body.frequency or offer.get("frazionamento") or "ANN"
    terms = (await company_terms(ctx, quote)).get(company)
    company_rate = amount(terms.get("provv")) if isinstance(terms, Mapping) else None

    policy = m.Policy(
        type=None, quote_id=quote.id, agent_id=quote.agent_id,
        parent_agent_id=quote.parent_agent_id, client_id=quote.client_id, company=company,
        product_id=quote.product_id,
        number=body.number.strip(), start_date=body.startDate, end_date=body.endDate,
        frequency=frequency, payment_method=await checked_method(ctx.session, body.paymentMethod),
        prepaid=body.prepaid, issue_override=override,
        pr={"type": None, "renew": quote.renew_of or False, "aId": quote.agent_id,
            "agId": quote.parent_agent_id, "usrData": customer_entries(quote.usr_data or [])},
    )  # fmt: skip
    try:  # the offer's split; a rectified premium's derived over the offer's lines
        table = await tax_table(ctx.session, ctx.host)
        premium_split = premium_for_gross(
            premium, offer, await product_ramo(ctx, quote), table, today_in_rome()
        )
    except TaxError as exc:
        raise ClientError(str(exc)) from None
    split = await price_from_quote(
        ctx.session, policy, quote, premium_split, company_rate or ZERO, body.startDate
    )
    policy.quote = {
        "price": {"company": {company: {"nPolizza": body.number.strip(), "tot": offer.get("tot")}},
                  "platform": {"tot": float(split.platform)}},
        "data": {"company": company, "quoteId": quote.id},
    }  # fmt: skip
    now = utcnow()
    if body.prepaid:  # paid now: today's cash must be open
        await ensure_open(ctx.session, rome_day(now))
    first = policy.instalments[0] if policy.instalments else None
    if body.prepaid and first is not None:
        first.paid, first.paid_at, first.paid_method = True, now, policy.payment_method
        follow_instalments(policy)  # an annual policy paid at issue is paid in full
    elif body.prepaid:
        policy.paid, policy.paid_at = True, now
    if body.prepaid and policy.payment_method == CASH:  # collected now: within the cash limits
        check_cash(policy, first, first.total if first else policy.premium)
    ctx.session.add(policy)
    try:
        async with ctx.session.begin_nested():  # the unique index decides between two at once
            await ctx.session.flush()
    except IntegrityError as exc:
        if is_duplicate(exc):
            raise duplicate(policy.number or "", company) from exc
        raise
    await settle(ctx.session, policy, by=principal.id)

    price = dict(quote.price or {})
    priced = dict(price.get("company") or {})
    priced[company] = {**priced[company], "nPolizza": policy.number}
    quote.price = {**price, "company": priced}
    quote.quote = {
        **(quote.quote or {}), POLICY_ID: policy.id, POLICY_NUMBER: policy.number,
        EMISSION: emission or {"company": company, "premium": offer.get("tot")},
    }  # fmt: skip
    quote.status = statuses.name_of(ctx.host.statuses, IN_COMPANY)
    await move_documents(ctx.session, quote, policy)
    await ctx.session.flush()
    await line_hooks.policy_issued(ctx.host, ctx.session, policy, quote)
    return policy_payload(policy)
