"""Quotes and policies in the spec's wire shape (SPEC §3)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from core.db import models as m


def _iso(value: datetime | date | None) -> str | None:
    return value.isoformat() if value is not None else None


def customer_name(quote: m.Quote) -> str:
    """The customer's name from the quote's customer fields (``usrData``), or ``""``."""
    return next((str(f.get("value")) for f in quote.usr_data if f.get("_id") == "nome"), "")


def quote_payload(quote: m.Quote) -> dict[str, Any]:
    data: dict[str, Any] = {
        "_id": quote.id,
        "type": quote.type,
        "at": _iso(quote.at),
        "status": quote.status,
        "archived": quote.archived,
        "docStatus": quote.doc_status,
        "renew": quote.renew,
        "aId": quote.agent_id,
        "agId": quote.parent_agent_id,
        "pId": quote.product_id,
        "clientId": quote.client_id,
        "usrData": quote.usr_data or [],
        "car": quote.car or {},
        "price": quote.price or {},
        "quote": quote.quote or {},
        "prodotto": quote.prodotto or {},
        "allegati": quote.allegati or {},
    }
    if quote.emission_requested_at is not None:
        data["requestEmission"] = {
            "by": quote.emission_requested_by,
            "at": _iso(quote.emission_requested_at),
        }
    return data


def policy_payload(policy: m.Policy) -> dict[str, Any]:
    return {
        "_id": policy.id,
        "type": policy.type,
        "aId": policy.agent_id,
        "agId": policy.parent_agent_id,
        "quoteId": policy.quote_id,
        "clientId": policy.client_id,
        "endDate": _iso(policy.end_date),
        "paymentMethod": policy.payment_method,
        "prepaid": policy.prepaid,
        "paid": {"v": policy.paid, "at": _iso(policy.paid_at)},
        "pr": policy.pr or {},
        "quote": policy.quote or {},
        "rate": [
            {
                "n": rata.number,
                "cassa": _iso(rata.cassa_date),
                "price": {"tot": float(rata.total), "agente": {"tot": float(rata.agent_total)}},
                "paid": rata.paid,
                "info": rata.info or {},
            }
            for rata in policy.instalments
        ],
    }
