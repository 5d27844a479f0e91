"""The rental line's commissions (core's ``quote_commissions`` hook, kept by core as rows).

A practice earns its consultancy once the customer's emission is requested, on that day: the
agent's part is the practice's 'Tuo guadagno totale' (qFattura × canone × rate / 10000 a month,
times the months), the platform's the rest of the consultancy. It counts as collected once
the direction has approved the practice ('Approvato dalla direzione'). Core asks again
whenever the practice changes and keeps the answer.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from core.api import CommissionItem, earned_on_emission
from core.api import models as m
from plugins.noleggio_auto.practice import practice_earnings

PRODUCT_NAME = "Noleggio auto"


async def rental_commissions(session: AsyncSession, quote: m.Quote) -> list[CommissionItem]:
    if quote.emission_requested_at is None:
        return []
    earned = await practice_earnings(session, quote)
    if earned is None:
        return []
    return earned_on_emission(
        quote, product=PRODUCT_NAME, company=(quote.car or {}).get("company"),
        commission=earned.total + earned.platform, agent=earned.total,
    )  # fmt: skip
