"""For any monthly policy, payments, cancellation day and withholding, the ledger after a
cancellation holds exactly what it would hold had the refunded part never been collected: a
twin policy whose instalments carry only the parts not given back, settled the same way,
credits the same gross, withholding and net (hypothesis, on the database)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.commissions.ledger import settle
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.policy_changes.helpers import END, START, TENANT, call

CENT = Decimal("0.01")
Example = tuple[list[int], int, int, Decimal]


def _rows(
    agent_cents: list[int], paid: int, taken: dict[int, Decimal] | None = None
) -> list[m.Instalment]:
    """Twelve monthly instalments of net 100.00 and the agent's part in ``agent_cents`` (less
    ``taken`` by number), the first ``paid`` collected on their due day."""
    rows = []
    for n, cents in enumerate(agent_cents, start=1):
        cassa = date(2026, n, 1)
        agent = Decimal(cents) / 100 - (taken or {}).get(n, Decimal(0))
        rows.append(m.Instalment(
            number=n, cassa_date=cassa, net=Decimal("100.00"), tax=Decimal(0),
            total=Decimal("100.00"), commission=Decimal("20.00"), agent_total=agent,
            parent_total=Decimal(0), referrer_total=Decimal(0), paid=n <= paid,
            paid_at=datetime(2026, n, 1, 12, tzinfo=UTC) if n <= paid else None,
            paid_method="bonifico" if n <= paid else None, info={},
        ))  # fmt: skip
    return rows


async def _policy(
    runtime: Runtime, number: str, rows: list[m.Instalment], ritenuta: Decimal
) -> str:
    ids = await user_ids(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session, session.begin():
            agent = await session.get(m.User, ids["agente"])
            assert agent is not None
            agent.ritenuta, agent.withholding_base = ritenuta, "50"
            policy = m.Policy(
                agent_id=ids["agente"], company="Compagnia Prova", number=number,
                start_date=START, end_date=END, premium=Decimal("1200.00"),
                net_premium=Decimal("1200.00"), tax_total=Decimal(0), taxes=[],
                commission=Decimal("240.00"), agent_total=sum(r.agent_total for r in rows),
                rates={}, frequency="MEN", payment_method="bonifico", pr={}, instalments=rows,
            )  # fmt: skip
            session.add(policy)
            await session.flush()
            await settle(session, policy)
            return policy.id


async def _sums(runtime: Runtime, policy_id: str) -> tuple[Decimal, Decimal, Decimal]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.BalanceEntry).where(m.BalanceEntry.policy_id == policy_id)
            entries = list((await session.execute(stmt)).scalars())
    return (sum((e.gross for e in entries), Decimal(0)),
            sum((e.withholding for e in entries), Decimal(0)),
            sum((e.amount for e in entries), Decimal(0)))  # fmt: skip


async def _taken(runtime: Runtime, policy_id: str) -> dict[int, Decimal]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.PolicyChange).where(m.PolicyChange.policy_id == policy_id)
            change = (await session.execute(stmt)).scalar_one()
    return {int(line["n"]): Decimal(line["agent"]) for line in change.details["refund"]}


async def test_a_cancellation_leaves_the_ledger_of_the_part_never_given_back(
    clients: ClientFactory, seeded: Runtime
) -> None:
    examples: list[Example] = []

    @settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        st.lists(st.integers(1, 2000), min_size=12, max_size=12), st.integers(1, 12),
        st.integers(0, 364), st.sampled_from([Decimal(0), Decimal(20), Decimal(23)]),
    )  # fmt: skip
    def collect(agent: list[int], paid: int, day: int, ritenuta: Decimal) -> None:
        examples.append((agent, paid, day, ritenuta))

    collect()
    for index, (agent, paid, day, ritenuta) in enumerate(examples):
        policy_id = await _policy(seeded, f"P-{index}", _rows(agent, paid), ritenuta)
        cancelled_on = START + timedelta(days=day)
        answer = await call(
            clients, seeded, "admin", "POST", f"/api/polizze/{policy_id}/annullamento",
            {"cancelledOn": cancelled_on.isoformat(), "reason": "altro",
             "refundedOn": "2026-01-01"},
        )  # fmt: skip
        assert answer.status_code == 201, answer.text
        taken = (
            await _taken(seeded, policy_id)
            if answer.json()["policy"]["rate"][-1]["info"].get("kind") == "rimborso"
            else {}
        )
        twin = await _policy(seeded, f"T-{index}", _rows(agent, paid, taken), ritenuta)
        assert await _sums(seeded, policy_id) == await _sums(seeded, twin), (
            agent, paid, cancelled_on, ritenuta,
        )  # fmt: skip
