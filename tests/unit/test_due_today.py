"""What a customer owes now counts an instalment due today as due (its cassa date is today),
next to the overdue ones: worked by hand, on the server's rule."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import Decimal

from core.domain.policies.links import Row, totals

TODAY = date(2026, 3, 29)  # a Sunday, the day summer time starts in Rome
D = Decimal


def _row(total: str, days: int, *, paid: bool = False, suspended: bool = False) -> Row:
    return Row(D(total), TODAY + timedelta(days=days), paid, suspended)


def test_an_instalment_due_today_is_due_with_the_overdue_one() -> None:
    rows = [_row("100.00", -31), _row("50.00", 0), _row("70.00", 31)]
    # overdue 100,00 + due today 50,00 = 150,00; the one in a month is not due yet
    assert totals(rows, D("220.00"), False, TODAY).due == D("150.00")


def test_two_due_today_add_up_and_a_paid_one_does_not() -> None:
    rows = [_row("100.00", -31, paid=True), _row("40.00", 0), _row("0.01", 0), _row("9", 1)]
    found = totals(rows, D("149.01"), False, TODAY)
    assert (found.paid, found.unpaid, found.due) == (D("100.00"), D("49.01"), D("40.01"))


def test_due_tomorrow_is_not_yet_due_but_is_the_next() -> None:
    rows = [_row("100.00", -31), _row("50.00", 1)]
    assert totals(rows, D("150.00"), False, TODAY).due == D("100.00")


def test_a_suspended_instalment_due_today_is_not_asked_for() -> None:
    rows = [_row("100.00", -31), _row("50.00", 0, suspended=True), _row("70.00", 31)]
    assert totals(rows, D("220.00"), False, TODAY).due == D("100.00")
