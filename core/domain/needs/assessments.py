"""A quote's answers: record a new set (the customer through the link, or the office with
them), read the latest, and keep its summary on the quote so every open screen that sees the
quote hears of it on the ``preventivi`` stream (``quote.esigenze``)."""

from __future__ import annotations

from typing import Any, Literal

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.db.locks import get_for_update
from core.db.types import utcnow
from core.domain.needs.answers import AnswersBody, checked, mismatches
from core.domain.needs.questionnaires import Questionnaire, for_quote
from core.domain.quotes.public_offers import issued_policy
from core.errors import ClientError, Conflict, NotFound
from core.messages import QUOTE_NOT_FOUND

Channel = Literal["link", "ufficio"]
SUMMARY = "esigenze"
"""Key in the quote's ``quote`` details: the latest answers' summary."""
MAX_PER_QUOTE = 50
"""Sets of answers a quote keeps per channel: enough for every honest change of mind, and
the customer's link using up its share leaves the office its own."""
LOCKED = (
    "La richiesta di emissione è già stata inviata: le risposte sulle richieste ed esigenze "
    "non si possono più cambiare"
)
TOO_MANY = "Risposte cambiate troppe volte per questo preventivo: contatta l'intermediario"
CHANNEL_NAMES = {"link": "dal cliente tramite il link", "ufficio": "in ufficio con il cliente"}


def locked(quote: m.Quote) -> bool:
    """Answers stay as they are once the emission is asked for or the policy issued."""
    return quote.emission_requested_at is not None or issued_policy(quote) is not None


async def latest_assessment(session: AsyncSession, quote_id: str) -> m.NeedsAssessment | None:
    stmt = (
        select(m.NeedsAssessment)
        .where(m.NeedsAssessment.quote_id == quote_id)
        .order_by(m.NeedsAssessment.answered_at.desc(), m.NeedsAssessment.id.desc())
        .limit(1)
    )
    return (await session.execute(stmt)).scalar_one_or_none()


def assessment_payload(row: m.NeedsAssessment, answered_by: str | None) -> dict[str, Any]:
    return {
        "id": row.id, "version": row.questionnaire_version, "kind": row.kind,
        "answers": row.answers, "mismatches": row.mismatches,
        "answeredAt": row.answered_at.isoformat(), "channel": row.channel,
        "answeredBy": answered_by,
    }  # fmt: skip


async def view(session: AsyncSession, quote: m.Quote, *, office: bool) -> dict[str, Any]:
    """The questionnaire the quote's product asks and the latest answers; the office also
    reads who answered."""
    asked = await for_quote(session, quote)
    row = await latest_assessment(session, quote.id)
    assessment = None
    if row is not None:
        user = await session.get(m.User, row.answered_by) if office and row.answered_by else None
        assessment = assessment_payload(row, (user.name or user.email) if user else None)
        if not office:
            assessment.pop("answeredBy")
    return {"questionnaire": asked.payload(), "assessment": assessment, "locked": locked(quote)}


async def record_answers(
    session: AsyncSession,
    quote_id: str,
    body: AnswersBody,
    *,
    channel: Channel,
    by: str | None,
    address: str | None,
) -> m.Quote:
    """Check ``body`` against the questionnaire the quote asks and keep it as the latest
    answers; the quote stays locked until the request ends (one writer at a time)."""
    quote = await get_for_update(session, m.Quote, quote_id)
    if quote is None:
        raise NotFound(QUOTE_NOT_FOUND)
    if locked(quote):
        raise Conflict(LOCKED)
    asked: Questionnaire = await for_quote(session, quote)
    answers = checked(asked, body)
    count = select(func.count()).where(
        m.NeedsAssessment.quote_id == quote.id, m.NeedsAssessment.channel == channel
    )
    if (await session.execute(count)).scalar_one() >= MAX_PER_QUOTE:
        raise ClientError(TOO_MANY)
    row = m.NeedsAssessment(
        quote_id=quote.id, kind=asked.kind, questionnaire_version=asked.version,
        answers=answers, mismatches=mismatches(answers), channel=channel, answered_by=by,
        address=address[:64] if address else None, answered_at=utcnow(),
    )  # fmt: skip
    session.add(row)
    await session.flush()
    quote.quote = {**(quote.quote or {}), SUMMARY: {
        "assessmentId": row.id, "answeredAt": row.answered_at.isoformat(),
        "channel": channel, "mismatches": row.mismatches,
    }}  # fmt: skip
    return quote
