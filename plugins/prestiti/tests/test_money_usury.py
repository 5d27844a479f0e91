"""Usury thresholds (L. 108/1996 art. 2 c. 4, as amended by d.l. 70/2011) against those the
decrees published, the decree line a practice falls in, and the refusal at the threshold."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.prestiti.money.errors import LoanRuleError
from plugins.prestiti.money.kinds import LoanKind
from plugins.prestiti.money.usury import (
    Category,
    Tegm,
    category_of,
    check_usury,
    is_usurious,
    parse_table,
    quarter,
    tegm_for,
    threshold,
)

D = Decimal


@pytest.mark.parametrize(
    ("tegm", "published"),
    [
        # MEF decree, GU Serie Generale 30 June 2020 (20A03453), Allegato A: rates surveyed
        # January–March 2020, thresholds in force 1 July – 30 September 2020
        ("10.58", "17.2250"),  # aperture di credito in conto corrente, fino a 5.000
        ("8.27", "14.3375"),  # aperture di credito in conto corrente, oltre 5.000
        ("14.95", "22.6875"),  # scoperti senza affidamento, fino a 1.500
        ("14.93", "22.6625"),  # scoperti senza affidamento, oltre 1.500
        ("6.77", "12.4625"),  # anticipi su crediti e documenti, fino a 50.000
        ("4.88", "10.1000"),  # anticipi su crediti e documenti, da 50.000 a 200.000
        # credito personale, first quarter 2016: average 11,33 %, threshold 18,1625 %
        ("11.33", "18.1625"),
    ],
)
def test_thresholds_as_published(tegm: str, published: str) -> None:
    # by hand, e.g. 10,58 × 1,25 = 13,225; + 4 = 17,225 (below 10,58 + 8 = 18,58)
    assert threshold(D(tegm)) == D(published)


def test_the_cap_of_eight_points() -> None:
    # 17 × 1,25 + 4 = 25,25 but at most 17 + 8 = 25; the two meet at 16 % (24 both ways)
    assert threshold(D(17)) == D(25)
    assert threshold(D(16)) == D(24)
    assert threshold(D("15.99")) == D("23.9875")


@given(st.decimals(min_value=0, max_value=60, places=2))
def test_threshold_is_a_quarter_plus_four_within_eight(tegm: Decimal) -> None:
    found = threshold(tegm)
    assert found == min(tegm + tegm / 4 + 4, tegm + 8)
    assert tegm + 4 <= found <= tegm + 8


Q4_2020 = quarter(2020, 4)
# Thresholds in force October–December 2020 as reported with Banca d'Italia's figures
# (simplybiz.eu, 'Tassi usurari, le soglie di Bankitalia per il IV trimestre 2020'); the
# averages below are those thresholds less 4 points, divided by 1,25.
TABLE = (
    Tegm(Category.CREDITO_PERSONALE, D("8.68"), *Q4_2020),  # soglia 14,85
    Tegm(Category.CESSIONE_QUINTO, D("11.23"), *Q4_2020, up_to=D(15000)),  # soglia 18,0375
    Tegm(Category.CESSIONE_QUINTO, D("7.77"), *Q4_2020, above=D(15000)),  # soglia 13,7125
    Tegm(Category.MUTUO_TASSO_FISSO, D("2.03"), *Q4_2020),  # soglia 6,5375
    Tegm(Category.MUTUO_TASSO_VARIABILE, D("2.44"), *Q4_2020),  # soglia 7,05
)


def test_the_published_thresholds_of_the_table() -> None:
    assert [row.threshold for row in TABLE] == [
        D("14.85"), D("18.0375"), D("13.7125"), D("6.5375"), D("7.05")
    ]  # fmt: skip


def test_quarters() -> None:
    assert quarter(2020, 1) == (date(2020, 1, 1), date(2020, 3, 31))
    assert quarter(2020, 2) == (date(2020, 4, 1), date(2020, 6, 30))
    assert quarter(2020, 3) == (date(2020, 7, 1), date(2020, 9, 30))
    assert quarter(2020, 4) == (date(2020, 10, 1), date(2020, 12, 31))
    with pytest.raises(ValueError, match="trimestre 5"):
        quarter(2020, 5)


@pytest.mark.parametrize(
    ("kind", "fixed", "category"),
    [
        (LoanKind.CESSIONE_QUINTO_STIPENDIO, True, Category.CESSIONE_QUINTO),
        (LoanKind.CESSIONE_QUINTO_PENSIONE, True, Category.CESSIONE_QUINTO),
        (LoanKind.DELEGAZIONE_PAGAMENTO, True, Category.CESSIONE_QUINTO),
        (LoanKind.PRESTITO_PERSONALE, True, Category.CREDITO_PERSONALE),
        (LoanKind.MUTUO, True, Category.MUTUO_TASSO_FISSO),
        (LoanKind.MUTUO, False, Category.MUTUO_TASSO_VARIABILE),
        ("prestito_personale", True, Category.CREDITO_PERSONALE),
    ],
)
def test_the_category_of_each_kind(kind: LoanKind, fixed: bool, category: Category) -> None:
    assert category_of(kind, fixed_rate=fixed) == category


def test_an_unknown_kind_has_no_category() -> None:
    with pytest.raises(LoanRuleError, match="Tipo di finanziamento sconosciuto 'leasing': uno di"):
        category_of("leasing")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("amount", "tegm", "band"),
    [
        ("0.01", "11.23", "fino a 15.000 €"),
        ("15000.00", "11.23", "fino a 15.000 €"),
        ("15000.01", "7.77", "oltre 15.000 €"),
        ("75000", "7.77", "oltre 15.000 €"),
    ],
)
def test_the_line_by_amount_band(amount: str, tegm: str, band: str) -> None:
    row = tegm_for(TABLE, Category.CESSIONE_QUINTO, D(amount), date(2020, 11, 15))
    assert (row.tegm, row.band) == (D(tegm), band)


def test_the_line_by_day() -> None:
    for day in (date(2020, 10, 1), date(2020, 12, 31)):
        assert tegm_for(TABLE, Category.CREDITO_PERSONALE, D(5000), day).tegm == D("8.68")
    for day in (date(2020, 9, 30), date(2021, 1, 1)):
        with pytest.raises(LoanRuleError, match=r"Nessun tasso medio \(TEGM\) per Credito pers"):
            tegm_for(TABLE, Category.CREDITO_PERSONALE, D(5000), day)


def test_overlapping_lines_are_refused() -> None:
    doubled = (*TABLE, Tegm(Category.CREDITO_PERSONALE, D("9"), *Q4_2020))
    with pytest.raises(LoanRuleError, match=r"Più di un tasso medio .* al 15/11/2020"):
        tegm_for(doubled, Category.CREDITO_PERSONALE, D(5000), date(2020, 11, 15))


def test_the_refusal_names_both_rates() -> None:
    row = TABLE[0]  # credito personale, soglia 14,85 %
    with pytest.raises(LoanRuleError) as refused:
        check_usury(D("14.85"), row)
    assert refused.value.message == (
        "TAEG 14,85 % pari o superiore alla soglia d'usura 14,85 % (Credito personale, ogni "
        "importo; tasso medio 8,68 % in vigore dal 01/10/2020 al 31/12/2020): pratica non "
        "ammissibile (L. 108/1996)"
    )
    assert refused.value.as_dict()["threshold"] == "14.8500"
    check_usury(D("14.84"), row)


def test_a_four_decimal_threshold_in_the_message() -> None:
    with pytest.raises(LoanRuleError, match=r"TEG 18,04 % pari o superiore alla soglia d'usura "
                       r"18,0375 % \(Prestiti contro cessione del quinto dello stipendio e "
                       r"della pensione, fino a 15.000 €"):  # fmt: skip
        check_usury(D("18.04"), TABLE[1], name="TEG")
    check_usury(D("18.03"), TABLE[1])


@given(
    tegm=st.decimals(min_value=0, max_value=40, places=2),
    offset=st.decimals(min_value=-1, max_value=1, places=4),
)
def test_the_check_flips_exactly_at_the_threshold(tegm: Decimal, offset: Decimal) -> None:
    row = Tegm(Category.ALTRI_FINANZIAMENTI, tegm, *Q4_2020)
    limit = min(tegm * Decimal("1.25") + 4, tegm + 8)  # by hand
    rate = limit + offset
    assert is_usurious(rate, row) == (offset >= 0)
    if offset >= 0:
        with pytest.raises(LoanRuleError, match="soglia d'usura"):
            check_usury(rate, row)
    else:
        check_usury(rate, row)


def test_a_table_from_settings() -> None:
    rows: list[dict[str, object]] = [
        {"category": "Credito personale", "tegm": "8.68", "from": "2020-10-01", "to": "2020-12-31"},
        {"category": Category.CESSIONE_QUINTO.value, "tegm": 7.77, "from": "2020-10-01",
         "to": "2020-12-31", "above": 15000},
        {"category": Category.CESSIONE_QUINTO.value, "tegm": "11.23", "from": "2020-10-01",
         "to": "2020-12-31", "upTo": "15000"},
    ]  # fmt: skip
    assert set(parse_table(rows)) == {TABLE[0], TABLE[1], TABLE[2]}


@pytest.mark.parametrize(
    "row",
    [
        {"category": "Leasing", "tegm": "5", "from": "2020-10-01", "to": "2020-12-31"},
        {"category": "Credito personale", "tegm": "x", "from": "2020-10-01", "to": "2020-12-31"},
        {"category": "Credito personale", "tegm": "5", "from": "1/10/2020", "to": "2020-12-31"},
        {"category": "Credito personale", "tegm": "5", "from": "2020-10-01"},
        {"category": "Credito personale", "tegm": "-1", "from": "2020-10-01", "to": "2020-12-31"},
        {"category": "Credito personale", "tegm": "NaN", "from": "2020-10-01", "to": "2020-12-31"},
        {"category": "Credito personale", "tegm": "5", "from": "2020-12-31", "to": "2020-10-01"},
        {
            "category": "Credito personale",
            "tegm": "5",
            "from": "2020-10-01",
            "to": "2020-12-31",
            "above": 15000,
            "upTo": 15000,
        },
    ],
)
def test_broken_table_rows_are_refused(row: dict[str, str]) -> None:
    with pytest.raises(LoanRuleError, match="Tabella TEGM: riga non valida"):
        parse_table([row])
