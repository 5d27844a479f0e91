"""The commissions report (``/Report``): what each beneficiary earns over a range, with the
withholding, the net, the platform's part, and the figures per month, company and product.

An item is an instalment by its cassa date, or a single-payment (UNICO) policy by its start
date; it is *collected* once paid. Who sees what:

* admins and responsabili: every agent, parent agent and referrer, and the platform's part;
* an agent: their own commissions, their sub-agents', and their difference over them;
* a sub-agent: their own; a referrer: their share on the agents they refer;
* employees: nothing (SPEC §6 'Report: everyone except employee').

Sums run in SQL (one pass per grouping), so a year of a large portfolio stays fast.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import ColumnElement, and_, case, false, func, literal, select, true, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions.rules import payout
from core.errors import Forbidden
from core.money import ZERO, as_number, cents

NOT_FOR_EMPLOYEES = "Il report provvigioni non è disponibile per i dipendenti"
SHARES = ("agent", "parent", "referrer")


def items_query(start: date, end: date) -> Any:
    """Every commission item in the range: instalments and single-payment policies."""
    rata = select(
        m.Instalment.policy_id.label("policy_id"),
        m.Instalment.cassa_date.label("day"),
        m.Instalment.paid.label("paid"),
        m.Instalment.commission.label("commission"),
        m.Instalment.agent_total.label("agent"),
        m.Instalment.parent_total.label("parent"),
        m.Instalment.referrer_total.label("referrer"),
    ).where(m.Instalment.cassa_date >= start, m.Instalment.cassa_date <= end)
    single = select(
        m.Policy.id, m.Policy.start_date, m.Policy.paid, m.Policy.commission,
        m.Policy.agent_total, m.Policy.parent_total, m.Policy.referrer_total,
    ).where(
        m.Policy.frequency == "UNICO", m.Policy.start_date >= start, m.Policy.start_date <= end
    )  # fmt: skip
    return union_all(rata, single).subquery("items")


@dataclass(frozen=True, slots=True)
class Scope:
    """Which policies a viewer's report covers, and whose shares in them are theirs."""

    policies: ColumnElement[bool]
    shares: dict[str, ColumnElement[bool]]
    platform: bool


def scope_of(principal: Principal) -> Scope:
    if not perm.sees_work(principal):
        raise Forbidden(NOT_FOR_EMPLOYEES)
    if perm.manages(principal):
        return Scope(true(), {s: true() for s in SHARES}, platform=True)
    if principal.is_agent and principal.parent_agent_id is None:
        me = principal.id
        tree = (m.Policy.agent_id == me) | (m.Policy.parent_agent_id == me)
        return Scope(tree, {"agent": true(), "parent": m.Policy.parent_agent_id == me}, False)
    if principal.is_agent:
        return Scope(m.Policy.agent_id == principal.id, {"agent": true()}, False)
    if principal.is_referrer:
        return Scope(m.Policy.referrer_id == principal.id, {"referrer": true()}, False)
    return Scope(false(), {}, False)


BENEFICIARY = {
    "agent": m.Policy.agent_id,
    "parent": m.Policy.parent_agent_id,
    "referrer": m.Policy.referrer_id,
}


@dataclass(slots=True)
class Earner:
    user_id: str
    gross: Decimal = ZERO
    collected: Decimal = ZERO


@dataclass(slots=True)
class Report:
    earners: dict[str, Earner] = field(default_factory=dict)
    commission: Decimal = ZERO
    shared: Decimal = ZERO
    by_day: dict[date, Decimal] = field(default_factory=lambda: defaultdict(lambda: ZERO))
    by_company: dict[str, Decimal] = field(default_factory=lambda: defaultdict(lambda: ZERO))
    by_product: dict[str, Decimal] = field(default_factory=lambda: defaultdict(lambda: ZERO))


async def build_report(
    session: AsyncSession, principal: Principal, start: date, end: date,
    agent_id: str | None = None,
) -> Report:  # fmt: skip
    """The report of ``principal`` over the range, optionally for one agent's tree."""
    scope = scope_of(principal)
    items = items_query(start, end)
    where = [scope.policies]
    if agent_id:
        where.append((m.Policy.agent_id == agent_id) | (m.Policy.parent_agent_id == agent_id))
    joined = items.join(m.Policy, m.Policy.id == items.c.policy_id)
    report = Report()
    mine: Any = literal(0)
    for share, condition in scope.shares.items():
        column = items.c[share]
        who = BENEFICIARY[share]
        stmt = (
            select(
                who,
                func.sum(column),
                func.sum(_when(items.c.paid, column)),
            )
            .select_from(joined)
            .where(*where, condition, who.is_not(None))
            .group_by(who)
        )
        for user_id, gross, collected in await session.execute(stmt):
            earner = report.earners.setdefault(user_id, Earner(user_id))
            earner.gross += _money(gross)
            earner.collected += _money(collected)
        mine = mine + _when(and_(condition, who.is_not(None)), column)
    totals = select(func.sum(items.c.commission), func.sum(mine)).select_from(joined).where(*where)
    commission, shared = (await session.execute(totals)).one()
    report.commission, report.shared = _money(commission), _money(shared)
    await _groupings(session, report, joined, where, mine, items)
    return report


async def _groupings(
    session: AsyncSession, report: Report, joined: Any, where: list[ColumnElement[bool]],
    mine: Any, items: Any,
) -> None:  # fmt: skip
    by_day = select(items.c.day, func.sum(mine)).select_from(joined).where(*where)
    for day, value in await session.execute(by_day.group_by(items.c.day)):
        report.by_day[day] += _money(value)
    by_company = select(m.Policy.company, func.sum(mine)).select_from(joined).where(*where)
    for company, value in await session.execute(by_company.group_by(m.Policy.company)):
        report.by_company[company or "—"] += _money(value)
    with_quote = joined.outerjoin(m.Quote, m.Quote.id == m.Policy.quote_id).outerjoin(
        m.Product, m.Product.id == m.Quote.product_id
    )
    by_product = select(m.Product.name, func.sum(mine)).select_from(with_quote).where(*where)
    for product, value in await session.execute(by_product.group_by(m.Product.name)):
        report.by_product[product or "—"] += _money(value)


def _when(condition: Any, column: Any) -> Any:
    return case((condition, column), else_=literal(0))


def _money(value: Any) -> Decimal:
    return cents(Decimal(str(value))) if value is not None else ZERO


def months(by_day: dict[date, Decimal]) -> list[dict[str, Any]]:
    """Day sums folded into calendar months, in order."""
    folded: dict[str, Decimal] = defaultdict(lambda: ZERO)
    for day, value in by_day.items():
        folded[f"{day:%Y-%m}"] += value
    return [{"month": k, "amount": as_number(v)} for k, v in sorted(folded.items())]


def ranked(values: dict[str, Decimal]) -> list[dict[str, Any]]:
    return [
        {"name": name, "amount": as_number(value)}
        for name, value in sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
        if value
    ]


async def report_payload(
    session: AsyncSession, principal: Principal, start: date, end: date,
    agent_id: str | None = None,
) -> dict[str, Any]:  # fmt: skip
    """The report as the screen shows it: per earner (gross, collected, withholding, net)
    and totals; the platform's part for those who may see it."""
    report = await build_report(session, principal, start, end, agent_id)
    users = await _users(session, report.earners)
    rows = []
    gross = withholding = net = collected = ZERO
    for earner in sorted(report.earners.values(), key=lambda e: (-e.gross, e.user_id)):
        user = users.get(earner.user_id)
        money = payout(earner.gross, user.ritenuta if user else ZERO)
        gross, withholding, net = (
            gross + money.gross,
            withholding + money.withholding,
            net + money.net,
        )
        collected += earner.collected
        rows.append({
            "_id": earner.user_id, "name": user.name if user else "Utente eliminato",
            "role": user.role_key if user else None,
            "ritenuta": as_number(user.ritenuta) if user else 0,
            "gross": as_number(money.gross), "collected": as_number(earner.collected),
            "pending": as_number(earner.gross - earner.collected),
            "withholding": as_number(money.withholding), "net": as_number(money.net),
        })  # fmt: skip
    scope = scope_of(principal)
    totals: dict[str, Any] = {
        "gross": as_number(gross), "withholding": as_number(withholding),
        "net": as_number(net), "collected": as_number(collected),
        "pending": as_number(gross - collected),
    }  # fmt: skip
    if scope.platform:
        totals |= {
            "commission": as_number(report.commission),
            "platform": as_number(report.commission - report.shared),
        }
    return {
        "from": start.isoformat(), "to": end.isoformat(), "agents": rows, "totals": totals,
        "months": months(report.by_day), "companies": ranked(report.by_company),
        "products": ranked(report.by_product),
    }  # fmt: skip


async def _users(session: AsyncSession, ids: Iterable[str]) -> dict[str, m.User]:
    wanted: Sequence[str] = list(ids)
    if not wanted:
        return {}
    rows = await session.execute(select(m.User).where(m.User.id.in_(wanted)))
    return {u.id: u for u in rows.scalars()}
