"""The report and the cash sheet as spreadsheets: XLSX (openpyxl) and CSV (Italian Excel's
dialect: ``;`` between fields, a decimal comma). A text that a spreadsheet would read as a
formula (``=``, ``+``, ``-``, ``@``) is written as text, never run."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from decimal import Decimal
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell
from openpyxl.worksheet._write_only import WriteOnlyWorksheet

EURO_FORMAT = '#,##0.00 "€"'
XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV_TYPE = "text/csv; charset=utf-8"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Sheet = tuple[str, Sequence[str], Iterable[Sequence[Any]]]
"""A sheet: its title, its header and its rows (text, numbers or ``Decimal`` euros)."""


def _cell(sheet: WriteOnlyWorksheet, value: Any) -> Cell:
    if isinstance(value, Decimal | float) and not isinstance(value, bool):
        cell = WriteOnlyCell(sheet, value=float(value))
        cell.number_format = EURO_FORMAT
        return cell
    if isinstance(value, str):
        value = ILLEGAL_CHARACTERS_RE.sub("", value)  # control characters XLSX cannot hold
    cell = WriteOnlyCell(sheet, value=value)
    if isinstance(value, str):
        cell.data_type = "s"  # never a formula, whatever it starts with
    return cell


def xlsx(sheets: Sequence[Sheet]) -> bytes:
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


REPORT_HEADER = ("Collaboratore", "Ritenuta %", "Lordo", "Incassato", "Da incassare",
                 "Ritenuta", "Netto")  # fmt: skip


def report_rows(report: dict[str, Any]) -> list[list[Any]]:
    rows: list[list[Any]] = [
        [a["name"], a["ritenuta"], *(Decimal(str(a[k])) for k in
                                     ("gross", "collected", "pending", "withholding", "net"))]
        for a in report["agents"]
    ]  # fmt: skip
    t = report["totals"]
    rows.append(
        [
            "Totale",
            None,
            *(Decimal(str(t[k])) for k in ("gross", "collected", "pending", "withholding", "net")),
        ]
    )
    if "platform" in t:
        rows.append(["Piattaforma", None, Decimal(str(t["platform"]))])
        rows.append(["Provvigioni compagnie", None, Decimal(str(t["commission"]))])
    return rows  # fmt: skip


def report_xlsx(report: dict[str, Any]) -> bytes:
    return xlsx([
        ("Provvigioni", REPORT_HEADER, report_rows(report)),
        ("Per mese", ("Mese", "Provvigioni"),
         [[m["month"], Decimal(str(m["amount"]))] for m in report["months"]]),
        ("Per compagnia", ("Compagnia", "Provvigioni"),
         [[c["name"], Decimal(str(c["amount"]))] for c in report["companies"]]),
        ("Per prodotto", ("Prodotto", "Provvigioni"),
         [[p["name"], Decimal(str(p["amount"]))] for p in report["products"]]),
    ])  # fmt: skip


def report_csv(report: dict[str, Any]) -> bytes:
    return csv_bytes(REPORT_HEADER, report_rows(report))
