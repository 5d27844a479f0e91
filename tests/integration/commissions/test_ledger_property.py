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


# Europe/Rome is UTC+1, and UTC+2 from the last Sunday of March to the last Sunday of October
# (the clocks change at 01:00 UTC on those Sundays): written out here, not read from a zone
# database, so the expected days do not come from the code that buckets them.
CLOCK_CHANGES = {
    2025: (date(2025, 3, 30), date(2025, 10, 26)),
    2026: (date(2026, 3, 29), date(2026, 10, 25)),
    2027: (date(2027, 3, 28), date(2027, 10, 31)),
}
CHANGE_DAYS = [day for pair in CLOCK_CHANGES.values() for day in pair]
DAYS = sorted({
    *CHANGE_DAYS, *(day + timedelta(days=1) for day in CHANGE_DAYS),
    *(day - timedelta(days=1) for day in CHANGE_DAYS),
    date(2025, 12, 31), date(2026, 1, 1), date(2026, 6, 15), date(2027, 1, 1),
})  # fmt: skip


def _rome_midnight(day: date) -> datetime:
    """The instant ``day`` starts in Rome: its midnight is still on the old time on the days
    the clocks change (they change at 02:00 or 03:00 local)."""
    spring, autumn = CLOCK_CHANGES[day.year]
    hours_ahead = 2 if spring < day <= autumn else 1
    return datetime.combine(day, time(0), tzinfo=UTC) - timedelta(hours=hours_ahead)


@st.composite
def _moment(draw: st.DrawFn) -> tuple[datetime, date]:
    """An instant near a Rome midnight (up to two hours either side) or near a clock change,
    and the Rome day it falls on."""
    day = draw(st.sampled_from(DAYS))
    seconds = draw(st.sampled_from([-7200, -3600, -1, 0, 1, 3599, 3600, 7199])
                   | st.integers(-7200, 7200))  # fmt: skip
    if day in CHANGE_DAYS and draw(st.booleans()):  # 01:00 UTC ± 2 h is still that day in Rome
        return datetime.combine(day, time(1), tzinfo=UTC) + timedelta(seconds=seconds), day
    at = _rome_midnight(day) + timedelta(seconds=seconds)
    return at, day if seconds >= 0 else day - timedelta(days=1)


MIDNIGHT_MOVEMENTS = st.lists(st.tuples(_moment(), st.integers(-100_000, 100_000)), max_size=20)


async def test_each_movement_lands_on_its_rome_day_across_midnight_and_clock_changes(
    seeded: Runtime,
) -> None:
    examples: list[list[tuple[tuple[datetime, date], int]]] = []

    @settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
    @given(MIDNIGHT_MOVEMENTS)
    def collect(movements: list[tuple[tuple[datetime, date], int]]) -> None:
        examples.append(movements)

    collect()
    assert any(at.hour >= 22 for moves in examples for (at, _), _ in moves)  # the late hours
    for number, movements in enumerate(examples):
        expected: dict[date, list[str]] = {}
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                user = m.User(email=f"midnight{number}@prova.it", name="Prova",
                              role={"segnalatore": True})  # fmt: skip
                session.add(user)
                await session.flush()
                for index, ((at, day), cents) in enumerate(movements):
                    session.add(m.BalanceEntry(user_id=user.id, at=at, kind="rettifica",
                                               amount=Decimal(cents) / 100,
                                               description=str(index)))  # fmt: skip
                    expected.setdefault(day, []).append(str(index))
                await session.flush()
                found = {
                    day: sorted(e.description for e in (
                        await statement(session, user.id, day, day)).entries)
                    for day in expected
                }  # fmt: skip
                whole = await statement(session, user.id, date(2025, 1, 1), date(2027, 12, 31))
                await session.rollback()
        assert found == {day: sorted(ids) for day, ids in expected.items()}
        assert len(whole.entries) == len(movements)
        assert whole.closing == sum((Decimal(c) / 100 for _, c in movements), Decimal(0))
