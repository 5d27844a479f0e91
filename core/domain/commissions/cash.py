"""The cash sheet (``/cassa``, admins): instalments by cassa date, collected and outstanding,
with totals per payment method and company, and the day close.

A closed day locks the payments dated on it: marking an instalment paid on a closed day, or
undoing a payment made on one, is refused, and the correction goes to an open day. The close
keeps the day's figures as they were.
"""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.db.once import insert_once
from core.domain.commissions.balance import checked_range
from core.errors import ClientError, Conflict, Forbidden
from core.i18n import rome_day_start, today_in_rome
from core.money import ZERO, as_number

ADMINS_ONLY = "Solo gli amministratori vedono e chiudono la cassa"
DAY_CLOSED = "La cassa del {day} è chiusa: registra la correzione in un giorno aperto"
ALREADY_CLOSED = "La cassa del {day} è già chiusa"
FUTURE_DAY = "Non si chiude una giornata futura"
MAX_ROWS = 5000


def _it(day: date) -> str:
    return f"{day:%d/%m/%Y}"


def require_admin(principal: Principal) -> None:
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)


async def ensure_open(session: AsyncSession, day: date) -> None:
    """Refuse a change to the payments of a closed day."""
    stmt = select(m.CashDay.id).where(m.CashDay.day == day)
    if (await session.execute(stmt)).first() is not None:
        raise ClientError(DAY_CLOSED.format(day=_it(day)))


def _customer(pr: dict[str, Any]) -> str:
    entries = {e.get("_id"): e.get("value") for e in pr.get("usrData") or [] if isinstance(e, dict)}
    return " ".join(str(entries.get(k) or "") for k in ("Nome", "Cognome")).strip()


async def cash_sheet(
    session: AsyncSession, principal: Principal, start: date | None, end: date | None
) -> dict[str, Any]:
    require_admin(principal)
    first, last = checked_range(start, end)
    stmt = (
        select(m.Instalment, m.Policy.number, m.Policy.company, m.Policy.pr)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(m.Instalment.cassa_date >= first, m.Instalment.cassa_date <= last)
        .order_by(m.Instalment.cassa_date, m.Policy.number, m.Instalment.number)
        .limit(MAX_ROWS + 1)
    )
    found = (await session.execute(stmt)).all()
    rows, due, collected = [], ZERO, ZERO
    by_method: dict[str, Decimal] = defaultdict(lambda: ZERO)
    by_company: dict[str, dict[str, Decimal]] = defaultdict(
        lambda: {"due": ZERO, "collected": ZERO}
    )
    for rata, number, company, pr in found[:MAX_ROWS]:
        due += rata.total
        by_company[company or "—"]["due"] += rata.total
        if rata.paid:
            collected += rata.total
            by_method[rata.paid_method or "—"] += rata.total
            by_company[company or "—"]["collected"] += rata.total
        rows.append({
            "policyId": rata.policy_id, "number": number, "n": rata.number,
            "customer": _customer(pr or {}), "company": company,
            "cassa": rata.cassa_date.isoformat() if rata.cassa_date else None,
            "total": as_number(rata.total), "paid": rata.paid,
            "paidAt": rata.paid_at.isoformat() if rata.paid_at else None,
            "method": rata.paid_method, "suspended": bool((rata.info or {}).get("SOSP")),
            "link": {"name": "polizza", "params": {"id": rata.policy_id}},
        })  # fmt: skip
    closed = await session.execute(
        select(m.CashDay).where(m.CashDay.day >= first, m.CashDay.day <= last)
    )
    return {
        "from": first.isoformat(), "to": last.isoformat(), "rows": rows,
        "truncated": len(found) > MAX_ROWS,
        "totals": {"due": as_number(due), "collected": as_number(collected),
                   "outstanding": as_number(due - collected)},
        "methods": [{"name": k, "collected": as_number(v)} for k, v in sorted(by_method.items())],
        "companies": [{"name": k, "due": as_number(v["due"]),
                       "collected": as_number(v["collected"])}
                      for k, v in sorted(by_company.items())],
        "closedDays": [day_payload(d) for d in closed.scalars()],
    }  # fmt: skip


def day_payload(day: m.CashDay) -> dict[str, Any]:
    return {"day": day.day.isoformat(), "closedAt": day.closed_at.isoformat(),
            "closedBy": day.closed_by, "totals": day.totals}  # fmt: skip


async def day_figures(session: AsyncSession, day: date) -> dict[str, Any]:
    """What was collected on ``day`` (by payment date): the total, per method and company."""
    since, until = rome_day_start(day), rome_day_start(day + timedelta(days=1))
    stmt = (
        select(m.Instalment.total, m.Instalment.paid_method, m.Policy.company)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(m.Instalment.paid.is_(True), m.Instalment.paid_at >= since,
               m.Instalment.paid_at < until)
    )  # fmt: skip
    total = ZERO
    methods: dict[str, Decimal] = defaultdict(lambda: ZERO)
    companies: dict[str, Decimal] = defaultdict(lambda: ZERO)
    count = 0
    for value, method, company in await session.execute(stmt):
        count += 1
        total += value
        methods[method or "—"] += value
        companies[company or "—"] += value
    return {
        "collected": str(total), "instalments": count,
        "methods": {k: str(v) for k, v in sorted(methods.items())},
        "companies": {k: str(v) for k, v in sorted(companies.items())},
    }  # fmt: skip


async def close_day(session: AsyncSession, principal: Principal, day: date) -> dict[str, Any]:
    """Lock ``day``'s payments and keep its figures; a day closes once."""
    require_admin(principal)
    if day > today_in_rome():
        raise ClientError(FUTURE_DAY)
    checked_range(day, day)
    closed = m.CashDay(day=day, closed_by=principal.id, totals=await day_figures(session, day))
    if not await insert_once(session, closed):
        raise Conflict(ALREADY_CLOSED.format(day=_it(day)))
    return day_payload(closed)


CASH_HEADER = ("Cassa", "Polizza", "Rata", "Cliente", "Compagnia", "Importo", "Pagata",
               "Data pagamento", "Metodo")  # fmt: skip


def cash_rows(sheet: dict[str, Any]) -> list[list[Any]]:
    return [
        [r["cassa"], r["number"], r["n"], r["customer"], r["company"], Decimal(str(r["total"])),
         "sì" if r["paid"] else ("sospesa" if r["suspended"] else "no"),
         (r["paidAt"] or "")[:10], r["method"]]
        for r in sheet["rows"]
    ]  # fmt: skip
