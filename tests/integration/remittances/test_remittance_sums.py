"""For any set of collected signed rows (instalments, refunds, endorsements, single
payments), what is remitted plus the commissions retained is the gross collected — summed by
the database and row by row alike, to the cent."""

from __future__ import annotations

import secrets
from datetime import UTC, date, datetime
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.context import tenant_scope
from core.db import models as m
from core.domain.remittances.figures import period_rows, period_totals
from core.runtime import Runtime

TENANT = "assicurapp"
cents = st.integers(min_value=-500_000, max_value=5_000_000).map(lambda c: Decimal(c) / 100)
row = st.tuples(cents, cents, st.booleans(), st.integers(min_value=1, max_value=28))
rows = st.lists(row, min_size=0, max_size=12)


async def test_remit_plus_retained_is_gross(seeded: Runtime) -> None:
    cases: list[list[tuple[Decimal, Decimal, bool, int]]] = []

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    @given(rows)
    def collect(case: list[tuple[Decimal, Decimal, bool, int]]) -> None:
        cases.append(case)

    collect()
    for case in cases:
        company = f"Prop {secrets.token_hex(4)}"
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                for n, (gross, commission, single, day) in enumerate(case):
                    paid_at = datetime(2026, 3, day, 10, tzinfo=UTC)
                    if single:
                        session.add(m.Policy(
                            company=company, number=f"P{n}", frequency="UNICO", premium=gross,
                            commission=commission, paid=True, paid_at=paid_at,
                        ))  # fmt: skip
                        continue
                    policy = m.Policy(company=company, number=f"P{n}", frequency="ANN")
                    kind = {"kind": "rimborso"} if gross < 0 else {}
                    policy.instalments = [m.Instalment(
                        number=1, total=gross, commission=commission, paid=True,
                        paid_at=paid_at, info=kind,
                    )]  # fmt: skip
                    session.add(policy)
            async with seeded.db.session() as session:
                first, last = date(2026, 3, 1), date(2026, 3, 31)
                totals = await period_totals(session, company, first, last)
                listed, truncated = await period_rows(session, company, first, last, 100)
        assert not truncated
        assert totals.rows == len(case) == len(listed)
        assert totals.gross == sum((g for g, _, _, _ in case), Decimal(0))
        assert totals.commission == sum((c for _, c, _, _ in case), Decimal(0))
        assert totals.amount + totals.commission == totals.gross
        assert sum((r.to_remit for r in listed), Decimal(0)) == totals.amount
        assert all(r.to_remit + r.commission == r.gross for r in listed)
