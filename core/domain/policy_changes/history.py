"""A policy's history, oldest first: its issue, each instalment due and collected (or set
aside), each endorsement and cancellation, each refund given back."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from core.db import models as m
from core.domain.policy_changes.reasons import CANCELLED_BY, REASONS, RECEIPT_KIND, SUBTYPES
from core.i18n import rome_day
from core.money import as_number


def _event(day: date | None, kind: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"date": day.isoformat() if day else None, "kind": kind, "text": text, **extra}


def _euro(value: Any) -> str:
    return f"€ {value:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".")


def _paid_on(at: datetime | None) -> date | None:
    return rome_day(at) if at is not None else None


def history(policy: m.Policy, changes: Sequence[m.PolicyChange]) -> list[dict[str, Any]]:
    """The events in date order (undated ones last; a day's events as listed)."""
    events = [_event(policy.start_date, "decorrenza", "Decorrenza della polizza")]
    for row in policy.instalments:
        info = row.info or {}
        kind = info.get(RECEIPT_KIND)
        name = {"appendice": "Quietanza dell'appendice", "rimborso": "Rimborso"}.get(
            str(kind), f"Rata {row.number}"
        )
        if kind != "rimborso":
            text = f"{name}: {_euro(row.total)} in scadenza"
            events.append(_event(row.cassa_date, "scadenza", text, n=row.number,
                                 amount=as_number(row.total)))  # fmt: skip
        if row.paid:
            verb = "restituito" if row.total < 0 else "incassata"
            events.append(_event(_paid_on(row.paid_at), "pagamento",
                                 f"{name}: {_euro(abs(row.total))} {verb}", n=row.number,
                                 amount=as_number(row.total)))  # fmt: skip
        elif info.get(CANCELLED_BY):
            text = f"{name} non più dovuta per l'annullamento"
            events.append(_event(row.cassa_date, "annullata", text, n=row.number))
    for change in changes:
        if change.kind == "annullamento":
            text = f"Annullamento: {REASONS.get(change.subtype or '', change.subtype)}"
        else:
            text = f"Appendice: {SUBTYPES.get(change.subtype or '', change.subtype)}"
        if change.description:
            text += f" — {change.description}"
        events.append(_event(change.effective_on, change.kind, text, change=change.id,
                             amount=as_number(change.total)))  # fmt: skip
    if policy.end_date is not None and policy.cancelled_on is None:
        events.append(_event(policy.end_date, "scadenza_polizza", "Scadenza della polizza"))
    return sorted(events, key=lambda e: (e["date"] is None, e["date"] or ""))
