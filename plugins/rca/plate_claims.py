"""A plate's claims: those the office registered (core's ``claims``) on the policies of the
plate — its current one and those issued from the quotes that carry it — as the user may see
them, with the certificate's years they make (:mod:`plugins.rca.rules.claims_atr`), which the
CU calculator offers to fill its table with."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import Principal, as_number, in_agent_tree, rome_day
from core.api import models as m
from plugins.rca.models import Plate
from plugins.rca.rules.claims_atr import SETTLED, RegisteredClaim, atr_years

CLAIMS_SHOWN = 50


def settled_on(claim: m.Claim) -> date | None:
    """The day the claim was last set ``liquidato``, while it still is."""
    if claim.status != SETTLED:
        return None
    for step in reversed(claim.history or []):
        if isinstance(step, dict) and step.get("status") == SETTLED:
            try:
                at = datetime.fromisoformat(str(step.get("at")))
            except ValueError:
                break
            return rome_day(at if at.tzinfo else at.replace(tzinfo=UTC))
    return rome_day(claim.updated_at) if claim.updated_at else None


def registered(claim: m.Claim) -> RegisteredClaim:
    others = sum(
        1 for party in claim.counterparties or []
        if isinstance(party, dict) and (party.get("plate") or party.get("vehicle"))
    )  # fmt: skip
    return RegisteredClaim(claim.status, claim.responsibility, settled_on(claim), 1 + others)


async def plate_claims(
    session: AsyncSession, principal: Principal, plate: Plate, quote_ids: Sequence[str]
) -> list[m.Claim]:
    """The visible claims on the plate's policies (``quote_ids``: the plate's quotes the user
    sees), the latest event first."""
    policies = select(m.Policy.id).where(m.Policy.quote_id.in_(list(quote_ids)))
    current = [m.Claim.policy_id == plate.policy_id] if plate.policy_id else []
    stmt = (
        select(m.Claim)
        .where(or_(m.Claim.policy_id.in_(policies), *current), in_agent_tree(principal, m.Claim))
        .order_by(m.Claim.event_date.desc(), m.Claim.id)
        .limit(CLAIMS_SHOWN)
    )
    return list((await session.execute(stmt)).scalars())


def claims_part(claims: Sequence[m.Claim]) -> dict[str, Any]:
    """``sinistri`` (the claims, for the plate's page) and ``atrSinistri`` (the certificate's
    years they make, in the calculator's shape)."""
    rows = [registered(claim) for claim in claims]
    return {
        "sinistri": [
            {
                "_id": claim.id, "data": claim.event_date.isoformat(), "stato": claim.status,
                "responsabilita": claim.responsibility, "liquidato": as_number(claim.paid),
                "liquidatoIl": row.settled_on.isoformat() if row.settled_on else None,
                "polizza": claim.policy_number, "policyId": claim.policy_id,
            }
            for claim, row in zip(claims, rows, strict=True)
        ],
        "atrSinistri": [
            {"anno": y.year, "principali": y.main_claims, "paritarie": list(y.paritaria)}
            for y in atr_years(rows)
        ],
    }  # fmt: skip
