"""Italian formatting the server needs (dates in messages)."""

from __future__ import annotations

from datetime import date, datetime, time
from zoneinfo import ZoneInfo

ROME = ZoneInfo("Europe/Rome")
_MONTHS = ("gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic")


def today_in_rome() -> date:
    """Today's calendar date in Europe/Rome (the day the office lives in)."""
    return datetime.now(ROME).date()


def rome_day(at: datetime) -> date:
    """The Rome calendar day an instant falls on."""
    return at.astimezone(ROME).date()


def rome_day_start(day: date) -> datetime:
    """The instant ``day`` begins in Rome (a range of Rome days is [start, day after's start))."""
    return datetime.combine(day, time(0), tzinfo=ROME)


def short_datetime(value: datetime) -> str:
    """``D MMM YY HH:mm`` in Europe/Rome, Italian month names (e.g. ``3 nov 26 14:05``)."""
    local = value.astimezone(ROME)
    return f"{local.day} {_MONTHS[local.month - 1]} {local:%y %H:%M}"


def hour_minute(value: datetime) -> str:
    return f"{value.astimezone(ROME):%H:%M}"
