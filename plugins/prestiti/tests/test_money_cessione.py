"""Cessione del quinto and delegazione (DPR 180/1950, art. 5): at most a fifth of the net pay,
at most 120 months — exactly at the limit admitted, a cent or a month past it refused."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.prestiti.money.cessione import (
    check_cessione,
    check_duration,
    check_fifth,
    max_instalment,
)
from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.kinds import LoanKind

D = Decimal


def test_a_fifth_by_hand() -> None:
    # 1.750,00 € net: a fifth is exactly 350,00 €
    assert max_instalment(D(1750)) == D("350.00")
    check_fifth(D("350.00"), D(1750))
    with pytest.raises(LoanRuleError) as refused:
        check_fifth(D("350.01"), D(1750))
    assert refused.value.message == (
        "La rata di 350,01 € supera il quinto dello stipendio netto mensile di 1.750,00 €: "
        "al massimo 350,00 €"
    )
    assert refused.value.status_code == 400


def test_a_fifth_between_cents_is_rounded_down() -> None:
    # 1.234,56 / 5 = 246,912: 246,91 € is within the fifth, 246,92 € is not
    assert max_instalment(D("1234.56")) == D("246.91")
    check_fifth(D("246.91"), D("1234.56"))
    with pytest.raises(LoanRuleError, match="al massimo 246,91 €"):
        check_fifth(D("246.92"), D("1234.56"))


def test_the_pension_is_named() -> None:
    with pytest.raises(LoanRuleError, match="il quinto della pensione netta mensile di 900,00 €"):
        check_fifth(D("180.01"), D(900), LoanKind.CESSIONE_QUINTO_PENSIONE)
    with pytest.raises(LoanRuleError, match="quinto dello stipendio netto mensile"):
        check_fifth(D("180.01"), D(900), LoanKind.DELEGAZIONE_PAGAMENTO)


@given(net=st.decimals(min_value="0.05", max_value=100_000, places=2))
def test_the_limit_flips_exactly_at_one_fifth(net: Decimal) -> None:
    highest = max_instalment(net)
    assert highest * 5 <= net < (highest + D("0.01")) * 5  # by hand: the last cent within
    check_fifth(highest, net)
    with pytest.raises(LoanRuleError, match="supera il quinto"):
        check_fifth(highest + D("0.01"), net)


def test_ten_years_at_most() -> None:
    check_duration(120)
    check_duration(1, LoanKind.CESSIONE_QUINTO_PENSIONE)
    with pytest.raises(LoanRuleError) as refused:
        check_duration(121)
    assert refused.value.message == (
        "Cessione del quinto dello stipendio: la durata di 121 mesi supera il massimo di "
        "120 mesi (10 anni, DPR 180/1950)"
    )
    with pytest.raises(LoanRuleError, match="Delegazione di pagamento: la durata di 240 mesi"):
        check_duration(240, LoanKind.DELEGAZIONE_PAGAMENTO)


@pytest.mark.parametrize(
    ("months", "message"),
    [(0, "almeno un mese"), (-1, "almeno un mese"), (10**12, "supera il massimo di 120 mesi"),
     (60.0, "un numero intero di mesi"), (True, "un numero intero di mesi")],
)  # fmt: skip
def test_durations_out_of_bounds(months: object, message: str) -> None:
    with pytest.raises(LoanRuleError, match=message):
        check_duration(months)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("instalment", "net", "message"),
    [
        (D(0), D(1500), "Rata dev'essere maggiore di zero"),
        (D(-10), D(1500), "Rata dev'essere maggiore di zero"),
        (D(100), D(0), "Netto mensile dev'essere maggiore di zero"),
        (D(100), D("-1500"), "Netto mensile dev'essere maggiore di zero"),
        (D(100), D("1e40"), "Netto mensile di 1E\\+40 € oltre il massimo"),
        (D("100.001"), D(1500), "al massimo due decimali"),
        (D(100), 1500.0, "valore non numerico"),
    ],
)
def test_figures_out_of_bounds(instalment: Decimal, net: Decimal, message: str) -> None:
    with pytest.raises(LoanRuleError, match=message):
        check_fifth(instalment, net)


@pytest.mark.parametrize("kind", [LoanKind.PRESTITO_PERSONALE, LoanKind.MUTUO])
def test_other_loans_are_not_repaid_from_pay(kind: LoanKind) -> None:
    with pytest.raises(LoanRuleError, match="non è una cessione né una delegazione"):
        check_cessione(D(100), D(1500), 60, kind)


def test_an_unknown_kind_is_refused() -> None:
    with pytest.raises(LoanRuleError, match="Tipo di finanziamento sconosciuto 'cessione'"):
        check_fifth(D(100), D(1500), "cessione")  # type: ignore[arg-type]


def test_both_limits_together() -> None:
    check_cessione(D(300), D(1500), 120)
    with pytest.raises(LoanRuleError, match="121 mesi"):
        check_cessione(D(300), D(1500), 121)
    with pytest.raises(LoanRuleError, match="supera il quinto"):
        check_cessione(D("300.01"), D(1500), 120)
