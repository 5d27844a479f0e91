"""A one-sheet XLSX for statements of tens of thousands of rows, written by XlsxWriter in its
constant-memory mode (a row at a time, as it goes; openpyxl's object per cell took seconds for
a month of a large office).

Cells as :mod:`core.domain.commissions.exports` types them: ``Decimal`` a number in euros
(``#,##0.00 [$€-410]``), ``date`` a date shown ``dd/mm/yyyy``, ``int`` a number, text a string
(never a formula, whatever it starts with; characters XML cannot hold dropped)."""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

import xlsxwriter

from core.domain.commissions.exports import DAY_FORMAT, EURO_FORMAT

MAX_COLUMNS = 64
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
SHEET_NAME_FORBIDDEN = str.maketrans({c: " " for c in "[]:*?/\\"})


def xlsx(title: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """One sheet called ``title`` with ``header`` and ``rows``, as an XLSX file."""
    out = io.BytesIO()
    book = xlsxwriter.Workbook(out, {"constant_memory": True, "strings_to_formulas": False,
                                     "strings_to_urls": False})  # fmt: skip
    euro = book.add_format({"num_format": EURO_FORMAT})
    day = book.add_format({"num_format": DAY_FORMAT})
    name = NOT_XML.sub("", title).translate(SHEET_NAME_FORBIDDEN).strip("' ")[:31] or "Foglio"
    sheet = book.add_worksheet(name)
    for n, row in enumerate([header, *rows]):
        for column, value in enumerate(row[:MAX_COLUMNS]):
            if value is None:
                continue
            if isinstance(value, bool):
                sheet.write_boolean(n, column, value)
            elif isinstance(value, Decimal):
                sheet.write_number(n, column, float(value), euro)
            elif isinstance(value, int):
                sheet.write_number(n, column, value)
            elif isinstance(value, date):
                sheet.write_datetime(n, column, datetime.combine(value, time()), day)
            else:
                sheet.write_string(n, column, NOT_XML.sub("", str(value)))
    book.close()
    return out.getvalue()
