"""The RUI and training rules (art. 4 and 89 Reg. IVASS 40/2018), on examples worked by hand."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.rui import rules
from core.domain.rui.alerts import due_threshold, office_body
from core.domain.rui.rules import Registration

TODAY = date(2026, 11, 29)


def _reg(**changes: object) -> Registration:
    values: dict[str, object] = {
        "section": "E", "number": "E000123456", "registered_on": date(2020, 3, 2),
        "ended_on": None, "intermediary_number": "A000000001",
    }  # fmt: skip
    values.update(changes)
    return Registration(**values)  # type: ignore[arg-type]


def test_the_six_sections_of_the_register() -> None:
    assert sorted(rules.SECTIONS) == ["A", "B", "C", "D", "E", "F"]
    assert frozenset({"A", "B", "D", "F"}) == rules.PRINCIPAL_SECTIONS


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({}, None),
        ({"section": "A", "number": "A000000042", "intermediary_number": None}, None),
        ({"section": "G", "number": "G000123456"}, rules.BAD_SECTION),
        ({"number": "E00012345"}, rules.BAD_NUMBER),  # eight digits
        ({"number": "E0001234567"}, rules.BAD_NUMBER),  # ten digits
        ({"number": "000123456E"}, rules.BAD_NUMBER),
        ({"number": "A000123456"}, "Il numero RUI deve iniziare con la lettera della sezione (E)"),
        ({"registered_on": date(2026, 11, 30)}, rules.REGISTERED_IN_FUTURE),
        ({"ended_on": date(2026, 11, 30)}, rules.ENDED_IN_FUTURE),
        ({"ended_on": date(2020, 3, 1)}, rules.ENDED_BEFORE),
        ({"intermediary_number": None}, rules.PRINCIPAL_NEEDED),
        ({"intermediary_number": "C000000001"}, rules.BAD_PRINCIPAL),
        ({"intermediary_number": "E000000001"}, rules.BAD_PRINCIPAL),
        ({"intermediary_number": "F000000001"}, None),
    ],
)
def test_what_a_registration_may_be(changes: dict[str, object], problem: str | None) -> None:
    assert rules.registration_problem(_reg(**changes), TODAY) == problem


def test_an_entry_is_in_force_from_registration_to_cancellation() -> None:
    reg = _reg(registered_on=date(2026, 3, 2), ended_on=date(2026, 10, 1))
    assert not rules.is_valid_on(None, TODAY)
    assert not rules.is_valid_on(reg, date(2026, 3, 1))
    assert rules.is_valid_on(reg, date(2026, 3, 2))
    assert rules.is_valid_on(reg, date(2026, 9, 30))
    assert not rules.is_valid_on(reg, date(2026, 10, 1))  # cancelled that day


def test_the_yearly_requirement() -> None:
    registered_2024 = _reg(registered_on=date(2024, 6, 10))
    assert rules.required_hours(registered_2024, 2024) == 0  # the registration year
    assert rules.required_hours(registered_2024, 2025) == 30  # from 1 January after it
    assert rules.required_hours(_reg(section="F", number="F000000001"), 2026) == 15
    assert rules.required_hours(None, 2026) == 30
    ended = _reg(ended_on=date(2025, 12, 31))
    assert rules.required_hours(ended, 2026) == 0
    assert rules.required_hours(ended, 2025) == 30  # owed for the year it ended in


def test_done_required_missing() -> None:
    entries = [
        (date(2026, 2, 10), Decimal("12.50")),
        (date(2026, 5, 4), Decimal("8.25")),
        (date(2025, 12, 31), Decimal("30")),  # last year's: not counted
    ]
    status = rules.year_status(_reg(), entries, 2026)
    # 12.50 + 8.25 = 20.75 done; 30 - 20.75 = 9.25 missing
    assert (status.done, status.required, status.missing) == (
        Decimal("20.75"), Decimal(30), Decimal("9.25"),
    )  # fmt: skip
    assert status.short
    done = rules.year_status(_reg(), [*entries, (date(2026, 9, 1), Decimal("9.25"))], 2026)
    assert (done.missing, done.short) == (Decimal(0), False)


hundredths = st.integers(min_value=1, max_value=10_000)


@given(st.lists(hundredths, max_size=40))
def test_hours_add_up_exactly(cents: list[int]) -> None:
    entries = [(date(2026, 1 + i % 12, 1), Decimal(c) / 100) for i, c in enumerate(cents)]
    total = rules.hours_in_year(entries, 2026)
    assert total == Decimal(sum(cents)) / 100  # integer hundredths summed, then scaled
    status = rules.year_status(_reg(), entries, 2026)
    assert status.missing == max(Decimal(30) - total, Decimal(0))


def test_the_alert_thresholds() -> None:
    assert due_threshold(date(2026, 9, 30)) is None
    assert due_threshold(date(2026, 10, 1)) == "10-01"
    assert due_threshold(date(2026, 11, 30)) == "10-01"
    assert due_threshold(date(2026, 12, 1)) == "12-01"
    assert due_threshold(date(2026, 12, 31)) == "12-01"
    assert due_threshold(date(2027, 1, 1)) is None


def test_the_office_list_is_capped() -> None:
    assert office_body(["A", "B"]) == "A, B"
    assert office_body([str(i) for i in range(8)]) == "0, 1, 2, 3, 4 e altri 3"
