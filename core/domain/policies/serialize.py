"""Policies in the spec's wire shape (SPEC §3 'Polizza'), money as numbers to the cent."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from core.db import models as m
from core.domain.quotes.serialize import iso
from core.money import as_number


def instalment_payload(rata: m.Instalment) -> dict[str, Any]:
    return {
        "n": rata.number,
        "cassa": iso(rata.cassa_date),
        "price": {
            "tot": as_number(rata.total),
            "net": as_number(rata.net),
            "tax": as_number(rata.tax),
            "agente": {"tot": as_number(rata.agent_total)},
        },
        "paid": rata.paid,
        "paidAt": iso(rata.paid_at),
        "paidMethod": rata.paid_method,
        "info": rata.info or {},
    }


def policy_payload(
    policy: m.Policy, instalments: Sequence[m.Instalment] | None = None
) -> dict[str, Any]:
    """The policy with its instalments (``instalments``: given apart, for a sync's rows)."""
    rate = policy.instalments if instalments is None else instalments
    return {**policy_own_payload(policy), "rate": [instalment_payload(rata) for rata in rate]}


def policy_own_payload(policy: m.Policy) -> dict[str, Any]:
    """The policy's payload but its instalments (``rate``, which comes last)."""
    return {
        "_id": policy.id,
        "type": policy.type,
        "aId": policy.agent_id,
        "agId": policy.parent_agent_id,
        "quoteId": policy.quote_id,
        "clientId": policy.client_id,
        "company": policy.company,
        "number": policy.number,
        "startDate": iso(policy.start_date),
        "endDate": iso(policy.end_date),
        "frequency": policy.frequency,
        "premium": as_number(policy.premium),
        "net": as_number(policy.net_premium),
        "taxes": policy.taxes or [],
        "taxTotal": as_number(policy.tax_total),
        "taxDerived": policy.tax_derived,
        "ramo": policy.ramo,
        "agentTotal": as_number(policy.agent_total),
        "paymentMethod": policy.payment_method,
        "prepaid": policy.prepaid,
        "paid": {"v": policy.paid, "at": iso(policy.paid_at)},
        "purchase": policy.purchase or {},
        "at": iso(policy.created_at),
        "pr": policy.pr or {},
        "quote": policy.quote or {},
        "allegati": policy.allegati or {},
        "issueOverride": policy.issue_override,
        "cancelledOn": iso(policy.cancelled_on),
        "cancelReason": policy.cancel_reason,
    }
