"""The cash sheet (``/cassa``, admins): instalments by cassa date and single payments by
start date, collected and outstanding, with totals per payment method and company, the
remittances paid to the companies (outgoing, :mod:`core.domain.remittances`), and the day
close.

A closed day locks the payments dated on it: marking an instalment paid on a closed day, or
undoing a payment made on one, is refused, and the correction goes to an open day. The close
keeps the day's figures as they were.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.context import current_tenant_id
from core.db import models as m
from core.db.locks import serialize
from core.db.once import insert_once
from core.domain.commissions.balance import checked_range
from core.domain.policies.payment_rules import method_label
from core.errors import ClientError, Conflict, Forbidden
from core.i18n import rome_day, rome_day_start, today_in_rome
from core.money import ZERO, as_number, cents

ADMINS_ONLY = "Solo gli amministratori vedono e chiudono la cassa"
DAY_CLOSED = "La cassa del {day} è chiusa: registra la correzione in un giorno aperto"
ALREADY_CLOSED = "La cassa del {day} è già chiusa"
FUTURE_DAY = "Non si chiude una giornata futura"
MAX_ROWS = 5000
"""Rows the screen lists (the totals always cover the whole range)."""
EXPORT_ROWS = 100_000
"""Rows an export holds; past them it says so before the totals."""
TRUNCATED = (
    "Elenco troncato alle prime {rows} righe: restringi il periodo. Totali dell'intero periodo:"
)


def _it(day: date) -> str:
    return f"{day:%d/%m/%Y}"


def require_admin(principal: Principal) -> None:
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)


async def lock_days(session: AsyncSession, days: Iterable[date]) -> None:
    """Hold the tenant's cash days until the transaction ends, in date order: a close and a
    payment of one day never interleave (the close counts the payment, or the payment sees
    the close). PostgreSQL: a transaction advisory lock per tenant and day
    (:func:`core.db.locks.serialize`); SQLite's writers already run one at a time."""
    tenant = current_tenant_id()
    for day in sorted(set(days)):
        await serialize(session, f"cassa:{tenant}:{day.isoformat()}")


async def ensure_open(session: AsyncSession, *days: date) -> None:
    """Refuse a change to the payments of a closed day (the days locked first)."""
    await lock_days(session, days)
    stmt = select(m.CashDay.day).where(m.CashDay.day.in_(set(days)))
    closed = sorted((await session.execute(stmt)).scalars())
    if closed:
        raise ClientError(DAY_CLOSED.format(day=_it(closed[0])))


def _customer(pr: dict[str, Any]) -> str:
    entries = {e.get("_id"): e.get("value") for e in pr.get("usrData") or [] if isinstance(e, dict)}
    return " ".join(str(entries.get(k) or "") for k in ("Nome", "Cognome")).strip()


def _instalments(first: date, last: date) -> Any:
    return (
        select(m.Instalment, m.Policy.number, m.Policy.company, m.Policy.pr)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(m.Instalment.cassa_date >= first, m.Instalment.cassa_date <= last)
    )


def _single_payments(first: date, last: date) -> Any:
    """Single-payment (UNICO) policies: one payment, due on the start date."""
    return select(m.Policy).where(
        m.Policy.frequency == "UNICO", m.Policy.start_date >= first, m.Policy.start_date <= last
    )


def _row(policy_id: str, number: str | None, n: int, pr: dict[str, Any], company: str | None,
         cassa: date | None, total: Decimal, paid: bool, paid_at: datetime | None,
         method: str | None, suspended: bool, net: Decimal, tax: Decimal,
         ) -> dict[str, Any]:  # fmt: skip
    """A payment due; ``total`` the gross, ``net`` and ``tax`` its split (core/domain/taxes)."""
    return {
        "policyId": policy_id, "number": number, "n": n, "customer": _customer(pr or {}),
        "company": company, "cassa": cassa.isoformat() if cassa else None,
        "total": as_number(total), "net": as_number(net), "tax": as_number(tax), "paid": paid,
        "paidAt": paid_at.isoformat() if paid_at else None, "method": method,
        "methodLabel": method_label(method) if method else None,
        "suspended": suspended, "link": {"name": "polizza", "params": {"id": policy_id}},
    }  # fmt: skip


async def cash_sheet(
    session: AsyncSession, principal: Principal, start: date | None, end: date | None,
    limit: int | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The range's payments due (at most ``limit`` rows, default :data:`MAX_ROWS`, in cassa
    date order) and the totals of the whole range, instalments and single payments alike."""
    require_admin(principal)
    limit = limit or MAX_ROWS
    first, last = checked_range(start, end)
    rows: list[dict[str, Any]] = []
    instalments = _instalments(first, last).order_by(
        m.Instalment.cassa_date, m.Policy.number, m.Instalment.number
    )
    for rata, number, company, pr in await session.execute(instalments.limit(limit + 1)):
        rows.append(_row(
            rata.policy_id, number, rata.number, pr, company, rata.cassa_date, rata.total,
            rata.paid, rata.paid_at, rata.paid_method, bool((rata.info or {}).get("SOSP")),
            rata.net, rata.tax,
        ))  # fmt: skip
    singles = _single_payments(first, last).order_by(m.Policy.start_date, m.Policy.number)
    for policy in (await session.execute(singles.limit(limit + 1))).scalars():
        rows.append(_row(
            policy.id, policy.number, 0, policy.pr, policy.company, policy.start_date,
            policy.premium, policy.paid, policy.paid_at, policy.payment_method, False,
            policy.net_premium, policy.tax_total,
        ))  # fmt: skip
    rows.sort(key=lambda r: (r["cassa"] or "", r["number"] or "", r["n"]))
    totals, methods, companies = await _range_sums(session, first, last)
    closed = await session.execute(
        select(m.CashDay).where(m.CashDay.day >= first, m.CashDay.day <= last)
    )
    remitted, remitted_total = await remittances_paid(session, first, last)
    return {
        "from": first.isoformat(), "to": last.isoformat(), "rows": rows[:limit],
        "truncated": len(rows) > limit, "totals": totals, "methods": methods,
        "companies": companies, "closedDays": [day_payload(d) for d in closed.scalars()],
        "remittances": remitted, "remittancesTotal": as_number(remitted_total),
    }  # fmt: skip


REMITTANCES_LISTED = 500


async def remittances_paid(
    session: AsyncSession, first: date, last: date
) -> tuple[list[dict[str, Any]], Decimal]:
    """The remittances paid to the companies in the range (outgoing; the first
    :data:`REMITTANCES_LISTED` by payment day) and the total of them all."""
    paid = (m.Remittance.status == "pagata", m.Remittance.paid_on >= first,
            m.Remittance.paid_on <= last)  # fmt: skip
    stmt = select(m.Remittance).where(*paid).order_by(m.Remittance.paid_on, m.Remittance.company)
    listed = [
        {"_id": r.id, "company": r.company, "from": r.period_from.isoformat(),
         "to": r.period_to.isoformat(), "paidOn": r.paid_on.isoformat() if r.paid_on else None,
         "method": r.method, "methodLabel": method_label(r.method) if r.method else None,
         "reference": r.reference, "amount": as_number(r.amount)}
        for r in (await session.execute(stmt.limit(REMITTANCES_LISTED))).scalars()
    ]  # fmt: skip
    total = (await session.execute(select(func.sum(m.Remittance.amount)).where(*paid))).scalar()
    return listed, cents(Decimal(str(total or 0)))


async def _range_sums(
    session: AsyncSession, first: date, last: date
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """Due, collected and outstanding over the whole range, per method and per company,
    summed by the database (whatever the rows listed)."""
    rata = (
        select(m.Policy.company, m.Instalment.paid, m.Instalment.paid_method,
               func.sum(m.Instalment.total))
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(m.Instalment.cassa_date >= first, m.Instalment.cassa_date <= last)
        .group_by(m.Policy.company, m.Instalment.paid, m.Instalment.paid_method)
    )  # fmt: skip
    single = (
        select(m.Policy.company, m.Policy.paid, m.Policy.payment_method, func.sum(m.Policy.premium))
        .where(m.Policy.frequency == "UNICO", m.Policy.start_date >= first,
               m.Policy.start_date <= last)
        .group_by(m.Policy.company, m.Policy.paid, m.Policy.payment_method)
    )  # fmt: skip
    due = collected = ZERO
    by_method: dict[str, Decimal] = defaultdict(lambda: ZERO)
    by_company: dict[str, dict[str, Decimal]] = defaultdict(
        lambda: {"due": ZERO, "collected": ZERO}
    )
    for stmt in (rata, single):
        for company, paid, method, value in await session.execute(stmt):
            amount = cents(Decimal(str(value or 0)))
            due += amount
            by_company[company or "—"]["due"] += amount
            if paid:
                collected += amount
                by_method[method or "—"] += amount
                by_company[company or "—"]["collected"] += amount
    totals = {"due": as_number(due), "collected": as_number(collected),
              "outstanding": as_number(due - collected)}  # fmt: skip
    methods = [{"name": k, "label": method_label(k) if k != "—" else "—",
                "collected": as_number(v)} for k, v in sorted(by_method.items())]  # fmt: skip
    companies = [{"name": k, "due": as_number(v["due"]), "collected": as_number(v["collected"])}
                 for k, v in sorted(by_company.items())]  # fmt: skip
    return totals, methods, companies


def day_payload(day: m.CashDay) -> dict[str, Any]:
    return {"day": day.day.isoformat(), "closedAt": day.closed_at.isoformat(),
            "closedBy": day.closed_by, "totals": day.totals}  # fmt: skip


async def day_figures(session: AsyncSession, day: date) -> dict[str, Any]:
    """What was collected on ``day`` (by payment date), instalments and single payments: the
    total, per method and company."""
    since, until = rome_day_start(day), rome_day_start(day + timedelta(days=1))
    rata = (
        select(m.Instalment.total, m.Instalment.paid_method, m.Policy.company)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(m.Instalment.paid.is_(True), m.Instalment.paid_at >= since,
               m.Instalment.paid_at < until)
    )  # fmt: skip
    single = select(m.Policy.premium, m.Policy.payment_method, m.Policy.company).where(
        m.Policy.frequency == "UNICO", m.Policy.paid.is_(True), m.Policy.paid_at >= since,
        m.Policy.paid_at < until,
    )  # fmt: skip
    total = ZERO
    methods: dict[str, Decimal] = defaultdict(lambda: ZERO)
    companies: dict[str, Decimal] = defaultdict(lambda: ZERO)
    count = 0
    for stmt in (rata, single):
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
    await lock_days(session, [day])  # payments of the day in flight finish first
    closed = m.CashDay(day=day, closed_by=principal.id, totals=await day_figures(session, day))
    if not await insert_once(session, closed):
        raise Conflict(ALREADY_CLOSED.format(day=_it(day)))
    return day_payload(closed)


CASH_HEADER = ("Cassa", "Polizza", "Rata", "Cliente", "Compagnia", "Importo", "Pagata",
               "Data pagamento", "Metodo", "Premio netto", "Imposte")  # fmt: skip


def _day(iso: str | None) -> date | None:
    """An ISO day (or instant, read as its day in Rome) as a date cell."""
    if not iso:
        return None
    if len(iso) == 10:
        return date.fromisoformat(iso)
    return rome_day(datetime.fromisoformat(iso))


def cash_rows(sheet: dict[str, Any]) -> list[list[Any]]:
    """The sheet's rows (days as dates, amounts as euros, methods by label), then (after a
    word when the list was cut) the range's totals."""
    rows: list[list[Any]] = [
        [_day(r["cassa"]), r["number"], r["n"], r["customer"], r["company"],
         Decimal(str(r["total"])),
         "sì" if r["paid"] else ("sospesa" if r["suspended"] else "no"),
         _day(r["paidAt"]), method_label(r["method"]) if r["method"] else None,
         Decimal(str(r["net"])), Decimal(str(r["tax"]))]
        for r in sheet["rows"]
    ]  # fmt: skip
    if sheet["truncated"]:
        rows.append([TRUNCATED.format(rows=f"{len(sheet['rows']):,}".replace(",", "."))])
    totals = sheet["totals"]
    for label, key in (("Dovuto", "due"), ("Incassato", "collected"),
                       ("Da incassare", "outstanding")):  # fmt: skip
        rows.append([label, None, None, None, None, Decimal(str(totals[key]))])
    for method in sheet["methods"]:
        rows.append([f"Incassato · {method['label']}", None, None, None, None,
                     Decimal(str(method["collected"]))])  # fmt: skip
    for paid in sheet.get("remittances") or []:
        rows.append([f"Rimessa · {paid['company']}", None, None, None, None,
                     -Decimal(str(paid["amount"])), "pagata", _day(paid["paidOn"]),
                     method_label(paid["method"]) if paid["method"] else None])  # fmt: skip
    if sheet.get("remittances"):
        rows.append(["Rimesse pagate", None, None, None, None,
                     -Decimal(str(sheet["remittancesTotal"]))])  # fmt: skip
    return rows
