"""Opening a claim on a policy and following it: what the agent, the office and the customer
may write, checked once for HTTP and the socket.

* Anyone who sees the policy opens a claim on it (``opened_by``: ``ufficio`` for admins and
  responsabili, else ``agente``); the customer does through the policy's claim link
  (:mod:`core.domain.claims.links`). A claim opens ``aperto``, waiting on the office.
* While it is ``aperto`` its opener's side (anyone who sees it) may still correct the facts:
  dates, place, description, counterparties.
* The office (admins and responsabili) takes it up with the company: the company's claim
  number and the day it was reported, the status (:data:`~core.domain.claims.statuses.NEXT`),
  the responsibility, the reserve and the amount paid. Every status change is kept in
  ``history``.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator
from sqlalchemy import event, select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.db.locks import for_update
from core.db.types import utcnow
from core.domain.claims.statuses import NEXT, OPEN, STATUSES
from core.domain.clients.derive import record_customer
from core.domain.quotes.queries import in_agent_tree
from core.errors import ClientError, Forbidden, NotFound
from core.extensions import PushQueue
from core.messages import CLAIM_NOT_FOUND, POLICY_NOT_FOUND
from core.push.sender import Push
from core.validation import NumberOnly, parse

EVENT_IN_FUTURE = "La data del sinistro non può essere futura"
KNOWN_BEFORE_EVENT = "La data in cui se ne è avuta notizia non può precedere il sinistro"
KNOWN_IN_FUTURE = "La data in cui se ne è avuta notizia non può essere futura"
BEFORE_COVER = "Il sinistro è anteriore alla decorrenza della polizza"
AFTER_COVER = "Il sinistro è successivo alla scadenza della polizza"
REQUEST_BEFORE_EVENT = "La richiesta del terzo non può precedere il sinistro"
REQUEST_IN_FUTURE = "La richiesta del terzo non può essere futura"
EMPTY_COUNTERPARTY = "Indica almeno il nome o la targa di ogni controparte"
REPORTED_BEFORE_KNOWN = "La denuncia non può precedere la data in cui si è avuta notizia"
REPORTED_IN_FUTURE = "La data della denuncia non può essere futura"
OFFICE_ONLY = "Solo l'ufficio può aggiornare numero, stato e importi del sinistro"
FACTS_LOCKED = "Il sinistro è già in carico alla compagnia: i fatti li corregge l'ufficio"
NOTHING_TO_CHANGE = "Nessuna modifica indicata"
MAX_COUNTERPARTIES = 5
MAX_AMOUNT = Decimal("100000000")

Amount = Annotated[Decimal, NumberOnly, Field(ge=0, lt=MAX_AMOUNT, decimal_places=2)]


class Counterparty(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    name: str = Field(default="", max_length=120)
    plate: str = Field(default="", max_length=12)
    vehicle: str = Field(default="", max_length=120)
    company: str = Field(default="", max_length=120)

    @model_validator(mode="after")
    def _named(self) -> Counterparty:
        if not (self.name or self.plate):
            raise ValueError(EMPTY_COUNTERPARTY)
        return self


class Facts(BaseModel):
    """What happened: the part the opener writes (texts stripped before their bounds)."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    eventDate: date  # noqa: N815 (wire names)
    knownOn: date | None = None  # noqa: N815
    thirdPartyClaimOn: date | None = None  # noqa: N815
    place: str = Field(default="", max_length=200)
    description: str = Field(min_length=1, max_length=4000)
    counterparties: list[Counterparty] = Field(default_factory=list, max_length=MAX_COUNTERPARTIES)


class OpenBody(Facts):
    policyId: str = Field(min_length=1, max_length=32)  # noqa: N815


class UpdateBody(BaseModel):
    """Every field optional: only those given change."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    claimId: str = Field(min_length=1, max_length=32)  # noqa: N815
    eventDate: date | None = None  # noqa: N815
    knownOn: date | None = None  # noqa: N815
    thirdPartyClaimOn: date | None = None  # noqa: N815
    place: str | None = Field(default=None, max_length=200)
    description: str | None = Field(default=None, min_length=1, max_length=4000)
    counterparties: list[Counterparty] | None = Field(default=None, max_length=MAX_COUNTERPARTIES)
    status: Literal["aperto", "in_istruttoria", "liquidato", "senza_seguito", "respinto"] | None = (
        None
    )
    companyClaimNumber: str | None = Field(default=None, max_length=100)  # noqa: N815
    reportedOn: date | None = None  # noqa: N815
    responsibility: Literal["principale", "paritaria", "nessuna"] | None = None
    reserve: Amount | None = None
    paid: Amount | None = None


FACT_FIELDS = ("eventDate", "knownOn", "thirdPartyClaimOn", "place", "description",
               "counterparties")  # fmt: skip
OFFICE_FIELDS = ("status", "companyClaimNumber", "reportedOn", "responsibility", "reserve",
                 "paid")  # fmt: skip


def check_facts(
    policy: m.Policy, event: date, known: date, request: date | None, today: date
) -> None:
    """The facts' dates against each other, today and the policy's period of cover."""
    if event > today:
        raise ClientError(EVENT_IN_FUTURE)
    if known < event:
        raise ClientError(KNOWN_BEFORE_EVENT)
    if known > today:
        raise ClientError(KNOWN_IN_FUTURE)
    if request is not None and request < event:
        raise ClientError(REQUEST_BEFORE_EVENT)
    if request is not None and request > today:
        raise ClientError(REQUEST_IN_FUTURE)
    if policy.start_date is not None and event < policy.start_date:
        raise ClientError(BEFORE_COVER)
    if policy.end_date is not None and event > policy.end_date:
        raise ClientError(AFTER_COVER)


async def visible_policy(session: AsyncSession, principal: Principal, policy_id: str) -> m.Policy:
    stmt = select(m.Policy).where(m.Policy.id == policy_id, in_agent_tree(principal, m.Policy))
    policy = (await session.execute(stmt)).scalar_one_or_none()
    if policy is None:
        raise NotFound(POLICY_NOT_FOUND)
    return policy


def new_claim(policy: m.Policy, facts: Facts, opened_by: str, by: str | None) -> m.Claim:
    """A claim on ``policy``, in its agent tree and for its customer, ``aperto``."""
    customer = record_customer(policy)
    now = utcnow()
    return m.Claim(
        tenant_id=policy.tenant_id,
        policy_id=policy.id,
        policy_number=policy.number,
        company=policy.company,
        customer=customer.name if customer else "",
        agent_id=policy.agent_id,
        parent_agent_id=policy.parent_agent_id,
        client_id=policy.client_id,
        event_date=facts.eventDate,
        known_on=facts.knownOn or facts.eventDate,
        third_party_claim_on=facts.thirdPartyClaimOn,
        place=facts.place,
        description=facts.description,
        counterparties=[c.model_dump() for c in facts.counterparties],
        status=OPEN,
        history=[{"status": OPEN, "at": now.isoformat(), "by": by}],
        opened_by=opened_by,
        opened_at=now,
        allegati={},
    )


def push_to_office_after_commit(session: AsyncSession, sender: PushQueue, claim: m.Claim) -> None:
    """Once the new claim is committed, a push to the office (admins and responsabili with
    a subscription who see it): a rolled-back claim pushes nothing."""
    push = Push(
        claim.tenant_id, (), "Nuovo sinistro",
        f"{claim.customer or 'Cliente'} – polizza {claim.policy_number or ''}".strip(" –"),
        f"/sinistri/{claim.id}", tag=f"claim-{claim.id}",
        office=(claim.agent_id, claim.parent_agent_id),
    )  # fmt: skip
    event.listen(session.sync_session, "after_commit", lambda _s: sender.send(push), once=True)


async def add_claim(
    session: AsyncSession,
    sender: PushQueue,
    policy: m.Policy,
    facts: Facts,
    opened_by: str,
    by: str | None,
    today: date,
) -> m.Claim:
    """Check ``facts`` against ``policy`` and today, then store the new claim; the office
    hears of it once it commits."""
    check_facts(policy, facts.eventDate, facts.knownOn or facts.eventDate,
                facts.thirdPartyClaimOn, today)  # fmt: skip
    claim = new_claim(policy, facts, opened_by, by)
    session.add(claim)
    await session.flush()
    push_to_office_after_commit(session, sender, claim)
    return claim


async def open_claim(
    session: AsyncSession, sender: PushQueue, principal: Principal, data: Any, today: date
) -> m.Claim:
    body = parse(OpenBody, data)
    policy = await visible_policy(session, principal, body.policyId)
    opened_by = "ufficio" if perm.manages(principal) else "agente"
    return await add_claim(session, sender, policy, body, opened_by, principal.id, today)


async def visible_claim(
    session: AsyncSession, principal: Principal, claim_id: str, *, lock: bool = False
) -> m.Claim:
    stmt = select(m.Claim).where(m.Claim.id == claim_id, in_agent_tree(principal, m.Claim))
    found = await session.execute(for_update(stmt, m.Claim) if lock else stmt)
    claim = found.scalar_one_or_none()
    if claim is None:
        raise NotFound(CLAIM_NOT_FOUND)
    return claim


async def update_claim(
    session: AsyncSession, principal: Principal, data: Any, today: date
) -> m.Claim:
    """Apply the fields given; the office's only by the office, the facts only while the
    claim is ``aperto`` unless the office corrects them. Nothing changes on a refusal."""
    body = parse(UpdateBody, data)
    given = body.model_fields_set - {"claimId"}
    if not given:
        raise ClientError(NOTHING_TO_CHANGE)
    office = perm.manages(principal)
    if given & set(OFFICE_FIELDS) and not office:
        raise Forbidden(OFFICE_ONLY)
    claim = await visible_claim(session, principal, body.claimId, lock=True)
    if given & set(FACT_FIELDS):
        if claim.status != OPEN and not office:
            raise ClientError(FACTS_LOCKED)
        _apply_facts(claim, body, await session.get_one(m.Policy, claim.policy_id), today)
    _apply_office(claim, body, given, principal.id, today)
    await session.flush()
    return claim


def _apply_facts(claim: m.Claim, body: UpdateBody, policy: m.Policy, today: date) -> None:
    given = body.model_fields_set
    event_date = body.eventDate if body.eventDate is not None else claim.event_date
    known = body.knownOn if body.knownOn is not None else claim.known_on
    if "eventDate" in given and "knownOn" not in given and claim.known_on == claim.event_date:
        known = event_date  # learned the same day, as before
    request = body.thirdPartyClaimOn if "thirdPartyClaimOn" in given else claim.third_party_claim_on
    check_facts(policy, event_date, known, request, today)
    reported = body.reportedOn if "reportedOn" in given else claim.reported_on
    if reported is not None and reported < known:
        raise ClientError(REPORTED_BEFORE_KNOWN)
    claim.event_date, claim.known_on, claim.third_party_claim_on = event_date, known, request
    if body.place is not None:
        claim.place = body.place
    if body.description is not None:
        claim.description = body.description
    if body.counterparties is not None:
        claim.counterparties = [c.model_dump() for c in body.counterparties]


def _apply_office(claim: m.Claim, body: UpdateBody, given: set[str], by: str, today: date) -> None:
    if "reportedOn" in given:
        if body.reportedOn is not None and body.reportedOn > today:
            raise ClientError(REPORTED_IN_FUTURE)
        if body.reportedOn is not None and body.reportedOn < claim.known_on:
            raise ClientError(REPORTED_BEFORE_KNOWN)
        claim.reported_on = body.reportedOn
    if "companyClaimNumber" in given:
        number = body.companyClaimNumber or None
        claim.company_claim_number = number
        if number and claim.reported_on is None:
            claim.reported_on = today  # a company number means it was reported
    if "responsibility" in given:
        claim.responsibility = body.responsibility
    if body.reserve is not None:
        claim.reserve = body.reserve
    if body.paid is not None:
        claim.paid = body.paid
    if body.status is not None and body.status != claim.status:
        if body.status not in NEXT[claim.status]:
            raise ClientError(
                f"Un sinistro «{STATUSES[claim.status]}» non può passare a "
                f"«{STATUSES[body.status]}»"
            )
        claim.status = body.status
        claim.history = [
            *(claim.history or []),
            {"status": body.status, "at": utcnow().isoformat(), "by": by},
        ]
