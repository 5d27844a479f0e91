"""The company statement's reading (amounts in both notations, columns by header) and its
matching with what was collected, on hand-made lines."""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from core.domain.remittances.company_file import Line, parse_amount, read_statement
from core.domain.remittances.figures import Row
from core.domain.remittances.matching import reconcile
from core.errors import ClientError

D = Decimal


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("1.234,56", D("1234.56")), ("1234,56", D("1234.56")), ("1234.56", D("1234.56")),
        ("-80,00", D("-80.00")), ("-80", D("-80")), ("€ 1.000", D("1000")), ("1.234", D("1234")),
        ("0,5", D("0.50")), (122, D("122")), (122.5, D("122.50")),
        ("12.345.678,90", D("12345678.90")),
    ],
)  # fmt: skip
def test_amounts_in_both_notations(text: object, value: Decimal) -> None:
    assert parse_amount(text) == value


@pytest.mark.parametrize("text", ["", "abc", "12,3,4", "1,234.56", "1e9", "NaN", "1.2.3", True,
                                  "999999999"])  # fmt: skip
def test_what_is_not_an_amount(text: object) -> None:
    assert parse_amount(text) is None


@given(st.integers(min_value=1 - 10**10, max_value=10**10 - 1))  # under 100.000.000 €
def test_italian_and_plain_notations_agree(cents: int) -> None:
    value = D(cents) / 100
    plain = f"{value:.2f}"
    italian = f"{value:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")
    assert parse_amount(plain) == parse_amount(italian) == value


def test_lines_by_header_and_number() -> None:
    lines = read_statement(b"\xef\xbb\xbfN. Polizza;Importo lordo;Rata\nAZ 1;10,00;\n\nAZ 2;5;2\n")
    assert lines == [Line(2, "AZ 1", 1, D("10.00"), None), Line(4, "AZ 2", 2, D("5.00"), None)]
    with pytest.raises(ClientError, match="Riga 3: importo non valido «x»"):
        read_statement(b"polizza,importo\nA,1\nB,x\n")


def _row(number: str, n: int, gross: str, commission: str) -> Row:
    return Row("p", number, "", n, None, datetime(2026, 10, 1, tzinfo=UTC), D(gross),
               D(commission))  # fmt: skip


def test_matching_by_key_with_refunds_netted() -> None:
    ours = [
        _row("AZ-1", 1, "122.00", "10.00"), _row("AZ-2", 0, "300.00", "30.00"),
        _row("AZ-3", 2, "100.00", "8.00"), _row("AZ-3", 2, "-100.00", "-8.00"),
        _row("AZ-4", 1, "50.00", "5.00"),
    ]  # fmt: skip
    theirs = [
        Line(2, "az-1", 1, D("122.00"), D("10.00")),  # ok, the key ignores case
        Line(3, "AZ-2", 1, D("300.00"), D("31.00")),  # the UNICO payment: commission differs
        Line(4, "AZ-3", 2, D("0.00"), None),  # paid and refunded: nets to zero
        Line(5, "AZ-9", 1, D("70.00"), None),
    ]  # fmt: skip
    found = [(f.number, f.instalment, f.result, f.lines) for f in reconcile(ours, theirs)]
    assert found == [
        ("AZ-2", 1, "importo_diverso", [3]), ("AZ-9", 1, "non_incassato", [5]),
        ("AZ-4", 1, "non_in_estratto", []), ("AZ-1", 1, "ok", [2]), ("AZ-3", 2, "ok", [4]),
    ]  # fmt: skip
