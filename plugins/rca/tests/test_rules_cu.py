"""The CU class (plugins/rca/rules/cu.py): entry in class 14, one class down a year without
claims of main responsibility, 2/5/8/11 up for 1/2/3/4+ of them, within 1..18
(Provvedimento IVASS 72/2018 under Reg. IVASS 9/2015 art. 3); paritaria shares cumulated
over five periods count as one claim at 51%. Every expected class below is worked by hand."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.rca.rules.cu import AtrYear, cu_class, evolve
from plugins.rca.rules.errors import RcaRuleError


def clean(*years: int) -> list[AtrYear]:
    return [AtrYear(year) for year in years]


def test_five_clean_years_from_entry() -> None:
    result = cu_class(clean(2020, 2021, 2022, 2023, 2024))
    assert result.cu_class == 9  # 14 → 13 → 12 → 11 → 10 → 9
    assert result.steps == [
        "Ingresso: classe 14 (veicolo assicurato per la prima volta)",
        "2020: nessun sinistro con responsabilità principale → classe 13",
        "2021: nessun sinistro con responsabilità principale → classe 12",
        "2022: nessun sinistro con responsabilità principale → classe 11",
        "2023: nessun sinistro con responsabilità principale → classe 10",
        "2024: nessun sinistro con responsabilità principale → classe 9",
    ]


def test_one_claim_in_the_last_year() -> None:
    history = [*clean(2021, 2022, 2023), AtrYear(2024, main_claims=1)]
    result = cu_class(history)
    assert result.cu_class == 13  # 14 → 13 → 12 → 11, then 11 + 2
    assert result.steps[-1] == "2024: 1 sinistro con responsabilità principale → classe 13"


def test_four_claims_cap_at_eighteen() -> None:
    assert cu_class([AtrYear(2024, main_claims=4)]).cu_class == 18  # 14 + 11 = 25 → 18
    assert cu_class([AtrYear(2024, main_claims=7)]).cu_class == 18
    result = cu_class([AtrYear(2024, main_claims=4)], start=1)
    assert result.cu_class == 12  # 1 + 11
    assert result.steps == [
        "Ingresso: classe 1",
        "2024: 4 sinistri con responsabilità principale → classe 12",
    ]


def test_the_floor_is_class_one() -> None:
    result = cu_class(clean(2022, 2023, 2024), start=2)
    assert result.cu_class == 1  # 2 → 1 → 1 → 1
    assert [step[-8:] for step in result.steps[1:]] == ["classe 1"] * 3


def test_the_table_rows_for_classes_one_eight_and_sixteen() -> None:
    # claims:                        0  1  2   3   4+
    assert [evolve(1, n) for n in range(5)] == [1, 3, 6, 9, 12]
    assert [evolve(8, n) for n in range(5)] == [7, 10, 13, 16, 18]
    assert [evolve(16, n) for n in range(5)] == [15, 18, 18, 18, 18]


def test_two_and_three_claims() -> None:
    history = [AtrYear(2023, main_claims=2), AtrYear(2024, main_claims=3)]
    assert cu_class(history, start=3).cu_class == 16  # 3 + 5 = 8, 8 + 8 = 16


def test_a_paritaria_share_alone_moves_nothing_up() -> None:
    result = cu_class([AtrYear(2024, paritaria=(50,))])
    assert result.cu_class == 13  # no main claim: one down
    assert result.steps[-1] == (
        "2024: nessun sinistro con responsabilità principale "
        "(quota paritaria del 50% annotata (cumulo 50%)) → classe 13"
    )


def test_paritaria_shares_reaching_51_count_as_one_claim() -> None:
    history = [AtrYear(2020, paritaria=(50,)), AtrYear(2021), AtrYear(2022, paritaria=(50,))]
    result = cu_class(history)
    assert result.cu_class == 14  # 14 → 13 → 12, then 50 + 50 = 100%: one claim, 12 + 2
    assert "sommano 100%: contano come 1 sinistro" in result.steps[-1]
    assert result.steps[-1].startswith("2022: 1 sinistro con responsabilità principale")


def test_three_thirds_make_a_claim_at_the_second() -> None:
    result = cu_class([AtrYear(2024, paritaria=(33, 33, 33))])
    assert result.cu_class == 16  # 33 + 33 = 66%: one claim, 14 + 2; the third 33 waits


def test_a_paritaria_share_with_a_main_claim_adds_to_it() -> None:
    history = [AtrYear(2023, paritaria=(50,)), AtrYear(2024, main_claims=1, paritaria=(50,))]
    assert cu_class(history).cu_class == 18  # 14 → 13, then 1 + 1 claims: 13 + 5


def test_paritaria_shares_expire_after_five_periods() -> None:
    history = [AtrYear(2016, paritaria=(50,)), *clean(2017, 2018, 2019, 2020)]
    history.append(AtrYear(2021, paritaria=(50,)))  # 2016 is six periods back: dropped
    assert cu_class(history).cu_class == 8  # six years down from 14, no malus


def test_paritaria_shares_within_five_periods_cumulate() -> None:
    history = [AtrYear(2017, paritaria=(50,)), *clean(2018, 2019, 2020)]
    history.append(AtrYear(2021, paritaria=(50,)))  # 2017..2021: five periods
    assert cu_class(history).cu_class == 12  # 14 → 13 → 12 → 11 → 10, then 10 + 2


def test_shares_that_made_a_malus_are_spent() -> None:
    history = [AtrYear(2022, paritaria=(50, 50)), AtrYear(2023, paritaria=(50,))]
    assert cu_class(history).cu_class == 15  # 14 + 2 = 16; then 50% alone: 16 - 1


@pytest.mark.parametrize(
    ("history", "start", "message"),
    [
        (clean(2023, 2022), 14, "gli anni devono essere in ordine e senza ripetizioni"),
        (clean(2023, 2023), 14, "gli anni devono essere in ordine e senza ripetizioni"),
        ([AtrYear(2023, main_claims=-1)], 14, "il numero di sinistri del 2023 è negativo"),
        ([AtrYear(2023, paritaria=(60,))], 14, "paritaria del 2023 dev'essere tra 1% e 50%"),
        ([AtrYear(2023, paritaria=(0,))], 14, "paritaria del 2023 dev'essere tra 1% e 50%"),
        ([], 0, "Classe di merito non valida: dev'essere tra 1 e 18"),
        ([], 19, "Classe di merito non valida: dev'essere tra 1 e 18"),
    ],
)
def test_invalid_histories(history: list[AtrYear], start: int, message: str) -> None:
    with pytest.raises(RcaRuleError, match=message):
        cu_class(history, start=start)


def test_no_history_is_the_entry_class() -> None:
    assert cu_class([]).cu_class == 14


years = st.lists(
    st.tuples(
        st.integers(0, 5),
        st.lists(st.integers(1, 50), max_size=3).map(tuple),
    ),
    max_size=12,
)
starts = st.integers(1, 18)
Rows = list[tuple[int, tuple[int, ...]]]


def history_of(rows: Rows) -> list[AtrYear]:
    return [AtrYear(2000 + i, claims, shares) for i, (claims, shares) in enumerate(rows)]


@given(years, starts)
def test_the_class_stays_within_one_and_eighteen(rows: Rows, start: int) -> None:
    result = cu_class(history_of(rows), start=start)
    assert 1 <= result.cu_class <= 18
    assert len(result.steps) == len(rows) + 1


@given(years.filter(bool), starts, st.data())
def test_one_more_claim_never_gives_a_better_class(
    rows: Rows, start: int, data: st.DataObject
) -> None:
    at = data.draw(st.integers(0, len(rows) - 1))
    worse = list(rows)
    worse[at] = (rows[at][0] + 1, rows[at][1])
    assert (
        cu_class(history_of(worse), start=start).cu_class
        >= cu_class(history_of(rows), start=start).cu_class
    )


@given(years, starts)
def test_a_clean_year_never_raises_the_class(rows: Rows, start: int) -> None:
    before = cu_class(history_of(rows), start=start).cu_class
    after = cu_class(history_of([*rows, (0, ())]), start=start).cu_class
    assert after <= before
    assert after == max(1, before - 1)


@given(years, starts, starts)
def test_a_better_start_never_ends_worse(rows: Rows, one: int, other: int) -> None:
    low, high = sorted((one, other))
    history = history_of(rows)
    assert cu_class(history, start=low).cu_class <= cu_class(history, start=high).cu_class
