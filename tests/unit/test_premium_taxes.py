"""The premium split into net, taxes and gross (docs/rules/taxes.md): worked
examples computed by hand, and net + taxes == gross to the cent both ways."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.taxes.rami import PROVINCES, RAMI, TARIFF_RAMI
from core.domain.taxes.seed import seeded_table
from core.domain.taxes.split import (
    Line,
    TaxError,
    derive_premium,
    share_out,
    split_premium,
    untaxed,
)
from core.domain.taxes.table import TaxTable

TABLE = TaxTable.of(seeded_table())
DAY = date(2026, 11, 27)
CENTS = st.integers(min_value=0, max_value=1_000_000_000)


def euros(cents: int) -> Decimal:
    return Decimal(cents) / 100


def test_motor_liability_pays_the_provincial_tax_and_the_ssn_contribution_on_the_net() -> None:
    premium = split_premium([Line("rca", Decimal("487.33"), "RM")], TABLE, DAY)
    # provincial tax (Roma, 16%): 487.33 × 16 / 100 = 77.9728 → 77.97
    # SSN contribution (10.5%):  487.33 × 10.5 / 100 = 51.169650 → 51.17
    assert [(t.label, t.rate, t.base, t.amount) for t in premium.taxes] == [
        ("Imposta provinciale RC auto (RM)", Decimal(16), Decimal("487.33"), Decimal("77.97")),
        ("Contributo SSN", Decimal("10.5"), Decimal("487.33"), Decimal("51.17")),
    ]
    assert premium.tax_total == Decimal("129.14")  # 77.97 + 51.17
    assert premium.gross == Decimal("616.47")  # 487.33 + 129.14
    assert premium.ramo == "rca"
    assert not premium.derived


def test_a_fire_and_theft_premium_pays_22_25_percent_on_each_line() -> None:
    lines = [Line("incendio", Decimal("250.00")), Line("furto", Decimal("120.40"))]
    premium = split_premium(lines, TABLE, DAY)
    # incendio: 250.00 × 22.25 / 100 = 55.625 → 55.63 (half up)
    # furto:    120.40 × 22.25 / 100 = 26.789 → 26.79
    assert [(t.ramo, t.amount) for t in premium.taxes] == [
        ("incendio", Decimal("55.63")), ("furto", Decimal("26.79")),
    ]  # fmt: skip
    assert premium.net == Decimal("370.40")  # 250.00 + 120.40
    assert premium.tax_total == Decimal("82.42")  # 55.63 + 26.79
    assert premium.gross == Decimal("452.82")  # 370.40 + 82.42
    assert premium.ramo == "incendio"


def test_an_accident_premium_pays_2_5_percent() -> None:
    premium = split_premium([Line("infortuni", Decimal("123.45"))], TABLE, DAY)
    # 123.45 × 2.5 / 100 = 3.08625 → 3.09
    assert premium.taxes[0].amount == Decimal("3.09")
    assert premium.gross == Decimal("126.54")  # 123.45 + 3.09


def test_life_is_exempt() -> None:
    premium = split_premium([Line("vita", Decimal("1000.00"))], TABLE, DAY)
    assert premium.tax_total == 0
    assert premium.gross == Decimal("1000.00")


def test_the_inverse_finds_the_net_of_a_gross() -> None:
    premium = derive_premium(Decimal("632.50"), [Line("rca", Decimal(1), "MI")], TABLE, DAY)
    # 632.50 / (1 + 0.16 + 0.105) = 500.00; 80.00 + 52.50 = 132.50 brings it back to 632.50
    assert premium.net == Decimal("500.00")
    assert [t.amount for t in premium.taxes] == [Decimal("80.00"), Decimal("52.50")]
    assert premium.derived
    accident = derive_premium(Decimal("126.54"), [Line("infortuni", Decimal(1))], TABLE, DAY)
    assert accident.net == Decimal("123.45")  # 126.54 / 1.025 = 123.4537 → 123.45 (+3.09)


def test_an_unknown_ramo_leaves_the_gross_untaxed_and_derived() -> None:
    premium = untaxed(Decimal("480.00"))
    assert premium.net == Decimal("480.00")
    assert premium.taxes == ()
    assert premium.derived
    assert premium.ramo is None
    assert derive_premium(Decimal("480.00"), [], TABLE, DAY).net == Decimal("480.00")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (Line("rca", Decimal(100)), "Indica la provincia del contraente per l'RC auto"),
        (Line("rca", Decimal(100), "XX"), "Provincia sconosciuta: XX"),
        (Line("nautica", Decimal(100)), "Ramo sconosciuto: nautica"),
    ],
)
def test_a_line_that_cannot_be_taxed_is_refused_in_italian(line: Line, message: str) -> None:
    with pytest.raises(TaxError, match=message):
        split_premium([line], TABLE, DAY)


def test_no_rate_in_force_on_the_day_is_refused() -> None:
    with pytest.raises(TaxError, match="Nessuna aliquota d'imposta in vigore per Incendio al"):
        split_premium([Line("incendio", Decimal(100))], TABLE, date(2011, 12, 31))


def test_the_seeded_table_covers_every_ramo_and_province() -> None:
    assert set(TABLE.rami) == set(TARIFF_RAMI)
    assert len(RAMI) == 13
    assert set(TABLE.provinces) == set(PROVINCES)
    assert len(PROVINCES) == 107
    assert TABLE.ssn_rate(DAY) is not None


LINES = st.lists(
    st.tuples(st.sampled_from(list(RAMI)), CENTS, st.sampled_from(list(PROVINCES))).map(
        lambda t: Line(t[0], euros(t[1]), t[2] if t[0] == "rca" else None)
    ),
    min_size=1,
    max_size=5,
)


@given(LINES)
def test_net_plus_taxes_is_the_gross_to_the_cent(lines: list[Line]) -> None:
    premium = split_premium(lines, TABLE, DAY)
    assert premium.net + sum(t.amount for t in premium.taxes) == premium.gross
    for tax in premium.taxes:
        assert tax.amount == tax.amount.quantize(Decimal("0.01"))
        assert tax.amount >= 0


@given(CENTS, LINES)
def test_the_inverse_reaches_the_gross_exactly(gross: int, lines: list[Line]) -> None:
    premium = derive_premium(euros(gross), lines, TABLE, DAY)
    assert premium.net + premium.tax_total == euros(gross)
    assert premium.derived
    for line in premium.lines:
        assert line.net >= 0
        assert line.net == line.net.quantize(Decimal("0.01"))
    for tax in premium.taxes:
        assert tax.amount >= 0
        assert abs(tax.amount - tax.base * tax.rate / 100) <= Decimal("0.03")


@given(LINES)
def test_the_inverse_of_a_split_gives_its_net_back(lines: list[Line]) -> None:
    single = lines[:1]
    premium = split_premium(single, TABLE, DAY)
    assert derive_premium(premium.gross, single, TABLE, DAY).net == premium.net


@given(CENTS, st.lists(st.integers(min_value=0, max_value=10**9), min_size=1, max_size=6))
def test_shares_add_up(total: int, weights: list[int]) -> None:
    parts = share_out(euros(total), [Decimal(w) for w in weights])
    assert sum(parts) == euros(total)
    assert all(p >= 0 for p in parts)


def test_the_company_commission_is_on_the_net_premium() -> None:
    from core.db import models as m
    from core.domain.commissions.rules import Rates
    from core.domain.policies.money import price_policy

    policy = m.Policy(frequency="SEM")
    premium = split_premium([Line("incendio", Decimal("1000.00"))], TABLE, DAY)
    shares, rate = price_policy(
        policy, premium, Decimal(8), Rates(Decimal(10)), None, date(2026, 3, 1)
    )
    # gross 1,000.00 + 222.50 = 1,222.50; the company's 8% is on the net: 80.00 (not 97.80);
    # the agent's 10% of it: 8.00
    assert (policy.premium, policy.net_premium, policy.tax_total) == (
        Decimal("1222.50"), Decimal("1000.00"), Decimal("222.50"),
    )  # fmt: skip
    assert (shares.commission, shares.agent) == (Decimal("80.00"), Decimal("8.00"))
    assert policy.ramo == "incendio"
    assert policy.tax_derived is False
    # SEM: 500.00 + 111.25 = 611.25 twice
    assert [(r.net, r.tax, r.total) for r in rate] == [
        (Decimal("500.00"), Decimal("111.25"), Decimal("611.25"))
    ] * 2
