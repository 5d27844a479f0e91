"""What the 'RUI e formazione' screen reads: the collaborators' list with this year's hours,
and one collaborator's entry and training log."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.domain.rui import rules
from core.domain.rui.serialize import (
    entry_payload,
    registration_payload,
    status_payload,
)
from core.domain.rui.service import (
    collaborators,
    entries_of,
    hours_by_user,
    registration_of,
    require_rui,
    rule_view,
    user_scope,
    visible_user,
)

MIN_YEAR, MAX_YEAR = 2018, 2100
"""Reg. IVASS 40/2018 is in force from 1 October 2018."""


async def overview(
    session: AsyncSession, principal: Principal, year: int, today: date
) -> list[dict[str, Any]]:
    """Every collaborator ``principal`` may see: RUI entry, validity today, ``year``'s hours."""
    require_rui(principal)
    hours = await hours_by_user(session, year)
    rows = []
    for user, reg in await collaborators(session, user_scope(principal)):
        view = rule_view(reg)
        done = hours.get(user.id, Decimal(0))
        status = rules.YearStatus(year, done, rules.required_hours(view, year))
        rows.append({
            "_id": user.id, "name": user.name, "email": user.email,
            "rui": registration_payload(reg), "valid": rules.is_valid_on(view, today),
            "training": status_payload(status),
        })  # fmt: skip
    return rows


async def user_detail(
    session: AsyncSession, principal: Principal, user_id: str, year: int, today: date
) -> dict[str, Any]:
    """One collaborator's entry, validity today and ``year``'s courses and totals."""
    user = await visible_user(session, principal, user_id)
    reg = await registration_of(session, user.id)
    entries = await entries_of(session, user.id, year)
    view = rule_view(reg)
    status = rules.year_status(view, ((e.day, e.hours) for e in entries), year)
    return {
        "_id": user.id, "name": user.name, "email": user.email,
        "rui": registration_payload(reg), "valid": rules.is_valid_on(view, today),
        "training": status_payload(status),
        "entries": [entry_payload(entry) for entry in entries],
    }  # fmt: skip
