"""Commissions and withholding round half up on exact ties, including the ties where half-even
would round down (the cent before the 5 is even): worked by hand, one rule at a time."""

from __future__ import annotations

from decimal import Decimal

import pytest

from core.domain.commissions.rules import Rates, commission_on, payout, split
from core.money import cents, euro_text

D = Decimal


@pytest.mark.parametrize(
    ("value", "rounded"),
    [("0.125", "0.13"), ("2.525", "2.53"), ("0.065", "0.07"), ("10.005", "10.01"),
     ("-0.125", "-0.13"), ("0.124", "0.12"), ("0.135", "0.14")],
)  # fmt: skip
def test_a_tie_rounds_away_from_zero(value: str, rounded: str) -> None:
    assert cents(D(value)) == D(rounded)


def test_the_company_commission_rounds_a_tie_up() -> None:
    # 1,25 € net × 10 % = 0,125 → 0,13 (half-even would say 0,12)
    assert commission_on(D("1.25"), D(10)) == D("0.13")
    # 100,50 € × 2,5 % = 2,5125 → 2,51 (no tie: down)
    assert commission_on(D("100.50"), D("2.5")) == D("2.51")


def test_each_share_rounds_a_tie_up() -> None:
    # agent: 10,10 × 25 % = 2,525 → 2,53; the platform keeps 10,10 − 2,53 = 7,57
    alone = split(D("10.10"), Rates(D(25)))
    assert (alone.agent, alone.parent, alone.referrer, alone.platform) == (
        D("2.53"), D(0), D(0), D("7.57"),
    )  # fmt: skip
    # parent: 10,10 × (35 − 10) % = 2,525 → 2,53; agent 10,10 × 10 % = 1,01
    tree = split(D("10.10"), Rates(D(10), D(35)))
    assert (tree.agent, tree.parent, tree.platform) == (D("1.01"), D("2.53"), D("6.56"))
    # referrer: 1,30 × 5 % = 0,065 → 0,07; agent 1,30 × 10 % = 0,13
    referred = split(D("1.30"), Rates(D(10), None, D(5)))
    assert (referred.agent, referred.referrer, referred.platform) == (
        D("0.13"), D("0.07"), D("1.10"),
    )  # fmt: skip


def test_the_withholding_rounds_a_tie_up() -> None:
    # 2,50 × 20 % × 25 % = 0,125 → 0,13 withheld, 2,37 paid
    money = payout(D("2.50"), D(25), D(20))
    assert (money.withholding, money.net) == (D("0.13"), D("2.37"))
    # 0,50 × 50 % × 25 % = 0,0625 → 0,06 (no tie: down)
    assert payout(D("0.50"), D(25), D(50)).withholding == D("0.06")


def test_the_euro_text_shows_the_tie_rounded_up() -> None:
    assert euro_text(D("1234.565")).replace("\xa0", " ") == "1.234,57 €"
