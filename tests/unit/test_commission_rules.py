"""Commission rules (SPEC §9, docs/rules/commissions.md): exact to the cent, half up, and the
shares always add up to the commission."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.commissions.rules import (
    Rates,
    commission_on,
    emission_rate,
    payout,
    split,
)
from core.domain.commissions.withholding import base_percent, describe, percent_text

CENTS = st.integers(min_value=0, max_value=1_000_000_000)
RATE = st.decimals(min_value=0, max_value=100, places=2)
OPTIONAL_RATE = st.none() | RATE


def euros(cents: int) -> Decimal:
    return Decimal(cents) / 100


@given(CENTS, RATE, RATE, OPTIONAL_RATE, OPTIONAL_RATE)
def test_the_shares_add_up_to_the_commission_to_the_cent(
    premium: int, company: Decimal, agent: Decimal, parent: Decimal | None,
    referrer: Decimal | None,
) -> None:  # fmt: skip
    commission = commission_on(euros(premium), company)
    shares = split(commission, Rates(agent, parent, referrer))
    assert shares.agent + shares.parent + shares.referrer + shares.platform == commission
    for part in (shares.agent, shares.parent, shares.referrer, shares.platform):
        assert part >= 0
        assert part == part.quantize(Decimal("0.01"))


@given(CENTS, RATE, RATE, RATE)
def test_a_parent_earns_the_difference_over_its_sub_agent(
    commission: int, sub: Decimal, parent: Decimal, referrer: Decimal
) -> None:
    shares = split(euros(commission), Rates(sub, parent, None))
    if parent <= sub:
        assert shares.parent == 0
    # together they take the higher of the two rates (give or take the two roundings)
    together = euros(commission) * max(sub, parent) / 100
    assert abs(shares.agent + shares.parent - together) <= Decimal("0.01")


BASE = st.sampled_from([Decimal(50), Decimal(20), Decimal(0)])


@given(CENTS, st.decimals(min_value=0, max_value=100, places=2), BASE)
def test_net_plus_withholding_is_the_gross_on_every_base(
    gross: int, ritenuta: Decimal, base: Decimal
) -> None:
    money = payout(euros(gross), ritenuta, base)
    expected = (euros(gross) * base / 100 * ritenuta / 100).quantize(
        Decimal("0.01"), "ROUND_HALF_UP"
    )
    assert money.withholding == expected
    assert money.net + money.withholding == money.gross
    assert 0 <= money.withholding <= money.gross
    if base == 0:
        assert money.withholding == 0


@given(st.lists(st.tuples(CENTS, RATE, RATE, OPTIONAL_RATE), max_size=30))
def test_every_agents_commission_plus_the_platform_is_the_total(
    policies: list[tuple[int, Decimal, Decimal, Decimal | None]],
) -> None:
    splits = [
        split(commission_on(euros(premium), Decimal(8)), Rates(agent, parent, referrer))
        for premium, agent, parent, referrer in policies
    ]
    earned = sum((s.agent + s.parent + s.referrer for s in splits), Decimal(0))
    platform = sum((s.platform for s in splits), Decimal(0))
    assert earned + platform == sum((s.commission for s in splits), Decimal(0))


@pytest.mark.parametrize(
    ("premium", "company", "rates", "expected"),
    [
        # the worked examples of docs/rules/commissions.md
        ("1000.00", "8", Rates(Decimal(10)), ("80.00", "8.00", "0", "0", "72.00")),
        ("1000.00", "8", Rates(Decimal(10), Decimal(15)), ("80.00", "8.00", "4.00", "0", "68.00")),
        ("1000.00", "8", Rates(Decimal(15), Decimal(10)), ("80.00", "12.00", "0", "0", "68.00")),
        ("1000.00", "8", Rates(Decimal(10), None, Decimal(2)),
         ("80.00", "8.00", "0", "1.60", "70.40")),
        # 100.10 × 7.5% = 7.5075 → 7.51; 7.51 × 50% = 3.755 → 3.76 (half up)
        ("100.10", "7.5", Rates(Decimal(50)), ("7.51", "3.76", "0", "0", "3.75")),
        # rates over 100 together: the parent gets what is left, the referrer nothing
        ("200.00", "10", Rates(Decimal(100), Decimal(100), Decimal(5)),
         ("20.00", "20.00", "0", "0", "0")),
    ],
)  # fmt: skip
def test_worked_examples(
    premium: str, company: str, rates: Rates, expected: tuple[str, str, str, str, str]
) -> None:
    shares = split(commission_on(Decimal(premium), Decimal(company)), rates)
    got = (shares.commission, shares.agent, shares.parent, shares.referrer, shares.platform)
    assert got == tuple(Decimal(v) for v in expected)


@pytest.mark.parametrize(
    ("gross", "ritenuta", "base", "withholding", "net"),
    [
        # art. 25-bis c. 2 DPR 600/1973: 23 % on 50 % of 1.000,00 → 1000 × 0,50 × 0,23 = 115,00
        ("1000.00", "23", 50, "115.00", "885.00"),
        # on 20 % (employees or third parties declared) → 1000 × 0,20 × 0,23 = 46,00
        ("1000.00", "23", 20, "46.00", "954.00"),
        # flat-rate regime (art. 1 c. 67 L. 190/2014): nothing withheld
        ("1000.00", "23", 0, "0.00", "1000.00"),
        # 80,00 × 0,50 × 0,23 = 9,20
        ("80.00", "23", 50, "9.20", "70.80"),
        # 12,34 × 0,20 × 0,23 = 0,56764 → 0,57 (half up)
        ("12.34", "23", 20, "0.57", "11.77"),
        # 2,50 × 0,20 × 0,23 = 0,115 → 0,12 (half up on the tie)
        ("2.50", "23", 20, "0.12", "2.38"),
        # no rate set: nothing withheld on any base
        ("12.34", "0", 50, "0.00", "12.34"),
    ],
)  # fmt: skip
def test_withholding_examples(
    gross: str, ritenuta: str, base: int, withholding: str, net: str
) -> None:
    money = payout(Decimal(gross), Decimal(ritenuta), Decimal(base))
    assert (money.withholding, money.net) == (Decimal(withholding), Decimal(net))


def test_the_withholding_in_words() -> None:
    assert describe("50", Decimal("23.00")) == (
        "Ritenuta d'acconto 23 % sul 50 % delle provvigioni"
    )
    assert describe("20", Decimal("11.50")) == (
        "Ritenuta d'acconto 11,5 % sul 20 % delle provvigioni"
    )
    assert describe("nessuna", Decimal(23)).startswith("Nessuna ritenuta d'acconto")
    assert (percent_text(Decimal("100.00")), percent_text(Decimal("4.25"))) == ("100 %", "4,25 %")
    assert base_percent("sconosciuta") == Decimal(50)  # the legal default


def test_the_emission_rate_is_the_products_else_the_default() -> None:
    provv = {"default": 10, "p1": {"provvEmissione": 12.5}, "p2": {"provvConsulenza": 3}}
    assert emission_rate(provv, "p1") == Decimal("12.5")
    assert emission_rate(provv, "p2") == Decimal(10)
    assert emission_rate({}, "p1") == Decimal(0)
    assert emission_rate({"default": -5}, None) == Decimal(0)
