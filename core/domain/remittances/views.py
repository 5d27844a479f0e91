"""What the ``/rimesse`` screen reads, shared by HTTP and the socket: a company's figures
for a period and the list of remittances."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.domain.remittances.figures import (
    SCREEN_ROWS,
    checked_company,
    checked_period,
    companies,
    period_rows,
    period_totals,
)
from core.domain.remittances.serialize import remittance_payload, row_payload, totals_payload
from core.domain.remittances.service import listing, require_admin


async def figures(
    session: AsyncSession, principal: Principal, company: str | None, start: date | None,
    end: date | None,
) -> dict[str, Any]:  # fmt: skip
    """The period's totals and its first :data:`SCREEN_ROWS` rows; without a company, only
    the companies to choose from."""
    require_admin(principal)
    first, last = checked_period(start, end)
    known = await companies(session)
    base: dict[str, Any] = {"from": first.isoformat(), "to": last.isoformat(), "companies": known}
    if not company:
        return {**base, "company": None, "rows": [], "truncated": False, "totals": None}
    name = checked_company(company)
    rows, truncated = await period_rows(session, name, first, last, SCREEN_ROWS)
    totals = await period_totals(session, name, first, last)
    return {
        **base, "company": name, "rows": [row_payload(r) for r in rows],
        "truncated": truncated, "totals": totals_payload(totals),
    }  # fmt: skip


async def remittances(
    session: AsyncSession, principal: Principal, company: str | None
) -> list[dict[str, Any]]:
    return [remittance_payload(r) for r in await listing(session, principal, company)]
