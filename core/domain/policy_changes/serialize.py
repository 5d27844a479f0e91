"""Policy changes in their wire shape, money as numbers to the cent."""

from __future__ import annotations

from typing import Any

import msgspec

from core.db import models as m
from core.domain.policy_changes.reasons import KINDS, REASONS, SUBTYPES
from core.domain.quotes.serialize import iso
from core.money import as_number

SHOWN = ("id", "n", "days", "period", "net")
"""What a refund's line shows (the commission shares stay server-side, as an instalment's)."""


def _details(stored: dict[str, Any] | msgspec.Raw) -> dict[str, Any]:
    """The details, a refund's lines cut to what they show; a sync reads them as raw JSON."""
    details = msgspec.json.decode(stored) if isinstance(stored, msgspec.Raw) else stored
    if not isinstance(details, dict):
        return {}
    refund = details.get("refund")
    if not isinstance(refund, list):
        return details
    lines = [
        {k: v for k, v in line.items() if k in SHOWN} for line in refund if isinstance(line, dict)
    ]
    return {**details, "refund": lines}


def change_payload(change: m.PolicyChange) -> dict[str, Any]:
    """The change as users who see the policy see it: the agent's part shown, the company's
    commission, the parent's and the referrer's not (as an instalment's payload)."""
    labels = REASONS if change.kind == "annullamento" else SUBTYPES
    return {
        "_id": change.id, "policyId": change.policy_id, "aId": change.agent_id,
        "agId": change.parent_agent_id, "clientId": change.client_id, "kind": change.kind,
        "kindLabel": KINDS.get(change.kind, change.kind), "subtype": change.subtype,
        "subtypeLabel": labels.get(change.subtype or "", change.subtype),
        "effectiveOn": iso(change.effective_on), "description": change.description,
        "details": _details(change.details or {}),
        "price": {
            "tot": as_number(change.total), "net": as_number(change.net),
            "tax": as_number(change.tax), "agente": {"tot": as_number(change.agent_total)},
        },
        "instalmentId": change.instalment_id, "createdBy": change.created_by,
        "at": iso(change.created_at),
    }  # fmt: skip
