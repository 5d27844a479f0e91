"""The statement's XLSX, written as SpreadsheetML text, read back by openpyxl: typed cells,
text never a formula, characters XML cannot hold dropped; and the PDF running over pages."""

from __future__ import annotations

import io
import re
import warnings
from datetime import UTC, date, datetime
from decimal import Decimal

from openpyxl import load_workbook

from core.db import models as m
from core.domain.remittances import statement
from core.domain.remittances.figures import Row, Totals
from core.domain.remittances.sheet import xlsx


def test_cells_read_back_typed() -> None:
    content = xlsx("Rimessa <ottobre>", ("Polizza", "Importo", "Giorno", "N", "Sì"), [
        ["=SOMMA(A1)", Decimal("-80.00"), date(2026, 10, 1), 3, True],
        ["a\x01b & <c>", None, None, None, "è €"],
    ])  # fmt: skip
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no "no default style" or other complaint
        book = load_workbook(io.BytesIO(content))
    sheet = book.active
    assert sheet is not None
    assert sheet.title == "Rimessa <ottobre>"
    assert list(sheet.iter_rows(values_only=True)) == [
        ("Polizza", "Importo", "Giorno", "N", "Sì"),
        ("=SOMMA(A1)", -80, datetime(2026, 10, 1), 3, True),
        ("ab & <c>", None, None, None, "è €"),
    ]
    assert sheet["A2"].data_type == "s"  # a text, not a formula
    assert sheet["B2"].number_format == "#,##0.00 [$€-410]"
    assert sheet["C2"].number_format == "dd/mm/yyyy"


def test_the_pdf_runs_over_pages() -> None:
    """200 rows at 3.6 mm: about 64 on the first page under the title, 72 on the next."""
    rows = [
        Row("p", f"AZ-{n:05d}", "Anna Bruni", n % 12 + 1, "rimborso" if n == 7 else None,
            datetime(2026, 10, 1 + n % 28, 12, tzinfo=UTC), Decimal("122.00"), Decimal("10.00"))
        for n in range(200)
    ]  # fmt: skip
    remittance = m.Remittance(
        company="Allianz", period_from=date(2026, 10, 1), period_to=date(2026, 10, 31), rows=200,
        gross=Decimal("24400.00"), commission=Decimal("2000.00"), amount=Decimal("22400.00"),
        status="da_pagare",
    )  # fmt: skip
    now = Totals(200, Decimal("24400.00"), Decimal("2000.00"))
    content = statement.pdf(statement.Statement(remittance, rows, False, now), "Studio")
    assert content.startswith(b"%PDF")
    assert len(re.findall(rb"/Type /Page\b(?!s)", content)) == 3
