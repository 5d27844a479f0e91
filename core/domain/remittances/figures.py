"""What a company is owed for a period: the premiums collected from its customers, the
commissions the broker retains, and the difference to remit.

A row is collected in the period when it was paid on one of its days (Europe/Rome): an
instalment (``policy_instalments``) by its ``paid_at``, a single-payment (UNICO) policy by the
policy's ``paid_at``. Signed rows count as they are: a refund (``info.kind`` ``rimborso``) or a
premium-reducing endorsement paid in the period is negative and lowers the gross, the
commission retained and the amount to remit alike.

For each row ``to_remit = gross - commission`` (``commission`` being the broker's whole
commission from the company on the row); the totals are summed by the database, so
``amount == gross - commission`` holds for the period whatever the rows listed.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

import msgspec
from sqlalchemy import Text, cast, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.commissions.balance import month_range
from core.errors import ClientError
from core.i18n import rome_day, rome_day_start
from core.money import ZERO, cents

MAX_PERIOD_DAYS = 366
SCREEN_ROWS = 1000
"""Rows the screen lists (the totals always cover the whole period)."""
EXPORT_ROWS = 100_000
"""Rows a statement (XLSX) and a reconciliation read; past them the export says so."""
PDF_ROWS = 3000
"""Rows the PDF statement prints (about 70 pages); the XLSX holds up to :data:`EXPORT_ROWS`."""
MAX_COMPANIES = 500

BAD_PERIOD = (
    "Periodo non valido: l'inizio deve precedere la fine, dal 2000 al 2099, "
    f"al massimo {MAX_PERIOD_DAYS} giorni"
)
NO_COMPANY = "Indica la compagnia"


def checked_period(start: date | None, end: date | None) -> tuple[date, date]:
    """The period asked for (default: the current month), at most :data:`MAX_PERIOD_DAYS`."""
    first, last = month_range()
    start, end = start or first, end or last
    if not (date(2000, 1, 1) <= start <= end <= date(2099, 12, 31)):
        raise ClientError(BAD_PERIOD)
    if (end - start).days >= MAX_PERIOD_DAYS:
        raise ClientError(BAD_PERIOD)
    return start, end


def checked_company(company: str | None) -> str:
    name = (company or "").strip()
    if not name or len(name) > 100:
        raise ClientError(NO_COMPANY)
    return name


@dataclass(frozen=True, slots=True)
class Totals:
    """The period's sums: rows, gross collected, commissions retained, amount to remit."""

    rows: int
    gross: Decimal
    commission: Decimal

    @property
    def amount(self) -> Decimal:
        return self.gross - self.commission


@dataclass(frozen=True, slots=True)
class Row:
    """One collected row: an instalment (``n`` ≥ 1) or a single payment (``n`` 0)."""

    policy_id: str
    number: str
    customer: str
    n: int
    kind: str | None
    """``appendice`` or ``rimborso`` for the signed rows of a change, else ``None``."""
    paid_at: datetime
    gross: Decimal
    commission: Decimal

    @property
    def to_remit(self) -> Decimal:
        return self.gross - self.commission

    @property
    def paid_on(self) -> date:
        return rome_day(self.paid_at)


def _bounds(first: date, last: date) -> tuple[datetime, datetime]:
    return rome_day_start(first), rome_day_start(last + timedelta(days=1))


def _instalments_where(company: str, first: date, last: date) -> tuple[Any, ...]:
    since, until = _bounds(first, last)
    return (
        m.Policy.company == company, m.Instalment.paid.is_(True),
        m.Instalment.paid_at >= since, m.Instalment.paid_at < until,
    )  # fmt: skip


def _singles_where(company: str, first: date, last: date) -> tuple[Any, ...]:
    since, until = _bounds(first, last)
    return (
        m.Policy.company == company, m.Policy.frequency == "UNICO", m.Policy.paid.is_(True),
        m.Policy.paid_at >= since, m.Policy.paid_at < until,
    )  # fmt: skip


def _money(value: Any) -> Decimal:
    return cents(Decimal(str(value or 0)))


async def period_totals(session: AsyncSession, company: str, first: date, last: date) -> Totals:
    """The period's sums, by the database."""
    rata = (
        select(func.count(m.Instalment.id), func.sum(m.Instalment.total),
               func.sum(m.Instalment.commission))
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(*_instalments_where(company, first, last))
    )  # fmt: skip
    single = select(
        func.count(m.Policy.id), func.sum(m.Policy.premium), func.sum(m.Policy.commission)
    ).where(*_singles_where(company, first, last))
    rows, gross, commission = 0, ZERO, ZERO
    for stmt in (rata, single):
        count, total, retained = (await session.execute(stmt)).one()
        rows += int(count or 0)
        gross += _money(total)
        commission += _money(retained)
    return Totals(rows, gross, commission)


def customer_name(pr: Any) -> str:
    """The customer's name from a policy's snapshot, as stored (JSON text) or decoded."""
    if isinstance(pr, str | bytes):
        try:
            pr = msgspec.json.decode(pr)
        except msgspec.DecodeError:
            return ""
    entries = pr.get("usrData") if isinstance(pr, dict) else None
    found = {e.get("_id"): e.get("value") for e in entries or [] if isinstance(e, dict)}
    return " ".join(str(found.get(k) or "") for k in ("Nome", "Cognome")).strip()


def _kind(info: Any) -> str | None:
    """``appendice`` or ``rimborso`` from an instalment's notes (JSON text); most have none."""
    if not info or "kind" not in info:
        return None
    try:
        kind = msgspec.json.decode(info).get("kind")
    except (msgspec.DecodeError, AttributeError):
        return None
    return kind if isinstance(kind, str) else None


async def period_rows(
    session: AsyncSession, company: str, first: date, last: date, limit: int
) -> tuple[list[Row], bool]:
    """The period's rows by payment time, at most ``limit``; and whether there were more."""
    rata = (
        select(m.Instalment.policy_id, m.Policy.number, cast(m.Policy.pr, Text),
               m.Instalment.number, cast(m.Instalment.info, Text), m.Instalment.paid_at,
               m.Instalment.total, m.Instalment.commission)
        .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
        .where(*_instalments_where(company, first, last))
        .order_by(m.Instalment.paid_at, m.Policy.number, m.Instalment.number)
        .limit(limit + 1)
    )  # fmt: skip
    single = (
        select(m.Policy.id, m.Policy.number, cast(m.Policy.pr, Text), m.Policy.paid_at,
               m.Policy.premium, m.Policy.commission)
        .where(*_singles_where(company, first, last))
        .order_by(m.Policy.paid_at, m.Policy.number)
        .limit(limit + 1)
    )  # fmt: skip
    rows: list[Row] = []
    for policy_id, number, pr, n, info, paid_at, total, commission in await session.execute(rata):
        rows.append(Row(
            policy_id, number or "", customer_name(pr), n, _kind(info),
            typing.cast(datetime, paid_at),  # the period's filter holds it
            _money(total), _money(commission),
        ))  # fmt: skip
    for policy_id, number, pr, paid_at, premium, commission in await session.execute(single):
        rows.append(Row(
            policy_id, number or "", customer_name(pr), 0, None,
            typing.cast(datetime, paid_at), _money(premium), _money(commission),
        ))  # fmt: skip
    rows.sort(key=lambda r: (r.paid_at, r.number, r.n))
    return rows[:limit], len(rows) > limit


async def companies(session: AsyncSession) -> list[str]:
    """The companies of the tenant's policies, by name (at most :data:`MAX_COMPANIES`)."""
    stmt = (
        select(m.Policy.company).where(m.Policy.company.is_not(None)).distinct()
        .order_by(m.Policy.company).limit(MAX_COMPANIES)
    )  # fmt: skip
    return [name for name in (await session.execute(stmt)).scalars() if name]
