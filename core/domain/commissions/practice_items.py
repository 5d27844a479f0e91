"""The commission a product line's practice earns when the customer asks for emission."""

from __future__ import annotations

from decimal import Decimal

from core.db import models as m
from core.extensions import CommissionItem
from core.i18n import rome_day

APPROVED = "Approvato dalla direzione"
"""The status that makes a practice's commission collected (SPEC §2 statuses)."""


def earned_on_emission(
    quote: m.Quote, *, product: str, company: str | None, commission: Decimal, agent: Decimal
) -> list[CommissionItem]:
    """What a ``quote_commissions`` hook answers for a practice that earns once, on the (Rome)
    day its emission is requested: nothing before; collected once the direction approves it
    (:data:`APPROVED`); it opens the line's practice page (``{line}-pratica``)."""
    if quote.emission_requested_at is None:
        return []
    return [
        CommissionItem(
            day=rome_day(quote.emission_requested_at), agent_id=quote.agent_id,
            parent_agent_id=quote.parent_agent_id, product=product, company=company or None,
            commission=commission, agent=agent, collected=quote.status == APPROVED,
            link={"name": f"{quote.type}-pratica", "params": {"id": quote.id}},
        )
    ]  # fmt: skip
