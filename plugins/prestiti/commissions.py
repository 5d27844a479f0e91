"""The loans line's commissions for the report (core's ``commission_items`` hook).

A practice earns its istruttoria and its consultancy (qFattura) once the customer's emission
is requested, on that day: the collaborator's part is the practice's 'Tuo guadagno totale'
(``provvIstruttoria`` % of the istruttoria plus ``provvConsulenza`` % of the consultancy), the
platform's the rest. It counts as collected once the direction has approved the practice.
"""

from __future__ import annotations

from datetime import date

from sqlalchemy.ext.asyncio import AsyncSession

from core.api import CommissionItem, emission_requested_between, rome_day
from plugins.prestiti.practice import practice_earnings
from plugins.prestiti.tegm import PRODUCT_ID

APPROVED = "Approvato dalla direzione"
PRODUCT_NAME = "Prestiti"


async def loan_commissions(session: AsyncSession, start: date, end: date) -> list[CommissionItem]:
    items = []
    for quote in await emission_requested_between(session, PRODUCT_ID, start, end):
        earned = await practice_earnings(session, quote)
        if earned is None or quote.emission_requested_at is None:
            continue
        items.append(
            CommissionItem(
                day=rome_day(quote.emission_requested_at),
                agent_id=quote.agent_id, parent_agent_id=quote.parent_agent_id,
                product=PRODUCT_NAME, company=(quote.prodotto or {}).get("Istituto") or None,
                commission=earned.commission, agent=earned.total,
                collected=quote.status == APPROVED,
                link={"name": f"{PRODUCT_ID}-pratica", "params": {"id": quote.id}},
            )
        )  # fmt: skip
    return items
