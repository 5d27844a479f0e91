"""The wire shapes of RUI entries, training entries and a year's status."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from core.db import models as m
from core.domain.rui import rules


def hours_text(hours: Decimal) -> str:
    """Hours as the wire carries them: a decimal string with two places (``"12.50"``)."""
    return f"{hours.quantize(Decimal('0.01'))}"


def registration_payload(row: m.RuiRegistration | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {
        "section": row.section,
        "sectionName": rules.SECTIONS.get(row.section, ""),
        "number": row.number,
        "registeredOn": row.registered_on.isoformat(),
        "endedOn": row.ended_on.isoformat() if row.ended_on else None,
        "intermediaryName": row.intermediary_name or "",
        "intermediaryNumber": row.intermediary_number,
    }


def entry_payload(entry: m.TrainingEntry) -> dict[str, Any]:
    return {
        "_id": entry.id,
        "day": entry.day.isoformat(),
        "hours": hours_text(entry.hours),
        "title": entry.title,
        "provider": entry.provider,
    }


def status_payload(status: rules.YearStatus) -> dict[str, Any]:
    return {
        "year": status.year,
        "done": hours_text(status.done),
        "required": hours_text(status.required),
        "missing": hours_text(status.missing),
        "short": status.short,
    }
