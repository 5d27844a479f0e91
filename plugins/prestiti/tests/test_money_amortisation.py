"""French amortisation to the cent: plans worked out by hand, the properties every plan keeps
(the principal adds up to the amount financed, the residual ends at nothing), and the figures
refused with their reason in Italian."""

from __future__ import annotations

from decimal import Decimal, localcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.prestiti.money.amortisation import Row, instalment, schedule
from plugins.prestiti.money.errors import LoanRuleError

D = Decimal


def test_a_plan_worked_by_hand() -> None:
    # 1.000 € at TAN 12 %: 1 % a month. Rata = 1000 · 0,01 · 1,01³ / (1,01³ − 1)
    # = 10,30301 / 0,030301 = 340,0221… → 340,02
    # month 1: interest 1000 · 1 % = 10,00; principal 330,02; residual 669,98
    # month 2: interest 6,6998 → 6,70; principal 333,32; residual 336,66
    # month 3: interest 3,3666 → 3,37; the last repays the 336,66 left: 340,03
    plan = schedule(D(1000), D(12), 3)
    assert plan.instalment == D("340.02")
    assert plan.rows == (
        Row(1, D("340.02"), D("10.00"), D("330.02"), D("669.98")),
        Row(2, D("340.02"), D("6.70"), D("333.32"), D("336.66")),
        Row(3, D("340.03"), D("3.37"), D("336.66"), D("0.00")),
    )
    assert plan.last_instalment == D("340.03")
    assert plan.total_interest == D("20.07")
    assert plan.total_paid == D("1020.07")


def test_a_zero_tan_divides_the_amount() -> None:
    # 1.000 / 3 = 333,333… → 333,33 twice, the last 333,34
    plan = schedule(D(1000), D(0), 3)
    assert [row.instalment for row in plan.rows] == [D("333.33"), D("333.33"), D("333.34")]
    assert all(row.interest == 0 for row in plan.rows)
    assert instalment(D(1000), D(0), 3) == D("333.33")


def test_a_lenders_example_instalment() -> None:
    # Nordea Bank (Latvia), consumer loan price list: 1.500 € at 16 % over 36 months,
    # total payable 1.943,64 € = 45 € of costs + 36 × 52,74 € (see test_money_taeg).
    # Rata = 1500 · (0,16/12) / (1 − (1 + 0,16/12)^−36) = 52,7355… → 52,74
    assert instalment(D(1500), D(16), 36) == D("52.74")
    plan = schedule(D(1500), D(16), 36)
    # rounding the rata up by 0,45 cent a month repays the loan a little faster: the last
    # instalment absorbs it
    assert plan.last_instalment == D("52.51")
    assert plan.total_paid == 35 * D("52.74") + D("52.51")


def test_half_cents_of_instalment_round_up() -> None:
    # 100,01 € over 2 months at 0 %: 50,005 → 50,01, then 50,00
    assert [r.instalment for r in schedule(D("100.01"), D(0), 2).rows] == [D("50.01"), D("50.00")]


def test_one_month_is_the_amount_and_its_interest() -> None:
    plan = schedule(D("5000"), D("6"), 1)  # 5000 · 0,5 % = 25,00
    assert plan.rows == (Row(1, D("5025.00"), D("25.00"), D("5000.00"), D("0.00")),)


amounts = st.decimals(min_value=1000, max_value=1_000_000, places=2)
consumer_rates = st.decimals(min_value=0, max_value=30, places=2)


@st.composite
def loans(draw: st.DrawFn) -> tuple[Decimal, Decimal, int]:
    """Consumer loans (up to 120 months at up to 30 %) and mortgages (up to 480 months at up
    to 10 %, from 10.000 €): terms where half a cent of rounding a month cannot repay the
    amount before the last instalment (the module's docstring bounds it)."""
    if draw(st.booleans()):
        return draw(amounts), draw(consumer_rates), draw(st.integers(1, 120))
    amount = draw(st.decimals(min_value=10_000, max_value=5_000_000, places=2))
    return amount, draw(st.decimals(min_value=0, max_value=10, places=3)), draw(st.integers(1, 480))


@given(loans())
def test_every_plan_adds_up_to_the_cent(loan: tuple[Decimal, Decimal, int]) -> None:
    amount, tan, months = loan
    plan = schedule(amount, tan, months)
    assert len(plan.rows) == months
    assert sum(row.principal for row in plan.rows) == amount
    assert plan.rows[-1].residual == D("0.00")
    owed = amount
    for row in plan.rows:
        for figure in (row.instalment, row.interest, row.principal, row.residual):
            assert figure == figure.quantize(D("0.01"))
        assert row.instalment == row.interest + row.principal
        assert abs(row.interest - owed * tan / 1200) <= D("0.005")
        assert row.principal > 0
        assert row.residual == owed - row.principal
        owed = row.residual
    assert {row.instalment for row in plan.rows[:-1]} <= {plan.instalment}
    assert plan.total_paid == amount + plan.total_interest


@given(loans())
def test_the_instalment_is_the_french_formula_half_up(loan: tuple[Decimal, Decimal, int]) -> None:
    amount, tan, months = loan
    found = instalment(amount, tan, months)
    with localcontext() as ctx:
        ctx.prec = 80  # a tie (x,xx5) must read as one: 28 digits may land a hair below
        if tan == 0:
            exact = amount / months
        else:
            r = tan / 1200
            exact = amount * r / (1 - (1 + r) ** -months)
        assert -D("0.005") < found - exact <= D("0.005") + D("1e-60")


@pytest.mark.parametrize(
    ("amount", "tan", "months", "message"),
    [
        (D(0), D(5), 12, "Importo finanziato dev'essere maggiore di zero"),
        (D(-100), D(5), 12, "Importo finanziato dev'essere maggiore di zero, non -100,00 €"),
        (D("10000000.01"), D(5), 12, "oltre il massimo di 10.000.000,00 €"),
        (D("1e30"), D(5), 12, "oltre il massimo"),
        (D("100.005"), D(5), 12, "al massimo due decimali"),
        (D("NaN"), D(5), 12, "valore non numerico"),
        (D("Infinity"), D(5), 12, "valore non numerico"),
        (1500.0, D(5), 12, "valore non numerico"),
        ("1500", D(5), 12, "valore non numerico"),
        (True, D(5), 12, "valore non numerico"),
        (D(1000), D("-0.01"), 12, "TAN non può essere negativo"),
        (D(1000), D("50.01"), 12, "oltre il massimo del 50,00 %"),
        (D(1000), D("sNaN"), 12, "valore non numerico"),
        (D(1000), D("7.12345"), 12, "TAN: al massimo quattro decimali"),
        (D(1000), D("1e-1000"), 480, "TAN: al massimo quattro decimali"),
        (D(1000), D(5), 0, "Durata dev'essere di almeno un mese"),
        (D(1000), D(5), -12, "almeno un mese"),
        (D(1000), D(5), 481, "Durata di 481 mesi oltre il massimo di 480 mesi"),
        (D(1000), D(5), 10**9, "oltre il massimo"),
        (D(1000), D(5), 12.0, "un numero intero di mesi"),
        (D(1000), D(5), True, "un numero intero di mesi"),
    ],
)
def test_figures_out_of_bounds_are_refused(
    amount: object, tan: object, months: object, message: str
) -> None:
    with pytest.raises(LoanRuleError, match=message) as refused:
        schedule(amount, tan, months)  # type: ignore[arg-type]
    assert refused.value.status_code == 400
    assert isinstance(refused.value, ValueError)
    with pytest.raises(LoanRuleError):
        instalment(amount, tan, months)  # type: ignore[arg-type]


def test_an_amount_too_small_for_the_duration_is_refused() -> None:
    # 1,00 € over 120 months: 0,0083 → a rata of 0,01 repays it by the 100th month
    with pytest.raises(LoanRuleError, match=r"estinguerebbe il debito alla rata 100, prima"):
        schedule(D(1), D(0), 120)


def test_a_rate_too_high_for_the_duration_is_refused() -> None:
    # 10.000 € at 50 % over 40 years: the rata (416,67 €) rounds to less than a cent above
    # the first month's interest (416,666…→ 416,67), repaying nothing
    with pytest.raises(LoanRuleError, match=r"non copre gli interessi della rata 1"):
        schedule(D(10000), D(50), 480)
