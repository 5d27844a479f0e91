"""Requests as a demo account, and the balance entries and instalments behind them."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids

TENANT = "assicurapp"
WIDE = "from=2020-01-01&to=2029-12-31"
"""A range holding every demo item."""


async def call(
    clients: ClientFactory, runtime: Runtime, who: str, method: str, path: str,
    body: Any = None, tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.request(method, path, json=body, headers=headers)


async def unpaid(runtime: Runtime, owner: str) -> tuple[str, int, Decimal, Decimal]:
    """A policy of ``owner`` with an unpaid instalment: (policy id, n, tree's part, referrer's)."""
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = (
                select(m.Instalment, m.Policy)
                .join(m.Policy, m.Policy.id == m.Instalment.policy_id)
                .where(m.Policy.agent_id == ids[owner], m.Instalment.paid.is_(False))
                .order_by(m.Instalment.cassa_date)
            )
            rata, policy = (await session.execute(stmt)).first()  # type: ignore[misc]
            return policy.id, rata.number, rata.agent_total + rata.parent_total, rata.referrer_total


async def entries(runtime: Runtime, user: str) -> list[m.BalanceEntry]:
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.BalanceEntry).where(m.BalanceEntry.user_id == ids[user])
            return list((await session.execute(stmt.order_by(m.BalanceEntry.at))).scalars())


def euros(value: Any) -> Decimal:
    return Decimal(str(value))
