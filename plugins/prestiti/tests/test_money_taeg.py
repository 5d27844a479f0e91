"""The TAEG (Directive 2008/48/EC, Annex I) against published examples, each checked here by
hand — the present values written out in the test, never by the rule under test — and the
properties every TAEG keeps: the equation balances within half a cent at the stated root, the
rate is that root rounded half up, a lower TAN never gives a higher TAEG."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, localcontext

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.prestiti.money.amortisation import schedule
from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.taeg import Costs, Flow, loan_flows, solve, taeg, taeg_of

D = Decimal


def present_value(flows: list[tuple[int, Decimal]], x: Decimal) -> Decimal:
    """Σ amount · (1 + x)^(−month/12): payments positive, drawdowns negative (by hand)."""
    with localcontext() as ctx:
        ctx.prec = 50
        return sum((amount * (1 + x) ** (D(-month) / 12) for month, amount in flows), start=D(0))


def brackets(flows: list[tuple[int, Decimal]], rate: Decimal) -> bool:
    """Whether ``rate`` (in %, two decimals) is the root rounded half up: the equation is
    still ≥ 0 half a hundredth below it and < 0 half a hundredth above (it falls as x rises)."""
    low, high = (rate - D("0.005")) / 100, (rate + D("0.005")) / 100
    return present_value(flows, low) >= 0 > present_value(flows, high)


def test_directive_98_7_annex_iii_third_example() -> None:
    # Directive 98/7/EC, Annex III, third example (the APR method Directive 2008/48/EC kept):
    # 1.000 lent, repaid 600 after one year and 600 after two. By hand: with v = 1/(1 + i),
    # 600 v² + 600 v − 1000 = 0 → v = (−600 + √2 760 000) / 1200 = 0,884437…,
    # i = 0,1306624 — published "i = 0,1306623 … 13,07 % if an accuracy of two decimal places
    # is preferred".
    v = (-600 + D(2_760_000).sqrt()) / 1200
    assert abs((1 / v - 1) - D("0.1306623")) < D("1e-7")
    flows = [(0, D(-1000)), (12, D(600)), (24, D(600))]
    assert brackets(flows, D("13.07"))
    found = solve([Flow(0, D(1000))], [Flow(12, D(600)), Flow(24, D(600))])
    assert found.rate == D("13.07")
    assert abs(found.root - (1 / v - 1)) < D("1e-11")


def test_directive_98_7_first_example_on_equal_months() -> None:
    # Same Annex, first example: 1.000 lent, 1.200 repaid after 18 months. The Annex counts
    # 546 days (12,96 %); in equal months, as this line does, 18 months are 1,5 years:
    # 1,2^(1/1,5) − 1 = 0,129243… → 12,92 %.
    by_hand = D("1.2") ** (D(1) / D("1.5")) - 1
    assert by_hand.quantize(D("0.0001"), rounding=ROUND_HALF_UP) == D("0.1292")
    assert solve([Flow(0, D(1000))], [Flow(18, D(1200))]).rate == D("12.92")


def test_a_lenders_example_with_zero_tan_and_fees() -> None:
    # BBVA (Spain), 'Préstamo Nómina' example: 3.000 € at 0 % TIN over 6 months of 500 €,
    # opening fee 45 €, postage 0,65 € a month: TAE 5,80 %, total 3.048,90 €; with an
    # account fee of 60 € as well, TAE 13,56 % (same Annex I, Spanish law 16/2011).
    flows = [(0, D(-3000) + 45)] + [(m, D("500.65")) for m in range(1, 7)]
    assert sum(a for _, a in flows) + 3000 == D("3048.90")
    assert brackets(flows, D("5.80"))
    found = taeg(D(3000), D(0), 6, Costs(upfront=D(45), monthly=D("0.65")))
    assert found.rate == D("5.80")
    with_account = [(0, D(-3000) + 105), *flows[1:]]
    assert brackets(with_account, D("13.56"))
    assert taeg(D(3000), D(0), 6, Costs(upfront=D(105), monthly=D("0.65"))).rate == D("13.56")


def test_a_lenders_example_with_an_up_front_cost() -> None:
    # Nordea Bank (Latvia), consumer loan with a payment schedule: 1.500 € at 16 % over
    # 3 years, 45 € for the loan documents: APR 19,78 %, total 1.943,64 € (= 45 + 36 × 52,74;
    # the page's "monthly payment 53,91" agrees with neither and is not used).
    flows = [(0, D(-1500) + 45)] + [(m, D("52.74")) for m in range(1, 37)]
    assert brackets(flows, D("19.78"))
    assert solve(
        [Flow(0, D(1500))], [Flow(0, D(45))] + [Flow(m, D("52.74")) for m in range(1, 37)]
    ).rate == D("19.78")
    # our plan's last instalment absorbs the rounding (52,51 €): the APR stays 19,78 %
    plan = schedule(D(1500), D(16), 36)
    ours = [(0, D(-1500) + 45)] + [(row.number, row.instalment) for row in plan.rows]
    assert brackets(ours, D("19.78"))
    assert taeg_of(plan, Costs(upfront=D(45))).rate == D("19.78")


def test_without_costs_the_taeg_is_the_tan_compounded() -> None:
    # TAN 7 %: (1 + 0,07/12)^12 − 1 = 7,2290… % (by hand; the rounded instalments move it
    # far less than a hundredth)
    compounded = ((1 + D("0.07") / 12) ** 12 - 1) * 100
    assert compounded.quantize(D("0.01")) == D("7.23")
    assert taeg(D(10000), D(7), 60).rate == D("7.23")
    assert taeg(D(10000), D(0), 60).rate == D("0.00")


def test_the_costs_the_law_counts() -> None:
    plan = schedule(D(10000), D("6.5"), 60)
    bare = taeg_of(plan).rate
    optional = taeg_of(plan, Costs(insurance=D(400))).rate
    required = taeg_of(plan, Costs(insurance=D(400), insurance_required=True)).rate
    broker = taeg_of(plan, Costs(broker=D(150))).rate
    assert optional == bare < broker < required
    drawdowns, payments = loan_flows(
        plan,
        Costs(
            upfront=D(300), insurance=D(400), insurance_required=True, monthly=D(2), broker=D(150)
        ),
    )
    assert drawdowns == [Flow(0, D(10000))]
    assert payments[0] == Flow(0, D(700))
    assert payments[1] == Flow(1, plan.rows[0].instalment + 2 + 150)
    assert payments[2] == Flow(2, plan.rows[1].instalment + 2)
    assert len(payments) == 61


amounts = st.decimals(min_value=1000, max_value=100_000, places=2)
tans = st.decimals(min_value=0, max_value=25, places=2)
fees = st.decimals(min_value=0, max_value=200, places=2)  # at most 40 % of the least amount


@st.composite
def costs(draw: st.DrawFn) -> Costs:
    return Costs(
        upfront=draw(fees),
        insurance=draw(fees),
        insurance_required=draw(st.booleans()),
        monthly=draw(st.decimals(min_value=0, max_value=5, places=2)),
        broker=draw(st.decimals(min_value=0, max_value=100, places=2)),
    )


@given(amount=amounts, tan=tans, months=st.integers(6, 120), extra=costs())
def test_the_equation_holds_within_half_a_cent(
    amount: Decimal, tan: Decimal, months: int, extra: Costs
) -> None:
    plan = schedule(amount, tan, months)
    found = taeg_of(plan, extra)
    flows = [(0, -amount + extra.at_start())] + [
        (row.number, row.instalment + extra.monthly + (extra.broker if row.number == 1 else 0))
        for row in plan.rows
    ]
    assert abs(present_value(flows, found.root)) < D("0.005")
    assert abs(found.residual) < D("0.005")
    assert found.rate == found.rate.quantize(D("0.01"))
    assert brackets(flows, found.rate)


@given(
    amount=amounts,
    tans=st.lists(tans, min_size=2, max_size=2),
    months=st.integers(1, 120),
    extra=costs(),
)
def test_a_lower_tan_never_gives_a_higher_taeg(
    amount: Decimal, tans: list[Decimal], months: int, extra: Costs
) -> None:
    low, high = sorted(tans)
    assert taeg(amount, low, months, extra).rate <= taeg(amount, high, months, extra).rate


@given(
    flows=st.lists(st.decimals(min_value=0, max_value=5000, places=2), min_size=1, max_size=60),
    share=st.integers(50, 100),
)
def test_any_repayment_stream_solves(flows: list[Decimal], share: int) -> None:
    """Any payments from one to 60 months, for a loan of half to all of what they add up to
    (so at most 409.500 %: everything back doubled after a month). The loan is rounded half up
    to the cent, so it is never less than half (half even made 0,025 € a loan of 0,02 € and
    0,05 € back, 2.5 times)."""
    payments = [Flow(m, a) for m, a in enumerate(flows, start=1) if a]
    lent = (sum(flows, D(0)) * share / 100).quantize(D("0.01"), rounding=ROUND_HALF_UP)
    if not payments or not lent:
        return
    found = solve([Flow(0, lent)], payments)
    net = [(0, -lent)] + [(p.month, p.amount) for p in payments]
    assert abs(present_value(net, found.root)) < D("0.005")
    assert brackets(net, found.rate)
    assert found.rate >= 0


def test_an_implausible_rate_is_refused() -> None:
    # five times the money back after a month: 5¹² − 1 = 244.140.624 a year
    with pytest.raises(LoanRuleError, match="oltre il milione per cento"):
        solve([Flow(0, D(1000))], [Flow(1, D(5000))])


@pytest.mark.parametrize(
    ("drawdowns", "payments", "message"),
    [
        ([], [Flow(1, D(100))], "almeno un'erogazione e un pagamento"),
        ([Flow(0, D(100))], [], "almeno un'erogazione e un pagamento"),
        ([Flow(0, D(100))], [Flow(0, D(150))], "un solo cambio di segno"),
        ([Flow(0, D(100))], [Flow(1, D(0))], "un solo cambio di segno"),
        ([Flow(0, D(100))], [Flow(1, D(60)), Flow(2, D("39.99"))], "nemmeno le somme erogate"),
        ([Flow(0, D(100)), Flow(2, D(100))], [Flow(1, D(60)), Flow(3, D(160))], "un solo cambio"),
        ([Flow(0, D(100))], [Flow(-1, D(110))], "mese non valido"),
        ([Flow(0, D(100))], [Flow(481, D(110))], "mese 481 oltre il massimo"),
        ([Flow(0, D(100))], [Flow(True, D(110))], "mese non valido"),
        ([Flow(0, D(100))], [Flow(1, D(-110))], "dev'essere maggiore di zero"),
        ([Flow(0, D("1e12"))], [Flow(1, D(110))], "oltre il massimo"),
        ([Flow(0, D(100))], [Flow(1, D("110.001"))], "al massimo due decimali"),
    ],
)
def test_flows_without_a_single_rate_are_refused(
    drawdowns: list[Flow], payments: list[Flow], message: str
) -> None:
    with pytest.raises(LoanRuleError, match=message):
        solve(drawdowns, payments)


def test_negative_costs_are_refused() -> None:
    with pytest.raises(LoanRuleError, match="Spese mensili dev'essere maggiore di zero"):
        taeg(D(1000), D(5), 12, Costs(monthly=D("-1")))
