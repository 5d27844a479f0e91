"""Instalment schedules (SPEC §9): exact to the cent for every frequency, dates held to month
ends, leap years, and the remainder rule."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.policies.money import agent_rate, shares
from core.domain.policies.schedule import FREQUENCIES, add_months, schedule, split_cents
from core.money import amount

CENTS = st.integers(min_value=0, max_value=1_000_000_000)
FREQUENCY = st.sampled_from(sorted(FREQUENCIES))
DAYS = st.dates(min_value=date(1900, 1, 1), max_value=date(2098, 12, 31))


def euros(cents: int) -> Decimal:
    return Decimal(cents) / 100


@given(CENTS, CENTS, FREQUENCY, DAYS)
def test_instalments_sum_exactly_to_the_premium_and_the_agents_part(
    premium: int, agent: int, frequency: str, start: date
) -> None:
    rate = schedule(euros(premium), euros(agent), frequency, start)
    assert len(rate) == FREQUENCIES[frequency]
    if rate:
        assert sum(r.total for r in rate) == euros(premium)
        assert sum(r.agent for r in rate) == euros(agent)
        assert all(r.total == r.total.quantize(Decimal("0.01")) for r in rate)
        assert [r.number for r in rate] == list(range(1, len(rate) + 1))


@given(CENTS, st.integers(min_value=1, max_value=12))
def test_the_first_instalment_carries_the_left_over_cents(total: int, parts: int) -> None:
    shares_ = split_cents(total, parts)
    assert sum(shares_) == total
    assert len(set(shares_[1:])) <= 1
    assert 0 <= shares_[0] - shares_[-1] < parts


@given(FREQUENCY, DAYS)
def test_instalments_fall_due_across_the_year_in_order(frequency: str, start: date) -> None:
    rate = schedule(Decimal(100), Decimal(10), frequency, start)
    dates = [r.cassa for r in rate]
    assert dates == sorted(dates)
    if dates:
        assert dates[0] == start
        assert (dates[-1] - start).days < 366


def test_odd_amounts_in_monthly_instalments() -> None:
    rate = schedule(Decimal("1000.07"), Decimal("80.05"), "MEN", date(2026, 1, 31))
    # 100007 cents / 12 = 8333 rest 11: the first instalment takes the 11 cents
    assert [r.total for r in rate[:2]] == [Decimal("83.44"), Decimal("83.33")]
    assert (rate[0].agent, rate[1].agent) == (Decimal("6.68"), Decimal("6.67"))
    assert sum(r.total for r in rate) == Decimal("1000.07")


@pytest.mark.parametrize(
    ("start", "months", "expected"),
    [
        (date(2026, 1, 31), 1, date(2026, 2, 28)),
        (date(2028, 1, 31), 1, date(2028, 2, 29)),  # leap year
        (date(2028, 1, 31), 2, date(2028, 3, 31)),  # counted from the start, not chained
        (date(2026, 8, 31), 6, date(2027, 2, 28)),
        (date(2027, 12, 15), 4, date(2028, 4, 15)),
        (date(2024, 2, 29), 12, date(2025, 2, 28)),
    ],
)
def test_months_are_added_to_the_months_last_day(start: date, months: int, expected: date) -> None:
    assert add_months(start, months) == expected


def test_monthly_dates_across_month_ends_and_a_leap_february() -> None:
    rate = schedule(Decimal(120), Decimal(12), "MEN", date(2027, 10, 31))
    assert [r.cassa for r in rate[:6]] == [
        date(2027, 10, 31), date(2027, 11, 30), date(2027, 12, 31),
        date(2028, 1, 31), date(2028, 2, 29), date(2028, 3, 31),
    ]  # fmt: skip


def test_unico_has_no_instalments() -> None:
    assert schedule(Decimal("999.99"), Decimal(1), "UNICO", date(2026, 5, 1)) == []


@given(CENTS, st.integers(0, 100), st.integers(0, 100))
def test_the_commission_splits_exactly_between_agent_and_platform(
    premium: int, company: int, agent: int
) -> None:
    split = shares(euros(premium), Decimal(company), Decimal(agent))
    assert split.agent + split.platform == split.commission
    assert split.agent <= split.commission or split.commission == 0


def test_half_cents_round_up() -> None:
    # 100.10 × 7.5% = 7.5075 → 7.51; 7.51 × 50% = 3.755 → 3.76
    split = shares(Decimal("100.10"), Decimal("7.5"), Decimal(50))
    assert (split.commission, split.agent, split.platform) == (
        Decimal("7.51"), Decimal("3.76"), Decimal("3.75"),
    )  # fmt: skip


def test_the_agent_rate_is_the_products_emission_rate_else_the_default() -> None:
    provv = {"default": 10, "p1": {"provvEmissione": 12.5}, "p2": {"provvConsulenza": 3}}
    assert agent_rate(provv, "p1") == Decimal("12.5")
    assert agent_rate(provv, "p2") == Decimal(10)
    assert agent_rate({}, "p1") == Decimal(0)


@pytest.mark.parametrize("value", [True, "abc", float("nan"), float("inf"), -1, None, [1]])
def test_amounts_refuse_what_is_not_money(value: object) -> None:
    assert amount(value) is None


def test_amounts_read_floats_through_their_text() -> None:
    assert amount(0.1) == Decimal("0.1")
    assert amount(480.35) == Decimal("480.35")
