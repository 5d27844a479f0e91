"""A claim's legal deadlines, by the civil code.

* **The report to the company** (art. 1913 c.c.): within three days from the day the event
  happened or the insured learned of it.
* **The limitation period** (art. 2952 c.c.): the rights under an insurance contract lapse
  two years from the day of the fact they rest on (c. 2); for liability insurance, from the
  day the injured third party asked the insured for damages or sued (c. 3).

Both are counted as art. 2963 c.c. counts terms: the first day is not counted (c. 2); a
term in years ends on the day of the last year matching the first one, or on the last day of
that month where it has none (29 February: c. 4 and 5); a term ending on a public holiday
moves to the next day that is not one (c. 3). Holidays are Sundays and the Republic's
public holidays (L. 260/1949 and its amendments, with 4 October from 2026), read from the
``holidays`` package.
"""

from __future__ import annotations

import calendar
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

REPORT_DAYS = 3
LIMITATION_YEARS = 2


@lru_cache(maxsize=64)
def _public_holidays(year: int) -> frozenset[date]:
    import holidays  # its calendars are a share of every process's start: read on first use

    return frozenset(holidays.country_holidays("IT", years=year))


def is_holiday(day: date) -> bool:
    """A Sunday or one of the Republic's public holidays."""
    return day.weekday() == calendar.SUNDAY or day in _public_holidays(day.year)


def next_working_day(day: date) -> date:
    """``day``, or the first following day that is not a holiday (art. 2963 c. 3)."""
    while is_holiday(day):
        day += timedelta(days=1)
    return day


def in_days(start: date, days: int) -> date:
    """The end of a term of ``days`` days starting on ``start`` (not counted)."""
    return next_working_day(start + timedelta(days=days))


def in_years(start: date, years: int) -> date:
    """The end of a term of ``years`` years from ``start``: the same day of the last year,
    the month's last day where it has none."""
    year = start.year + years
    day = min(start.day, calendar.monthrange(year, start.month)[1])
    return next_working_day(date(year, start.month, day))


def report_deadline(known_on: date) -> date:
    """The last day to report the claim to the company (art. 1913 c.c.)."""
    return in_days(known_on, REPORT_DAYS)


def limitation_date(event_date: date, third_party_claim_on: date | None = None) -> date:
    """The last day before the claim's rights lapse (art. 2952 c.c.): from the third party's
    request when there is one (liability), else from the event."""
    return in_years(third_party_claim_on or event_date, LIMITATION_YEARS)


@dataclass(frozen=True, slots=True)
class ReportState:
    """Where the report to the company stands on a given day."""

    deadline: date
    days_left: int
    """Days from today to the deadline (0: today is the last day; negative: late)."""
    reported_on: date | None

    @property
    def late(self) -> bool:
        """Reported after the deadline, or not reported and the deadline passed."""
        if self.reported_on is not None:
            return self.reported_on > self.deadline
        return self.days_left < 0


def report_state(known_on: date, reported_on: date | None, today: date) -> ReportState:
    deadline = report_deadline(known_on)
    return ReportState(deadline, (deadline - today).days, reported_on)
