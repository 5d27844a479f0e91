"""The loans line's commissions (core's ``quote_commissions`` hook, kept by core as rows).

A practice earns its istruttoria and its consultancy (qFattura) once the customer's emission
is requested, on that day: the collaborator's part is the practice's 'Tuo guadagno totale'
(``provvIstruttoria`` % of the istruttoria plus ``provvConsulenza`` % of the consultancy), the
platform's the rest. It counts as collected once the direction has approved the practice.
Core asks again whenever the practice changes and keeps the answer: the figures are those of
the practice as last changed, not recomputed from later rates.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from core.api import CommissionItem, earned_on_emission
from core.api import models as m
from plugins.prestiti.practice import practice_earnings

PRODUCT_NAME = "Prestiti"


async def loan_commissions(session: AsyncSession, quote: m.Quote) -> list[CommissionItem]:
    if quote.emission_requested_at is None:
        return []
    earned = await practice_earnings(session, quote)
    if earned is None:
        return []
    return earned_on_emission(
        quote, product=PRODUCT_NAME, company=(quote.prodotto or {}).get("Istituto"),
        commission=earned.commission, agent=earned.total,
    )  # fmt: skip
