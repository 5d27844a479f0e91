"""The commissions report (``/Report``): what each beneficiary earns over a range, with the
withholding on their base (art. 25-bis DPR 600/1973, :mod:`.withholding`), the net, the
platform's part, and the figures per month, company and product.

An item is an instalment by its cassa date, a single-payment (UNICO) policy by its start
date, or a product line's practice as the line answered at its last change (kept by
:mod:`.line_keeper`, by its day); it is *collected* once paid. Who sees what:

* admins and responsabili: every agent, parent agent and referrer, and the platform's part;
* an agent: their own commissions, their sub-agents', and their difference over them;
* a sub-agent: their own; a referrer: their share on the agents they refer;
* employees: nothing (SPEC §6 'Report: everyone except employee').

Sums run in SQL (one pass per grouping) over whole months kept summed as policies,
instalments and line items change (:mod:`core.domain.commissions.summary`), and over the
rows themselves only for a range's partial months, so a year of a large portfolio stays fast.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from sqlalchemy import ColumnElement, and_, case, false, func, literal, select, true, union_all
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions.rules import payout
from core.domain.commissions.summary import month_of
from core.domain.commissions.withholding import base_percent
from core.errors import Forbidden
from core.money import ZERO, as_number

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


def next_month(day: date) -> date:
    return month_of(month_of(day) + timedelta(days=31))


def _raw(start: date, end: date) -> list[Any]:
    """The range's items read from the rows themselves, in cents: the instalments and
    policies, and the product lines' kept items (``line_commissions``)."""
    items = items_query(start, end)
    policies = select(
        items.c.day, items.c.paid,
        *(func.round(items.c[a] * 100).label(a) for a in AMOUNTS),
        *(getattr(m.Policy, c).label(c) for c in POLICY_KEYS),
    ).select_from(items.join(m.Policy, m.Policy.id == items.c.policy_id))  # fmt: skip
    line = m.LineCommission
    lines = select(
        line.day, line.paid,
        *(func.round(getattr(line, c) * 100).label(a) for c, a in NAMED),
        *(getattr(line, c).label(c) for c in POLICY_KEYS),
    ).where(line.day >= start, line.day <= end)  # fmt: skip
    return [policies, lines]


def _summed(first: date, last: date) -> Any:
    """Whole months from the summary: ``first`` and ``last`` are their first days."""
    month = m.CommissionMonth
    return select(
        month.month.label("day"), month.paid, *(getattr(month, a).label(a) for a in AMOUNTS),
        *(func.nullif(getattr(month, c), "").label(c) for c in POLICY_KEYS),
    ).where(month.month >= first, month.month <= last)  # fmt: skip


def source(start: date, end: date) -> Any:
    """The range's items: whole months from the summary, the partial ends from the rows.
    Each has a day (a month's first day for summed months), the paid state, the amounts in
    cents and the policy's beneficiaries, company and product."""
    first = start if start.day == 1 else next_month(start)
    after = month_of(end + timedelta(days=1))  # the first month not wholly in the range
    if first >= after:
        return union_all(*_raw(start, end)).subquery("source")
    parts = [_summed(first, after - timedelta(days=1))]
    if start < first:
        parts.extend(_raw(start, first - timedelta(days=1)))
    if after <= end:
        parts.extend(_raw(after, end))
    return union_all(*parts).subquery("source")


AMOUNTS = ("commission", *SHARES)
STORED = ("commission", "agent_total", "parent_total", "referrer_total")
"""The columns behind :data:`AMOUNTS` on policies, instalments and line items alike."""
NAMED = tuple(zip(STORED, AMOUNTS, strict=True))
POLICY_KEYS = ("agent_id", "parent_agent_id", "referrer_id", "company", "product_id")

Earns = Callable[[str, str | None, str | None, str | None], bool]
"""(share, agent id, parent agent id, referrer id) → whether that share is the viewer's."""


@dataclass(frozen=True, slots=True)
class Scope:
    """Which items a viewer's report covers, and whose shares in them are theirs (as a rule
    for the sums per earner, and as SQL for the sums per month, company and product)."""

    items: ColumnElement[bool]
    earns: Earns
    shares: dict[str, ColumnElement[bool]]


def scope_of(principal: Principal, src: Any) -> Scope:
    """The scope of ``principal`` over the columns of :func:`source`."""
    if not perm.sees_work(principal):
        raise Forbidden(NOT_FOR_EMPLOYEES)
    me = principal.id
    agent, parent, referrer = src.c.agent_id, src.c.parent_agent_id, src.c.referrer_id
    if perm.manages(principal):
        return Scope(true(), lambda *_: True, {s: true() for s in SHARES})
    if principal.is_agent and principal.parent_agent_id is None:
        return Scope(
            (agent == me) | (parent == me),
            lambda share, _a, up, _r: share == "agent" or (share == "parent" and up == me),
            {"agent": true(), "parent": parent == me},
        )  # fmt: skip
    if principal.is_agent:
        return Scope(agent == me, lambda share, *_: share == "agent", {"agent": true()})
    if principal.is_referrer:
        return Scope(referrer == me, lambda share, *_: share == "referrer", {"referrer": true()})
    return Scope(false(), lambda *_: False, {})


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
    """The report of ``principal`` over the range, optionally for one agent's tree: the
    policies' items and the product lines' kept ones alike."""
    src = source(start, end)
    scope = scope_of(principal, src)
    where = [scope.items]
    if agent_id:
        where.append((src.c.agent_id == agent_id) | (src.c.parent_agent_id == agent_id))
    report = Report()
    await _fold(session, report, scope, src, where)
    return report


async def _fold(
    session: AsyncSession, report: Report, scope: Scope, src: Any,
    where: list[ColumnElement[bool]],
) -> None:  # fmt: skip
    """Two passes over the range: by tree and paid state (each earner's gross and collected,
    the company commission), then by day, company and product (the viewer's shares, for the
    charts). Both group into few rows, so the sums stay in the database."""
    people = (src.c.agent_id, src.c.parent_agent_id, src.c.referrer_id, src.c.paid)
    stmt = (
        select(*people, *(func.sum(src.c[s]) for s in SHARES), func.sum(src.c.commission))
        .where(*where).group_by(*people)
    )  # fmt: skip
    for agent, parent, referrer, paid, *sums, commission in await session.execute(stmt):
        report.commission += _money(commission)
        for share, who, value in zip(SHARES, (agent, parent, referrer), sums, strict=True):
            amount = _money(value)
            if who is None or not amount or not scope.earns(share, agent, parent, referrer):
                continue
            earner = report.earners.setdefault(who, Earner(who))
            earner.gross += amount
            earner.collected += amount if paid else ZERO
            report.shared += amount
    beneficiary = {"agent": src.c.agent_id, "parent": src.c.parent_agent_id,
                   "referrer": src.c.referrer_id}  # fmt: skip
    mine: Any = literal(0)
    for share, condition in scope.shares.items():
        mine = mine + case(
            (and_(condition, beneficiary[share].is_not(None)), src.c[share]), else_=literal(0)
        )
    keys = (src.c.day, src.c.company, src.c.product_id)
    charts = select(*keys, func.sum(mine)).where(*where).group_by(*keys)
    by_product: dict[str | None, Decimal] = defaultdict(lambda: ZERO)
    for day, company, product_id, value in await session.execute(charts):
        amount = _money(value)
        report.by_day[_day(day)] += amount
        report.by_company[company or "—"] += amount
        by_product[product_id] += amount
    names = await _product_names(session, [p for p in by_product if p])
    for product_id, amount in by_product.items():
        report.by_product[names.get(product_id or "", "—")] += amount


def _day(value: date | str) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


async def _product_names(session: AsyncSession, ids: list[str]) -> dict[str, str]:
    if not ids:
        return {}
    rows = await session.execute(select(m.Product.id, m.Product.name).where(m.Product.id.in_(ids)))
    return {product_id: name for product_id, name in rows}


def _money(value: Any) -> Decimal:
    """An amount in cents, as summed by the database, in euros."""
    if value is None:
        return ZERO
    return Decimal(int(Decimal(str(value)).to_integral_value(ROUND_HALF_UP))) / 100


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
        base = base_percent(user.withholding_base if user else None)
        money = payout(earner.gross, user.ritenuta if user else ZERO, base)
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
            "base": user.withholding_base if user else None, "basePercent": as_number(base),
            "gross": as_number(money.gross), "collected": as_number(earner.collected),
            "pending": as_number(earner.gross - earner.collected),
            "withholding": as_number(money.withholding), "net": as_number(money.net),
        })  # fmt: skip
    totals: dict[str, Any] = {
        "gross": as_number(gross), "withholding": as_number(withholding),
        "net": as_number(net), "collected": as_number(collected),
        "pending": as_number(gross - collected),
    }  # fmt: skip
    if perm.manages(principal):
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
