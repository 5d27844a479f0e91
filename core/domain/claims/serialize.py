"""Claims in their wire shape: the ``sinistri`` stream, the list and the page."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal
from typing import Any

from core.domain.claims.deadlines import limitation_date, report_deadline
from core.money import as_number


def _iso(value: date | datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def claim_payload(claim: Any) -> dict[str, Any]:
    """A claim (a model instance or a row with its columns) with its legal deadlines."""
    known_on: date = claim.known_on
    return {
        "_id": claim.id,
        "policyId": claim.policy_id,
        "policyNumber": claim.policy_number,
        "company": claim.company,
        "customer": claim.customer,
        "aId": claim.agent_id,
        "agId": claim.parent_agent_id,
        "clientId": claim.client_id,
        "eventDate": _iso(claim.event_date),
        "knownOn": _iso(known_on),
        "thirdPartyClaimOn": _iso(claim.third_party_claim_on),
        "place": claim.place,
        "description": claim.description,
        "counterparties": claim.counterparties or [],
        "responsibility": claim.responsibility,
        "companyClaimNumber": claim.company_claim_number,
        "reportedOn": _iso(claim.reported_on),
        "reportBy": _iso(report_deadline(known_on)),
        "limitation": _iso(limitation_date(claim.event_date, claim.third_party_claim_on)),
        "reserve": as_number(Decimal(claim.reserve or 0)),
        "paid": as_number(Decimal(claim.paid or 0)),
        "status": claim.status,
        "history": claim.history or [],
        "openedBy": claim.opened_by,
        "openedAt": _iso(claim.opened_at),
        "allegati": claim.allegati or {},
    }
