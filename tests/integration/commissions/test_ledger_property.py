"""A ledger's closing balance is its opening plus its movements, for any movements and any
range, and one range's closing is the next range's opening (hypothesis, on the database)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from decimal import Decimal

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.context import tenant_scope
from core.db import models as m
from core.domain.commissions.balance import statement
from core.runtime import Runtime

TENANT = "assicurapp"
START = date(2026, 1, 1)
# (day from START, cents, hour in UTC: before 22:00, so the day is the same in Rome)
MOVEMENTS = st.lists(
    st.tuples(st.integers(0, 89), st.integers(-1_000_000, 1_000_000), st.integers(0, 21)),
    max_size=25,
)
Example = tuple[list[tuple[int, int, int]], int]


async def test_closing_is_opening_plus_movements_across_any_split(seeded: Runtime) -> None:
    examples: list[Example] = []

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(MOVEMENTS, st.integers(0, 88))
    def collect(movements: list[tuple[int, int, int]], split: int) -> None:
        examples.append((movements, split))

    collect()
    for number, (movements, split) in enumerate(examples):
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                user = m.User(email=f"ledger{number}@prova.it", name="Prova",
                              role={"segnalatore": True})  # fmt: skip
                session.add(user)
                await session.flush()
                for offset, cents, hour in movements:
                    at = datetime.combine(START + timedelta(days=offset), time(hour), tzinfo=UTC)
                    session.add(m.BalanceEntry(user_id=user.id, at=at, kind="rettifica",
                                               amount=Decimal(cents) / 100))  # fmt: skip
                await session.flush()
                middle = START + timedelta(days=split)
                whole = await statement(session, user.id, START, START + timedelta(days=89))
                first = await statement(session, user.id, START, middle)
                second = await statement(
                    session, user.id, middle + timedelta(days=1), START + timedelta(days=89)
                )
                await session.rollback()
        for part in (whole, first, second):
            assert part.closing == part.opening + sum((e.amount for e in part.entries), Decimal(0))
        assert whole.opening == first.opening == 0
        assert first.closing == second.opening
        assert second.closing == whole.closing == sum(Decimal(c) / 100 for _, c, _ in movements)
        assert len(first.entries) + len(second.entries) == len(whole.entries)
