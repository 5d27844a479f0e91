"""Instalment schedules (SPEC §9): exact to the cent for every frequency, dates held to month
ends, leap years, and the remainder rule."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.commissions.rules import Split
from core.domain.policies.schedule import (
    FREQUENCIES,
    add_months,
    instalment_amounts,
    schedule,
    split_cents,
)
from core.money import amount

CENTS = st.integers(min_value=0, max_value=1_000_000_000)
FREQUENCY = st.sampled_from(sorted(FREQUENCIES))
DAYS = st.dates(min_value=date(1900, 1, 1), max_value=date(2098, 12, 31))


def euros(cents: int) -> Decimal:
    return Decimal(cents) / 100


def agent_only(agent: Decimal) -> Split:
    """A split where the agent's part is all there is to spread."""
    zero = Decimal(0)
    return Split(agent, agent, zero, zero, zero)


@given(CENTS, CENTS, CENTS, CENTS, FREQUENCY, DAYS)
def test_instalments_sum_exactly_to_the_premium_and_every_share(
    premium: int, agent: int, parent: int, referrer: int, frequency: str, start: date
) -> None:
    commission = euros(agent + parent + referrer + 7)
    shares = Split(commission, euros(agent), euros(parent), euros(referrer), euros(7))
    rate = schedule(euros(premium), shares, frequency, start)
    assert len(rate) == FREQUENCIES[frequency]
    if rate:
        assert sum(r.total for r in rate) == euros(premium)
        assert sum(r.agent for r in rate) == euros(agent)
        assert sum(r.parent for r in rate) == euros(parent)
        assert sum(r.referrer for r in rate) == euros(referrer)
        assert sum(r.commission for r in rate) == commission
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
    rate = schedule(Decimal(100), agent_only(Decimal(10)), frequency, start)
    dates = [r.cassa for r in rate]
    assert dates == sorted(dates)
    if dates:
        assert dates[0] == start
        assert (dates[-1] - start).days < 366


def test_odd_amounts_in_monthly_instalments() -> None:
    rate = schedule(Decimal("1000.07"), agent_only(Decimal("80.05")), "MEN", date(2026, 1, 31))
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
    rate = schedule(Decimal(120), agent_only(Decimal(12)), "MEN", date(2027, 10, 31))
    assert [r.cassa for r in rate[:6]] == [
        date(2027, 10, 31), date(2027, 11, 30), date(2027, 12, 31),
        date(2028, 1, 31), date(2028, 2, 29), date(2028, 3, 31),
    ]  # fmt: skip


def test_unico_has_no_instalments() -> None:
    assert schedule(Decimal("999.99"), agent_only(Decimal(1)), "UNICO", date(2026, 5, 1)) == []


@pytest.mark.parametrize("value", [True, "abc", float("nan"), float("inf"), -1, None, [1]])
def test_amounts_refuse_what_is_not_money(value: object) -> None:
    assert amount(value) is None


def test_amounts_read_floats_through_their_text() -> None:
    assert amount(0.1) == Decimal("0.1")
    assert amount(480.35) == Decimal("480.35")


@given(CENTS, CENTS, FREQUENCY, DAYS)
def test_nets_and_taxes_sum_to_the_split_and_make_each_total(
    net: int, tax: int, frequency: str, start: date
) -> None:
    premium = euros(net + tax)
    rate = schedule(premium, agent_only(Decimal(1)), frequency, start, euros(net))
    if rate:
        assert sum(r.net for r in rate) == euros(net)
        assert sum(r.tax for r in rate) == euros(tax)
        assert sum(r.total for r in rate) == premium
        assert all(r.total == r.net + r.tax and r.net >= 0 and r.tax >= 0 for r in rate)


def test_a_taxed_premium_splits_net_and_taxes_by_the_same_rule() -> None:
    # 1,265.09 = 1,000.07 net + 265.02 taxes, in 12: nets 83.44 + 11 × 83.33 (100,007 cents =
    # 12 × 8,333 + 11, the 11 on the first), taxes 22.14 + 11 × 22.08 (26,502 = 12 × 2,208 +
    # 6); totals 83.44 + 22.14 = 105.58, then 83.33 + 22.08 = 105.41
    rate = schedule(
        Decimal("1265.09"), agent_only(Decimal(1)), "MEN", date(2026, 1, 31), Decimal("1000.07")
    )
    assert (rate[0].net, rate[0].tax, rate[0].total) == (
        Decimal("83.44"), Decimal("22.14"), Decimal("105.58"),
    )  # fmt: skip
    assert {(r.net, r.tax, r.total) for r in rate[1:]} == {
        (Decimal("83.33"), Decimal("22.08"), Decimal("105.41"))
    }


@given(CENTS, FREQUENCY, DAYS)
def test_the_customer_page_shows_the_instalments_the_policy_will_have(
    premium: int, frequency: str, start: date
) -> None:
    """What the customer's link shows for an offer is what issuing will schedule, to the cent."""
    shown = instalment_amounts(euros(premium), frequency)
    issued = schedule(euros(premium), agent_only(Decimal(0)), frequency, start)
    assert shown == [r.total for r in issued]
    if shown:
        assert sum(shown) == euros(premium)


def test_a_worked_example_of_the_customer_instalments() -> None:
    # 1000.07 € monthly: 100,007 cents / 12 = 8,333 r 11, so 83.44 first and 83.33 after
    # (83.44 + 11 × 83.33 = 83.44 + 916.63 = 1000.07)
    assert (
        instalment_amounts(Decimal("1000.07"), "MEN")
        == [Decimal("83.44")] + [Decimal("83.33")] * 11
    )
    # 950 € four-monthly: 95,000 cents / 3 = 31,666 r 2 → 316.68, 316.66, 316.66
    assert instalment_amounts(Decimal(950), "QUAD") == [
        Decimal("316.68"), Decimal("316.66"), Decimal("316.66"),
    ]  # fmt: skip
    assert instalment_amounts(Decimal(950), "UNICO") == []


@given(CENTS, CENTS, FREQUENCY, DAYS)
def test_the_customer_page_splits_a_taxed_premium_as_issuing_will(
    net: int, tax: int, frequency: str, start: date
) -> None:
    """With the offer's net premium, the customer's instalments are the policy's, to the cent."""
    premium = euros(net + tax)
    shown = instalment_amounts(premium, frequency, euros(net))
    issued = schedule(premium, agent_only(Decimal(0)), frequency, start, euros(net))
    assert shown == [r.total for r in issued]


def test_a_taxed_premium_shows_the_instalments_of_its_split() -> None:
    # as the worked case above: 1,265.09 = 1,000.07 net + 265.02 taxes, monthly → 105.58 first
    # (83.44 + 22.14), then 105.41 (83.33 + 22.08); the gross alone would give 105.47 + 11 × 105.42
    assert instalment_amounts(Decimal("1265.09"), "MEN", Decimal("1000.07")) == [
        Decimal("105.58"), *[Decimal("105.41")] * 11,
    ]  # fmt: skip
