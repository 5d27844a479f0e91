"""Reading and writing a collaborator's balance: who may, over which range, and the rules of
a hand-posted entry.

Balances belong to agents without a parent agent (SPEC §6 'Balance entry') and referrers.
Admins see and post on any of them; such a user sees their own; nobody else sees any.
The range defaults to the current month, its 1st to its last day (SPEC §9), in Rome time.
"""

from __future__ import annotations

import calendar
from datetime import date, timedelta
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions.ledger import Statement, post_manual
from core.domain.commissions.withholding import base_percent, describe
from core.errors import ClientError, Forbidden, NotFound
from core.i18n import rome_day_start, today_in_rome
from core.messages import USER_NOT_FOUND
from core.money import as_number, cents
from core.validation import parse

OVERVIEW_ADMINS_ONLY = "Solo gli amministratori vedono i saldi di tutti i collaboratori"
NOT_A_BALANCE = "Il saldo è dei collaboratori di primo livello e dei segnalatori"
NOT_YOURS = "Puoi vedere solo il tuo saldo"
ADMINS_ONLY = "Solo gli amministratori registrano pagamenti, anticipi e rettifiche"
BAD_RANGE = "L'intervallo va dal 01/01/1900 al 31/12/2099, con l'inizio prima della fine"
MAX_ENTRY = Decimal("1000000")
MAX_RANGE_DAYS = 3660
MAX_ENTRIES = 5000
"""Entries a statement lists (its sums cover them all)."""


def holds_balance(user: m.User) -> bool:
    role = user.role or {}
    top_agent = bool(role.get("a")) and user.parent_agent_id is None
    return top_agent or bool(role.get("segnalatore"))


async def balance_owner(session: AsyncSession, principal: Principal, user_id: str) -> m.User:
    """The user whose balance ``principal`` asks for, if they may see it."""
    if not principal.is_admin and principal.id != user_id:
        raise Forbidden(NOT_YOURS)
    user = await session.get(m.User, user_id)
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    if not holds_balance(user):
        raise ClientError(NOT_A_BALANCE) if principal.is_admin else Forbidden(NOT_A_BALANCE)
    return user


def month_range(today: date | None = None) -> tuple[date, date]:
    """The month of ``today`` (default: the current one), from its 1st to its last day."""
    day = today or today_in_rome()
    return day.replace(day=1), day.replace(day=calendar.monthrange(day.year, day.month)[1])


def checked_range(start: date | None, end: date | None) -> tuple[date, date]:
    first, last = month_range()
    start, end = start or first, end or last
    if not (date(1900, 1, 1) <= start <= end <= date(2099, 12, 31)):
        raise ClientError(BAD_RANGE)
    if (end - start).days > MAX_RANGE_DAYS:
        raise ClientError(BAD_RANGE)
    return start, end


async def statement(session: AsyncSession, user_id: str, start: date, end: date) -> Statement:
    """The ledger of ``user_id`` from ``start`` to ``end`` (whole Rome days)."""
    since, until = rome_day_start(start), rome_day_start(end + timedelta(days=1))
    opening_stmt = select(func.coalesce(func.sum(m.BalanceEntry.amount), 0)).where(
        m.BalanceEntry.user_id == user_id, m.BalanceEntry.at < since
    )
    opening = cents(Decimal((await session.execute(opening_stmt)).scalar_one() or 0))
    in_range = (
        m.BalanceEntry.user_id == user_id, m.BalanceEntry.at >= since, m.BalanceEntry.at < until,
    )  # fmt: skip
    amount = m.BalanceEntry.amount
    sums = select(
        func.coalesce(func.sum(case((amount > 0, amount), else_=0)), 0),
        func.coalesce(func.sum(case((amount < 0, amount), else_=0)), 0),
    ).where(*in_range)
    credits, debits = (cents(Decimal(str(v))) for v in (await session.execute(sums)).one())
    rows = select(m.BalanceEntry).where(*in_range).order_by(m.BalanceEntry.at, m.BalanceEntry.id)
    listed = list((await session.execute(rows.limit(MAX_ENTRIES + 1))).scalars())
    return Statement(
        opening, listed[:MAX_ENTRIES], opening + credits + debits, credits, debits,
        truncated=len(listed) > MAX_ENTRIES,
    )  # fmt: skip


def entry_payload(entry: m.BalanceEntry) -> dict[str, Any]:
    return {
        "_id": entry.id,
        "at": entry.at.isoformat(),
        "kind": entry.kind,
        "amount": as_number(entry.amount),
        "gross": as_number(entry.gross),
        "withholding": as_number(entry.withholding),
        "description": entry.description,
        "policyId": entry.policy_id,
        "link": {"name": "polizza", "params": {"id": entry.policy_id}} if entry.policy_id else None,
    }


def statement_payload(user: m.User, start: date, end: date, result: Statement) -> dict[str, Any]:
    return {
        "user": {
            "_id": user.id,
            "name": user.name,
            "ritenuta": as_number(user.ritenuta),
            "base": user.withholding_base,
            "basePercent": as_number(base_percent(user.withholding_base)),
            "withholding": describe(user.withholding_base, user.ritenuta),
        },
        "from": start.isoformat(),
        "to": end.isoformat(),
        "opening": as_number(result.opening),
        "closing": as_number(result.closing),
        "credits": as_number(result.credits),
        "debits": as_number(result.debits),
        "truncated": result.truncated,
        "entries": [entry_payload(e) for e in result.entries],
    }


class ManualEntry(BaseModel):
    """A payout or advance (a positive amount, debited) or an adjustment (signed)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["pagamento", "anticipo", "rettifica"]
    amount: Decimal = Field(max_digits=9, decimal_places=2)
    reason: str = Field(min_length=3, max_length=500)
    requestId: str = Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")  # noqa: N815 (wire name)

    @field_validator("amount")
    @classmethod
    def _bounded(cls, value: Decimal) -> Decimal:
        if not value.is_finite() or value == 0 or abs(value) > MAX_ENTRY:
            raise ValueError("Importo non valido: da 0,01 a 1.000.000 euro")
        return value

    @field_validator("reason")
    @classmethod
    def _reason(cls, value: str) -> str:
        if len(value.strip()) < 3:
            raise ValueError("Scrivi la causale")
        return value.strip()


def manual_entry(data: Any) -> ManualEntry:
    body = parse(ManualEntry, data)
    if body.kind != "rettifica" and body.amount < 0:
        raise ClientError("Pagamenti e anticipi hanno un importo positivo")
    return body


async def read_balance(
    session: AsyncSession, principal: Principal, user_id: str, start: date | None,
    end: date | None,
) -> dict[str, Any]:  # fmt: skip
    """``user_id``'s ledger over the range (default: the current month)."""
    user = await balance_owner(session, principal, user_id)
    first, last = checked_range(start, end)
    return statement_payload(user, first, last, await statement(session, user.id, first, last))


async def add_entry(
    session: AsyncSession, principal: Principal, user_id: str, data: Any
) -> dict[str, Any]:
    """An admin posts a payout, an advance or an adjustment; a repeated ``requestId`` answers
    the entry it already posted."""
    if not principal.is_admin:
        raise Forbidden(ADMINS_ONLY)
    body = manual_entry(data)
    user = await balance_owner(session, principal, user_id)
    entry = await post_manual(
        session, user, body.kind, body.amount, body.reason, principal.id, body.requestId
    )
    if entry is None:
        stmt = select(m.BalanceEntry).where(
            m.BalanceEntry.posting_key == f"manuale:{body.requestId}"
        )
        entry = (await session.execute(stmt)).scalar_one()
        if entry.user_id != user.id:
            raise ClientError("Richiesta già usata per un altro movimento")
    return entry_payload(entry)


async def balances_overview(session: AsyncSession, principal: Principal) -> dict[str, Any]:
    """Admins: every collaborator holding a balance, with it and their last movement."""
    if not principal.is_admin:
        raise Forbidden(OVERVIEW_ADMINS_ONLY)
    users = [u for u in (await session.execute(select(m.User))).scalars() if holds_balance(u)]
    sums = select(
        m.BalanceEntry.user_id, func.sum(m.BalanceEntry.amount), func.max(m.BalanceEntry.at)
    ).group_by(m.BalanceEntry.user_id)
    found = {user_id: (total, last) for user_id, total, last in await session.execute(sums)}
    rows = []
    for user in sorted(users, key=lambda u: ((u.name or u.email).lower(), u.id)):
        total, last = found.get(user.id, (0, None))
        rows.append({
            "_id": user.id, "name": user.name or user.email, "role": user.role_key,
            "balance": as_number(cents(Decimal(str(total or 0)))),
            "lastMovement": last.isoformat() if last else None,
            "withholding": describe(user.withholding_base, user.ritenuta),
            "link": {"name": "saldo-collaboratore", "params": {"id": user.id}},
        })  # fmt: skip
    total = sum((cents(Decimal(str(r["balance"]))) for r in rows), Decimal(0))
    return {"collaborators": rows, "total": as_number(total)}
