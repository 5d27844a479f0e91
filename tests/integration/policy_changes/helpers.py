"""A policy of known figures for the change tests: 1,220.00 a year from 1 January 2026
(net 1,000.00, taxes 220.00 at 22 %), commission 10 % of the net (100.00), the agent's half
(50.00); the agent withheld on 50 % at 23 %."""

from __future__ import annotations

from datetime import UTC, date, datetime
from decimal import Decimal
from typing import Any

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.db.types import new_id
from core.domain.commissions.ledger import settle
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for, user_ids

TENANT = "assicurapp"
START, END = date(2026, 1, 1), date(2027, 1, 1)
TAX_22 = [{"ramo": "incendio", "label": "Imposta", "rate": 22, "base": 1000, "amount": 220}]


async def call(
    clients: ClientFactory, runtime: Runtime, who: str, method: str, path: str, body: Any = None,
    tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.request(method, path, json=body, headers=headers)


def _row(n: int, cassa: date, money: tuple[str, str, str, str], paid: bool) -> m.Instalment:
    net, tax, commission, agent = (Decimal(v) for v in money)
    return m.Instalment(
        number=n, cassa_date=cassa, net=net, tax=tax, total=net + tax, commission=commission,
        agent_total=agent, parent_total=Decimal(0), referrer_total=Decimal(0), paid=paid,
        paid_at=datetime(2026, cassa.month, 2, 12, tzinfo=UTC) if paid else None,
        paid_method="bonifico" if paid else None, info={},
    )  # fmt: skip


def monthly_rows(paid: int) -> list[m.Instalment]:
    """12 instalments: nets 83.33 (83.37 the first), taxes 18.33 (18.37), commission 8.33
    (8.37), the agent's 4.16 (4.24: 50.00 − 11 × 4.16); the first ``paid`` collected."""
    rows = [_row(1, START, ("83.37", "18.37", "8.37", "4.24"), paid >= 1)]
    rows += [
        _row(n, date(2026, n, 1), ("83.33", "18.33", "8.33", "4.16"), paid >= n)
        for n in range(2, 13)
    ]
    return rows


async def make_policy(runtime: Runtime, frequency: str = "ANN", paid: int = 1) -> str:
    """The policy for ``agente`` (its ledger credited for what is paid); its id. ``ANN``: one
    instalment; ``MEN``: :func:`monthly_rows`; ``UNICO``: no instalment, the single payment
    paid when ``paid``."""
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session, session.begin():
            agent = await session.get(m.User, ids["agente"])
            assert agent is not None
            agent.ritenuta, agent.withholding_base = Decimal(23), "50"
            rows: list[m.Instalment] = []
            if frequency == "ANN":
                rows = [_row(1, START, ("1000.00", "220.00", "100.00", "50.00"), paid >= 1)]
            elif frequency == "MEN":
                rows = monthly_rows(paid)
            single = frequency == "UNICO" and paid >= 1
            policy = m.Policy(
                agent_id=ids["agente"], company="Compagnia Prova", number=f"T-{new_id()[:8]}",
                start_date=START, end_date=END, premium=Decimal("1220.00"),
                net_premium=Decimal("1000.00"), tax_total=Decimal("220.00"), taxes=TAX_22,
                ramo="incendio", commission=Decimal("100.00"), agent_total=Decimal("50.00"),
                rates={"company": "10", "agent": "50"}, frequency=frequency,
                payment_method="bonifico", pr={}, instalments=rows,
                paid=single, paid_at=datetime(2026, 1, 2, 12, tzinfo=UTC) if single else None,
            )  # fmt: skip
            session.add(policy)
            await session.flush()
            await settle(session, policy)
            return policy.id


async def rows_of(runtime: Runtime, policy_id: str) -> list[m.Instalment]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.Instalment).where(m.Instalment.policy_id == policy_id)
            return list((await session.execute(stmt.order_by(m.Instalment.number))).scalars())


async def ledger(runtime: Runtime, policy_id: str) -> list[m.BalanceEntry]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.BalanceEntry).where(m.BalanceEntry.policy_id == policy_id)
            return list((await session.execute(stmt.order_by(m.BalanceEntry.at))).scalars())


async def changes(runtime: Runtime, policy_id: str) -> list[m.PolicyChange]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.PolicyChange).where(m.PolicyChange.policy_id == policy_id)
            return list((await session.execute(stmt)).scalars())
