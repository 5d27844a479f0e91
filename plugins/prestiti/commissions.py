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

from core.api import CommissionItem, rome_day
from core.api import models as m
from plugins.prestiti.practice import practice_earnings
from plugins.prestiti.tegm import PRODUCT_ID

APPROVED = "Approvato dalla direzione"
PRODUCT_NAME = "Prestiti"


async def loan_commissions(session: AsyncSession, quote: m.Quote) -> list[CommissionItem]:
    if quote.emission_requested_at is None:
        return []
    earned = await practice_earnings(session, quote)
    if earned is None:
        return []
    return [
        CommissionItem(
            day=rome_day(quote.emission_requested_at),
            agent_id=quote.agent_id, parent_agent_id=quote.parent_agent_id,
            product=PRODUCT_NAME, company=(quote.prodotto or {}).get("Istituto") or None,
            commission=earned.commission, agent=earned.total,
            collected=quote.status == APPROVED,
            link={"name": f"{PRODUCT_ID}-pratica", "params": {"id": quote.id}},
        )
    ]  # fmt: skip
