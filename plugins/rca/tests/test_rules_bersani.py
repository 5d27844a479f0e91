"""The Bersani / RC familiare class (plugins/rca/rules/bersani.py, art. 134 c. 4-bis CAP as
rewritten by D.L. 124/2019 art. 55-bis): the best class among the household's insured
vehicles, of any kind, for a natural person; on renewal only after five years without claims
of exclusive, main or paritaria responsibility."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from plugins.rca.rules.bersani import HouseholdVehicle, Renewal, bersani_class
from plugins.rca.rules.cu import AtrYear
from plugins.rca.rules.errors import RcaRuleError
from plugins.rca.rules.plates import VehicleKind

CAR, MOTO = VehicleKind.AUTOVETTURA, VehicleKind.MOTOCICLO
FATHER = HouseholdVehicle("AB123CD", CAR, 3)
MOTHER = HouseholdVehicle("EF456GH", CAR, 7)
SCOOTER = HouseholdVehicle("XY12345", MOTO, 1)
COUSIN = HouseholdVehicle("GH789JK", CAR, 1, cohabiting=False)


def test_a_new_car_takes_the_household_car_class() -> None:
    result = bersani_class(CAR, [FATHER])
    assert (result.cu_class, result.source_plate) == (3, "AB123CD")
    assert (
        result.reason
        == "classe 3 di AB123CD (art. 134 c. 4-bis Codice delle Assicurazioni Private)"
    )
    assert result.steps == [
        "Regola: art. 134 c. 4-bis Codice delle Assicurazioni Private "
        "(L. 40/2007; esteso ai veicoli di ogni tipo dal D.L. 124/2019)",
        "AB123CD (autovettura, classe 3): del nucleo familiare, considerata",
        "Classe più favorevole del nucleo: 3 (AB123CD)",
        "Classe assegnata: 3",
    ]


def test_the_best_class_of_the_household_is_taken() -> None:
    result = bersani_class(CAR, [MOTHER, FATHER, HouseholdVehicle("KL111MN", CAR, 16)])
    assert (result.cu_class, result.source_plate) == (3, "AB123CD")


def test_a_class_of_another_kind_counts_since_2020() -> None:
    result = bersani_class(CAR, [FATHER, SCOOTER])
    assert (result.cu_class, result.source_plate) == (1, "XY12345")
    assert (
        "XY12345 (motociclo, classe 1): del nucleo familiare, di tipologia diversa "
        "dall'autovettura, considerata" in result.steps
    )


def test_someone_outside_the_household_does_not_count() -> None:
    result = bersani_class(CAR, [COUSIN, MOTHER])
    assert result.cu_class == 7
    assert "GH789JK (autovettura, classe 1): di una persona non convivente, esclusa" in result.steps
    alone = bersani_class(CAR, [COUSIN])
    assert alone.cu_class is None
    assert alone.reason == "nel nucleo familiare non c'è un veicolo già assicurato"


def test_no_household_vehicle_no_class() -> None:
    result = bersani_class(MOTO, [])
    assert result.cu_class is None
    assert result.steps[-1] == (
        "Nessuna classe ereditata: nel nucleo familiare non c'è un veicolo già assicurato"
    )


def test_a_company_does_not_benefit() -> None:
    result = bersani_class(CAR, [FATHER], natural_person=False)
    assert result.cu_class is None
    assert result.reason == "la classe del nucleo familiare spetta solo a una persona fisica"


def test_a_class_no_better_than_fourteen_is_not_inherited() -> None:
    for worst in (14, 15, 18):
        result = bersani_class(CAR, [HouseholdVehicle("AB123CD", CAR, worst)])
        assert result.cu_class is None
        assert result.reason == (
            f"la classe {worst} del nucleo non è migliore della classe di ingresso 14"
        )
    assert bersani_class(CAR, [HouseholdVehicle("AB123CD", CAR, 13)]).cu_class == 13


def test_a_clean_renewal_takes_the_household_class() -> None:
    history = [AtrYear(year) for year in range(2020, 2025)]
    result = bersani_class(MOTO, [FATHER], renewal=Renewal(10, history))
    assert result.cu_class == 3
    assert "Rinnovo: nessun sinistro negli ultimi cinque anni dell'attestato" in result.steps


@pytest.mark.parametrize("claim", [AtrYear(2022, main_claims=1), AtrYear(2022, paritaria=(50,))])
def test_a_renewal_with_a_claim_in_five_years_takes_nothing(claim: AtrYear) -> None:
    history = [AtrYear(2020), AtrYear(2021), claim, AtrYear(2023), AtrYear(2024)]
    result = bersani_class(CAR, [FATHER], renewal=Renewal(10, history))
    assert result.cu_class is None
    assert result.reason == (
        "al rinnovo servono cinque anni senza sinistri con responsabilità esclusiva, "
        "principale o paritaria; l'attestato ne riporta nel 2022"
    )


def test_a_claim_older_than_five_years_does_not_bar_a_renewal() -> None:
    history = [AtrYear(2019, main_claims=1), *(AtrYear(year) for year in range(2020, 2025))]
    assert bersani_class(CAR, [FATHER], renewal=Renewal(12, history)).cu_class == 3


def test_a_renewal_keeps_its_own_better_class() -> None:
    history = [AtrYear(2024)]
    result = bersani_class(CAR, [MOTHER], renewal=Renewal(2, history))
    assert result.cu_class is None
    assert result.reason == "la classe 7 del nucleo non è migliore della classe 2 del veicolo"


def test_a_class_out_of_the_scale_is_refused() -> None:
    with pytest.raises(RcaRuleError, match="Classe di merito non valida per AB123CD"):
        bersani_class(CAR, [HouseholdVehicle("AB123CD", CAR, 0)])


vehicles = st.lists(
    st.builds(
        HouseholdVehicle,
        st.sampled_from(["AB123CD", "EF456GH", "XY12345"]),
        st.sampled_from(list(VehicleKind)),
        st.integers(1, 18),
        st.booleans(),
    ),
    max_size=5,
)


@given(vehicles, st.sampled_from(list(VehicleKind)))
def test_an_inherited_class_is_the_best_cohabiting_one_and_beats_fourteen(
    household: list[HouseholdVehicle], kind: VehicleKind
) -> None:
    result = bersani_class(kind, household)
    eligible = [vehicle.cu_class for vehicle in household if vehicle.cohabiting]
    if eligible and min(eligible) < 14:
        assert result.cu_class == min(eligible)
    else:
        assert result.cu_class is None
        assert result.steps[-1].startswith("Nessuna classe ereditata: ")
