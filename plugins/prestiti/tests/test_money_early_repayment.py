"""Early repayment (TUB art. 125-sexies): the residual after the instalments due by the day,
and every up-front cost refunded pro rata temporis (Lexitor, CJEU C-383/18)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.prestiti.money.amortisation import schedule
from plugins.prestiti.money.early_repayment import (
    add_months,
    due_dates,
    early_repayment,
    pro_rata,
)
from plugins.prestiti.money.errors import LoanRuleError

D = Decimal
PLAN = schedule(D(1000), D(12), 3)  # residuals 669,98, 336,66, 0,00 (test_money_amortisation)


def test_months_keep_the_day_or_end_the_month() -> None:
    assert add_months(date(2024, 1, 31), 1) == date(2024, 2, 29)
    assert add_months(date(2023, 1, 31), 1) == date(2023, 2, 28)
    assert add_months(date(2024, 11, 15), 2) == date(2025, 1, 15)
    assert due_dates(PLAN, date(2024, 1, 31)) == [
        date(2024, 1, 31), date(2024, 2, 29), date(2024, 3, 31)
    ]  # fmt: skip


def test_repaid_after_two_instalments_by_hand() -> None:
    # due 31/1 and 29/2 paid: 336,66 € owed, 1 month of 3 left; istruttoria 90 € → 30,00 €,
    # policy 10 € → 3,333… → 3,33 €; to pay 336,66 − 33,33 = 303,33 €
    found = early_repayment(
        PLAN, date(2024, 1, 31), date(2024, 2, 29), {"Istruttoria": D(90), "Polizza": D(10)}
    )
    assert (found.paid, found.remaining_months, found.residual) == (2, 1, D("336.66"))
    assert found.refunds == {"Istruttoria": D("30.00"), "Polizza": D("3.33")}
    assert (found.refund, found.due) == (D("33.33"), D("303.33"))


def test_repaid_before_the_first_instalment() -> None:
    found = early_repayment(PLAN, date(2024, 1, 31), date(2024, 1, 30), {"Istruttoria": D(90)})
    assert (found.paid, found.residual, found.refund) == (0, D("1000.00"), D("90.00"))


def test_a_day_between_instalments_counts_those_due() -> None:
    found = early_repayment(PLAN, date(2024, 1, 31), date(2024, 2, 1), {})
    assert (found.paid, found.residual, found.refund) == (1, D("669.98"), D("0.00"))


def test_nothing_to_repay_after_the_last_instalment() -> None:
    with pytest.raises(LoanRuleError, match="già estinto al 31/03/2024: l'ultima rata scade"):
        early_repayment(PLAN, date(2024, 1, 31), date(2024, 3, 31), {})


def test_a_negative_cost_is_refused() -> None:
    with pytest.raises(LoanRuleError, match="Istruttoria dev'essere maggiore di zero"):
        early_repayment(PLAN, date(2024, 1, 31), date(2024, 2, 1), {"Istruttoria": D(-1)})


def test_pro_rata_by_hand() -> None:
    assert pro_rata(D(500), 24, 60) == D("200.00")  # 500 · 24 / 60
    assert pro_rata(D(100), 1, 8) == D("12.50")  # 12,5
    assert pro_rata(D(1), 1, 8) == D("0.13")  # 0,125 half up
    assert pro_rata(D(100), 1, 3) == D("33.33")


@given(
    amount=st.decimals(min_value=1000, max_value=50_000, places=2),
    tan=st.decimals(min_value=0, max_value=20, places=2),
    months=st.integers(2, 120),
    cost=st.decimals(min_value=0, max_value=2000, places=2),
    after=st.integers(0, 119),
)
def test_the_refund_shrinks_and_the_residual_is_the_plans(
    amount: Decimal, tan: Decimal, months: int, cost: Decimal, after: int
) -> None:
    plan = schedule(amount, tan, months)
    paid = min(after, months - 1)
    first = date(2024, 1, 31)
    found = early_repayment(
        plan, first, add_months(first, paid - 1) if paid else date(2024, 1, 1), {"c": cost}
    )
    assert found.paid == paid
    assert found.residual == (plan.rows[paid - 1].residual if paid else amount)
    assert abs(found.refund - cost * (months - paid) / months) <= D("0.005")
    assert 0 <= found.refund <= cost
