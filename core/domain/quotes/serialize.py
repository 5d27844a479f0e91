"""Quotes in the spec's wire shape (SPEC §3)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from core.db import models as m


def iso(value: datetime | date | None) -> str | None:
    return value.isoformat() if value is not None else None


def customer_name(quote: m.Quote) -> str:
    """The customer's name from the quote's customer fields (``usrData``), or ``""``."""
    return next((str(f.get("value")) for f in quote.usr_data if f.get("_id") == "nome"), "")


def quote_payload(quote: m.Quote) -> dict[str, Any]:
    """A quote as its stream publishes it (SPEC's field names)."""

    data: dict[str, Any] = {
        "_id": quote.id,
        "type": quote.type,
        "at": iso(quote.at),
        "status": quote.status,
        "archived": quote.archived,
        "docStatus": quote.doc_status,
        "renew": quote.renew_of or quote.renew,
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
            "at": iso(quote.emission_requested_at),
        }
    return data
