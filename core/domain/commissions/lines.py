"""One agent's commission lines (``/ProvvigioniAgente/{aId}``): each item of their policies
and product lines' practices (and, for a parent agent, of their sub-agents') with the rate,
what the agent earns and whether it is collected; the company's commission on it only for
admins and managers (a collaborator sees their own figures, not the company's)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core import permissions as perm
from core.auth.principal import Principal
from core.db import models as m
from core.domain.commissions.report import items_query
from core.domain.quotes.queries import in_agent_tree
from core.errors import Forbidden, NotFound
from core.messages import USER_NOT_FOUND
from core.money import ZERO, as_number

MAX_LINES = 2000
NOT_YOUR_AGENT = "Puoi vedere solo le provvigioni tue e della tua rete"


async def agent_for(session: AsyncSession, principal: Principal, agent_id: str) -> m.User:
    """The agent whose lines ``principal`` asks for, if they may see them."""
    if not perm.sees_work(principal):
        raise Forbidden(NOT_YOUR_AGENT)
    agent = await session.get(m.User, agent_id)
    if agent is None or not (agent.role or {}).get("a"):
        raise NotFound(USER_NOT_FOUND)
    if perm.manages(principal) or agent.id == principal.id:
        return agent
    if principal.is_agent and agent.parent_agent_id == principal.id:  # their sub-agent
        return agent
    raise Forbidden(NOT_YOUR_AGENT)


async def agent_lines(
    session: AsyncSession, principal: Principal, agent_id: str, start: date, end: date
) -> dict[str, Any]:
    agent = await agent_for(session, principal, agent_id)
    items = items_query(start, end)
    # tables, not entities, on the outer joins: see report._fold
    products = m.Product.__table__.alias("pr")
    stmt = (
        select(items, m.Policy.number, m.Policy.company, m.Policy.rates, m.Policy.agent_id,
               m.Policy.parent_agent_id, m.Policy.frequency, products.c.name)
        .select_from(items.join(m.Policy, m.Policy.id == items.c.policy_id))
        .outerjoin(products, (products.c.id == m.Policy.product_id)
                   & (products.c.tenant_id == m.Policy.tenant_id))
        .where((m.Policy.agent_id == agent.id) | (m.Policy.parent_agent_id == agent.id),
               in_agent_tree(principal, m.Policy))
        .order_by(items.c.day.desc(), items.c.policy_id)
        .limit(MAX_LINES + 1)
    )  # fmt: skip
    rows = (await session.execute(stmt)).all()
    lines = []
    total = collected = ZERO
    for row in rows[:MAX_LINES]:
        own = row.agent_id == agent.id
        earned = Decimal(str(row.agent if own else row.parent))
        if not own and not earned:
            continue  # a sub-agent's policy where the parent's rate is not higher
        rates = row.rates or {}
        rate = rates.get("agent") if own else _difference(rates)
        total += earned
        collected += earned if row.paid else ZERO
        lines.append({
            "policyId": row.policy_id, "number": row.number, "day": row.day.isoformat(),
            "instalment": None if row.frequency == "UNICO" else row.day.isoformat(),
            "product": row.name, "company": row.company,
            "companyAmount": as_number(Decimal(str(row.commission))),
            "rate": rate, "commission": as_number(earned),
            "share": "agente" if own else "differenza", "paid": bool(row.paid),
            "link": {"name": "polizza", "params": {"id": row.policy_id}},
        })  # fmt: skip
    if not perm.manages(principal):
        for line in lines:
            line.pop("companyAmount", None)
    kept, more = await _line_rows(session, agent.id, start, end)
    for item in kept:
        own = item.agent_id == agent.id
        earned = item.agent_total if own else item.parent_total
        if not own and not earned:
            continue
        total += earned
        collected += earned if item.paid else ZERO
        lines.append({
            "policyId": None, "number": None, "day": item.day.isoformat(), "instalment": None,
            "product": item.product, "company": item.company, "rate": None,
            **({"companyAmount": as_number(item.commission)} if perm.manages(principal) else {}),
            "commission": as_number(earned), "share": "agente" if own else "differenza",
            "paid": item.paid, "link": dict(item.link),
        })  # fmt: skip
    lines.sort(key=lambda line: line["day"], reverse=True)
    return {
        "agent": {"_id": agent.id, "name": agent.name},
        "from": start.isoformat(), "to": end.isoformat(), "lines": lines,
        "truncated": len(rows) > MAX_LINES or more,
        "totals": {"commission": as_number(total), "collected": as_number(collected),
                   "pending": as_number(total - collected)},
    }  # fmt: skip


async def _line_rows(
    session: AsyncSession, agent_id: str, start: date, end: date
) -> tuple[list[m.LineCommission], bool]:
    """The product lines' kept items of ``agent_id`` (theirs, or their sub-agents' where they
    earn a difference) in the range, newest first; and whether more were left out."""
    row = m.LineCommission
    stmt = (
        select(row)
        .where((row.agent_id == agent_id) | (row.parent_agent_id == agent_id),
               row.day >= start, row.day <= end)
        .order_by(row.day.desc(), row.quote_id, row.seq)
        .limit(MAX_LINES + 1)
    )  # fmt: skip
    found = list((await session.execute(stmt)).scalars())
    return found[:MAX_LINES], len(found) > MAX_LINES


def _difference(rates: dict[str, Any]) -> str | None:
    parent, agent = rates.get("parent"), rates.get("agent")
    if parent is None or agent is None:
        return None
    return str(max(Decimal(parent) - Decimal(agent), ZERO))
