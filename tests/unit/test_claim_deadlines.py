"""A claim's deadlines by the civil code (arts. 1913, 2952, 2963 c.c.): worked examples read
off a calendar, then properties."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.claims.deadlines import (
    is_holiday,
    limitation_date,
    report_deadline,
    report_state,
)

# (the day the insured learned of the event, the last day to report it): three days, the first
# not counted, moved past Sundays and public holidays
REPORTS = [
    (date(2026, 11, 27), date(2026, 11, 30)),  # Fri → Mon 30
    (date(2026, 11, 25), date(2026, 11, 28)),  # Wed → Sat 28: a Saturday is a working day
    (date(2026, 12, 3), date(2026, 12, 7)),  # Thu → Sun 6 → Mon 7
    (date(2026, 12, 5), date(2026, 12, 9)),  # Sat → Tue 8 (Immacolata) → Wed 9
    (date(2026, 12, 22), date(2026, 12, 28)),  # Tue → Fri 25, Sat 26, Sun 27 → Mon 28
    (date(2026, 4, 2), date(2026, 4, 7)),  # Thu → Easter Sunday 5, Monday 6 → Tue 7
    (date(2027, 10, 1), date(2027, 10, 5)),  # Fri → Mon 4 (San Francesco, from 2026) → Tue 5
    (date(2026, 12, 31), date(2027, 1, 4)),  # Thu → Sun 3 Jan → Mon 4, across the year
]


@pytest.mark.parametrize(("known_on", "deadline"), REPORTS)
def test_the_report_is_due_three_days_on_past_holidays(known_on: date, deadline: date) -> None:
    assert report_deadline(known_on) == deadline


# (the event or the third party's request, the last day of the two-year limitation period)
LIMITATIONS = [
    (date(2026, 3, 15), None, date(2028, 3, 15)),  # a Wednesday
    (date(2024, 2, 29), None, date(2026, 2, 28)),  # no 29 February: the month's last day
    (date(2025, 12, 25), None, date(2027, 12, 27)),  # Sat 25, Sun 26 (S. Stefano) → Mon 27
    (date(2025, 3, 28), None, date(2027, 3, 30)),  # Easter Sunday 28, Monday 29 → Tue 30
]


@pytest.mark.parametrize(("event", "request_on", "last_day"), LIMITATIONS)
def test_rights_lapse_two_years_after_the_event(
    event: date, request_on: date | None, last_day: date
) -> None:
    assert limitation_date(event, request_on) == last_day


def test_liability_runs_from_the_third_partys_request() -> None:
    # art. 2952 c. 3: the event on 10 January 2025, the injured party's letter on 3 June
    assert limitation_date(date(2025, 1, 10), date(2025, 6, 3)) == date(2027, 6, 3)


def test_the_report_state_counts_days_left_and_lateness() -> None:
    known = date(2026, 11, 27)  # due Monday 30
    assert report_state(known, None, date(2026, 11, 27)).days_left == 3
    assert report_state(known, None, date(2026, 11, 30)).days_left == 0
    assert not report_state(known, None, date(2026, 11, 30)).late
    assert report_state(known, None, date(2026, 12, 1)).late
    assert not report_state(known, date(2026, 11, 30), date(2026, 12, 10)).late
    assert report_state(known, date(2026, 12, 1), date(2026, 12, 10)).late


def test_holidays_are_sundays_and_the_republics() -> None:
    assert is_holiday(date(2026, 6, 2))  # Festa della Repubblica, a Tuesday
    assert is_holiday(date(2026, 11, 29))  # a Sunday
    assert not is_holiday(date(2026, 11, 28))  # a Saturday
    assert not is_holiday(date(2025, 10, 4))  # San Francesco is a holiday from 2026 only


DAYS = st.dates(min_value=date(2000, 1, 1), max_value=date(2090, 12, 31))


@given(DAYS)
def test_the_report_deadline_is_a_working_day_at_least_three_days_on(known_on: date) -> None:
    deadline = report_deadline(known_on)
    assert deadline >= known_on + timedelta(days=3)
    assert not is_holiday(deadline)
    # only holidays lie between the third day and the deadline
    day = known_on + timedelta(days=3)
    while day < deadline:
        assert is_holiday(day)
        day += timedelta(days=1)


@given(DAYS)
def test_the_limitation_ends_two_years_on_never_before(event: date) -> None:
    last = limitation_date(event)
    assert last.year == event.year + 2 or (last.year == event.year + 3 and last.month == 1)
    assert not is_holiday(last)
    assert last >= event + timedelta(days=365 * 2)
