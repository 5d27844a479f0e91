"""A policy's cover by its instalments (art. 1901 c.c.), at instants computed by hand in UTC
from Europe/Rome's offsets: +1 in winter, +2 in summer, the change on the last Sundays of
March (29 March 2026) and October (25 October 2026)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from core.domain.policies.cover import Cover, Due, cover_at, resumes_from, suspended_from


def utc(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=UTC)


FIRST_PAID = Due(1, date(2025, 12, 31), date(2025, 12, 20))


def test_a_month_end_instalment_suspends_after_its_fifteen_days() -> None:
    # due Saturday 31 January 2026: the fifteenth day after is 15 February, suspended from
    # its 24:00, 00:00 of the 16th in Rome (+1) = 23:00 UTC on the 15th
    rows = [FIRST_PAID, Due(2, date(2026, 1, 31), None)]
    assert cover_at(rows, utc(2026, 1, 30, 12)) == Cover("in_copertura")
    warned = cover_at(rows, utc(2026, 2, 15, 22, 59))
    assert warned == Cover("in_copertura", None, utc(2026, 2, 15, 23), 2)
    assert warned.hours_left(utc(2026, 2, 15, 20)) == 3
    assert cover_at(rows, utc(2026, 2, 15, 23)) == Cover("sospesa", utc(2026, 2, 15, 23), None, 2)


def test_paying_restores_cover_from_24_of_the_day_of_payment() -> None:
    rows = [FIRST_PAID, Due(2, date(2026, 1, 31), date(2026, 2, 20))]
    # paid on the 20th: still suspended that day, covered from 00:00 of the 21st (23:00 UTC)
    assert cover_at(rows, utc(2026, 2, 20, 12)) == Cover(
        "sospesa", utc(2026, 2, 15, 23), utc(2026, 2, 20, 23), 2
    )
    assert cover_at(rows, utc(2026, 2, 20, 23)) == Cover("in_copertura")
    # paid within the fifteen days: never suspended
    early = [FIRST_PAID, Due(2, date(2026, 1, 31), date(2026, 2, 15))]
    assert cover_at(early, utc(2026, 2, 16, 12)) == Cover("in_copertura")


def test_the_suspension_on_the_night_summer_time_ends() -> None:
    # due 9 October 2026: fifteenth day the 24th, 24:00 = 00:00 of Sunday 25 October, still
    # summer time (+2) until 03:00 → 22:00 UTC on the 24th
    assert suspended_from(date(2026, 10, 9), first=False) == utc(2026, 10, 24, 22)
    # and around the start of summer time: due 13 March, 24:00 of the 28th = 00:00 of Sunday
    # 29 March, still winter time (+1) → 23:00 UTC; paid on the 29th, back at 00:00 of the
    # 30th, summer time (+2) → 22:00 UTC on the 29th
    assert suspended_from(date(2026, 3, 13), first=False) == utc(2026, 3, 28, 23)
    assert resumes_from(date(2026, 3, 29)) == utc(2026, 3, 29, 22)


def test_the_first_premium_unpaid_suspends_at_once_until_paid() -> None:
    rows = [Due(1, date(2026, 3, 1), None), Due(2, date(2026, 9, 1), None)]
    # 00:00 of 1 March in Rome (+1) = 23:00 UTC on 28 February
    assert cover_at(rows, utc(2026, 2, 28, 22)) == Cover("in_copertura")
    assert cover_at(rows, utc(2026, 2, 28, 23)).status == "sospesa"
    paid = [Due(1, date(2026, 3, 1), date(2026, 3, 4)), Due(2, date(2026, 9, 1), None)]
    assert cover_at(paid, utc(2026, 3, 4, 10)) == Cover(
        "sospesa", utc(2026, 2, 28, 23), utc(2026, 3, 4, 23), 1
    )
    assert cover_at(paid, utc(2026, 3, 5, 10)) == Cover("in_copertura")


def test_six_months_unpaid_is_shown_as_terminated_by_law() -> None:
    # due 31 January: six months on is 31 July, its 24:00 = 00:00 of 1 August (+2) = 22:00 UTC
    rows = [FIRST_PAID, Due(2, date(2026, 1, 31), None)]
    assert cover_at(rows, utc(2026, 7, 31, 21, 59)).status == "sospesa"
    assert cover_at(rows, utc(2026, 7, 31, 22)).status == "insoluta_sei_mesi"


DAYS = st.dates(min_value=date(2020, 1, 1), max_value=date(2035, 12, 31))


@given(DAYS, st.integers(min_value=0, max_value=60))
def test_an_instalment_paid_within_fifteen_days_never_suspends(due: date, late: int) -> None:
    paid_on = due + timedelta(days=late)
    rows = [FIRST_PAID, Due(2, due, paid_on)]
    for hours in range(0, 24 * 80, 7):
        now = datetime(due.year, due.month, due.day, tzinfo=UTC) + timedelta(hours=hours)
        cover = cover_at(rows, now)
        if late <= 15:
            assert cover.status == "in_copertura"
        else:  # suspended exactly between the two instants
            start, back = suspended_from(due, first=False), resumes_from(paid_on)
            assert (cover.status == "sospesa") == (start <= now < back)


@given(DAYS)
def test_the_suspension_is_a_rome_midnight_sixteen_days_on(due: date) -> None:
    start = suspended_from(due, first=False)
    from core.i18n import ROME

    local = start.astimezone(ROME)
    assert (local.hour, local.minute) == (0, 0)
    assert local.date() == due + timedelta(days=16)
