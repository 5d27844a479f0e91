"""The report and the cash sheet as spreadsheets: XLSX (openpyxl) and CSV (Italian Excel's
dialect: ``;`` between fields, a decimal comma). A text that a spreadsheet would read as a
formula (``=``, ``+``, ``-``, ``@``) is written as text, never run.

XLSX cells are typed: a ``Decimal`` is a number in euros, a ``date`` a date shown
``dd/mm/yyyy``, a :class:`Month` a date shown ``mm/yyyy``, a :class:`Rate` a number shown
with ``%``. A number format is stored in the file's invariant notation (``,`` groups,
``.`` decimals); Italian Excel shows ``#,##0.00 [$€-410]`` as ``1.050,00 €``."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # openpyxl is loaded with the first spreadsheet, not by every process
    from openpyxl.cell.cell import Cell
    from openpyxl.worksheet._write_only import WriteOnlyWorksheet

EURO_FORMAT = "#,##0.00 [$€-410]"
DAY_FORMAT = "dd/mm/yyyy"
MONTH_FORMAT = "mm/yyyy"
RATE_FORMAT = '0.00 "%"'
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_TYPE = "text/csv; charset=utf-8"
NOT_IN_XLSX = re.compile(r"[\000-\010]|[\013-\014]|[\016-\037]")
"""The control characters an XLSX cannot hold (openpyxl's ``ILLEGAL_CHARACTERS_RE``)."""
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Sheet = tuple[str, Sequence[str], Iterable[Sequence[Any]]]
"""A sheet: its title, its header and its rows (text, numbers, ``Decimal`` euros, days,
:class:`Month` and :class:`Rate`)."""


@dataclass(frozen=True, slots=True)
class Month:
    """A calendar month, written as its first day shown ``mm/yyyy``."""

    first: date

    @classmethod
    def parse(cls, text: str) -> Month:
        """``2026-11`` → November 2026."""
        return cls(date(int(text[:4]), int(text[5:7]), 1))


@dataclass(frozen=True, slots=True)
class Rate:
    """A rate in % (``23`` is 23 %)."""

    value: Decimal


def _typed(sheet: WriteOnlyWorksheet, value: Any, number_format: str) -> Cell:
    from openpyxl.cell import WriteOnlyCell

    cell = WriteOnlyCell(sheet, value=value)
    cell.number_format = number_format
    return cell


def _cell(sheet: WriteOnlyWorksheet, value: Any) -> Cell:
    from openpyxl.cell import WriteOnlyCell

    if isinstance(value, Month):
        return _typed(sheet, value.first, MONTH_FORMAT)
    if isinstance(value, Rate):
        return _typed(sheet, float(value.value), RATE_FORMAT)
    if isinstance(value, date) and not isinstance(value, datetime):
        return _typed(sheet, value, DAY_FORMAT)
    if isinstance(value, Decimal | float) and not isinstance(value, bool):
        cell = WriteOnlyCell(sheet, value=float(value))
        cell.number_format = EURO_FORMAT
        return cell
    if isinstance(value, str):
        value = NOT_IN_XLSX.sub("", value)  # control characters XLSX cannot hold
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # never a formula, whatever it starts with
    return cell


def xlsx(sheets: Sequence[Sheet]) -> bytes:
    from openpyxl import Workbook

    book = Workbook(write_only=True)
    for title, header, rows in sheets:
        sheet = book.create_sheet(title[:31])
        sheet.append([_cell(sheet, h) for h in header])
        for row in rows:
            sheet.append([_cell(sheet, v) for v in row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def _csv_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, Month):
        return f"{value.first:%m/%Y}"
    if isinstance(value, Rate):
        return _csv_value(value.value)
    if isinstance(value, date) and not isinstance(value, datetime):
        return f"{value:%d/%m/%Y}"
    if isinstance(value, Decimal | float) and not isinstance(value, bool):
        return f"{Decimal(str(value)):.2f}".replace(".", ",")
    text = str(value)
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def csv_bytes(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([_csv_value(v) for v in row])
    return ("\ufeff" + out.getvalue()).encode()  # the BOM makes Excel read UTF-8


REPORT_HEADER = ("Collaboratore", "Base ritenuta", "Aliquota ritenuta", "Lordo", "Incassato",
                 "Da incassare", "Ritenuta", "Netto")  # fmt: skip
AMOUNT_KEYS = ("gross", "collected", "pending", "withholding", "net")


def _base(row: dict[str, Any]) -> Rate | str:
    """The share withheld on, or the flat-rate regime's word."""
    return "nessuna (forfettario)" if row.get("base") == "nessuna" else Rate(
        Decimal(str(row.get("basePercent", 50)))
    )  # fmt: skip


def report_rows(report: dict[str, Any]) -> list[list[Any]]:
    rows: list[list[Any]] = [
        [a["name"], _base(a), Rate(Decimal(str(a["ritenuta"]))),
         *(Decimal(str(a[k])) for k in AMOUNT_KEYS)]
        for a in report["agents"]
    ]  # fmt: skip
    t = report["totals"]
    rows.append(["Totale", None, None, *(Decimal(str(t[k])) for k in AMOUNT_KEYS)])
    if "platform" in t:
        rows.append(["Piattaforma", None, None, Decimal(str(t["platform"]))])
        rows.append(["Provvigioni compagnie", None, None, Decimal(str(t["commission"]))])
    return rows


def report_xlsx(report: dict[str, Any]) -> bytes:
    return xlsx([
        ("Provvigioni", REPORT_HEADER, report_rows(report)),
        ("Per mese", ("Mese", "Provvigioni"),
         [[Month.parse(m["month"]), Decimal(str(m["amount"]))] for m in report["months"]]),
        ("Per compagnia", ("Compagnia", "Provvigioni"),
         [[c["name"], Decimal(str(c["amount"]))] for c in report["companies"]]),
        ("Per prodotto", ("Prodotto", "Provvigioni"),
         [[p["name"], Decimal(str(p["amount"]))] for p in report["products"]]),
    ])  # fmt: skip


def report_csv(report: dict[str, Any]) -> bytes:
    return csv_bytes(REPORT_HEADER, report_rows(report))
