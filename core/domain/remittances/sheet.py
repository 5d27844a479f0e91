"""A one-sheet XLSX written straight as SpreadsheetML (ECMA-376), for statements of tens of
thousands of rows: openpyxl builds an object per cell (about 60 µs each, five seconds for a
month of a large office) and XlsxWriter, in its constant-memory mode, still took 0.82 s for a
month's 78,000 cells where this takes 0.11 s (the statement's 1 s target, ``bench/remittances``):
this writes the sheet's XML as text (a few µs a cell), and the tests read it back with
openpyxl.

Cells as :mod:`core.domain.commissions.exports` types them: ``Decimal`` a number in euros
(``#,##0.00 [$€-410]``), ``date`` a date shown ``dd/mm/yyyy``, ``int`` a number, text as an
inline string (never a formula, whatever it starts with; characters XML cannot hold dropped)."""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Iterable, Sequence
from datetime import date
from decimal import Decimal
from typing import Any
from xml.sax.saxutils import escape

from core.domain.commissions.exports import DAY_FORMAT, EURO_FORMAT

EPOCH = date(1899, 12, 30)
"""Day 0 of the spreadsheet's date serials (the 1900 system)."""
NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")
EURO, DAY = 1, 2
"""The style index of euro and date cells (``xl/styles.xml``)."""

XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
PKG = "http://schemas.openxmlformats.org/package/2006"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
SML = "application/vnd.openxmlformats-officedocument.spreadsheetml"
CONTENT_TYPES = (
    f'{XML}<Types xmlns="{PKG}/content-types">'
    '<Default Extension="rels" '
    'ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    f'<Override PartName="/xl/workbook.xml" ContentType="{SML}.sheet.main+xml"/>'
    f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{SML}.worksheet+xml"/>'
    f'<Override PartName="/xl/styles.xml" ContentType="{SML}.styles+xml"/>'
    "</Types>"
)
ROOT_RELS = (
    f'{XML}<Relationships xmlns="{PKG}/relationships">'
    f'<Relationship Id="rId1" Type="{DOC}/officeDocument" Target="xl/workbook.xml"/>'
    "</Relationships>"
)
WORKBOOK_RELS = (
    f'{XML}<Relationships xmlns="{PKG}/relationships">'
    f'<Relationship Id="rId1" Type="{DOC}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{DOC}/styles" Target="styles.xml"/>'
    "</Relationships>"
)
STYLES = (
    f"{XML}"
    '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    f'<numFmts count="2"><numFmt numFmtId="164" formatCode="{escape(EURO_FORMAT)}"/>'
    f'<numFmt numFmtId="165" formatCode="{DAY_FORMAT}"/></numFmts>'
    '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="2"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill></fills>'
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
    "</cellXfs>"
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)  # fmt: skip


def _column(index: int) -> str:
    name = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        name = chr(65 + rest) + name
    return name


def _cell(ref: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return f'<c r="{ref}" t="b"><v>{int(value)}</v></c>'
    if isinstance(value, Decimal):
        return f'<c r="{ref}" s="{EURO}"><v>{value}</v></c>'
    if isinstance(value, int):
        return f'<c r="{ref}"><v>{value}</v></c>'
    if isinstance(value, date):
        return f'<c r="{ref}" s="{DAY}"><v>{(value - EPOCH).days}</v></c>'
    text = escape(NOT_XML.sub("", str(value)))
    return f'<c r="{ref}" t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'


def _sheet(header: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    parts = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
             '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
             "<sheetData>"]  # fmt: skip
    columns = [_column(i) for i in range(64)]
    for n, row in enumerate([header, *rows], start=1):
        cells = "".join(_cell(f"{columns[i]}{n}", v) for i, v in enumerate(row[:64]))
        parts.append(f'<row r="{n}">{cells}</row>')
    parts.append("</sheetData></worksheet>")
    return "".join(parts)


def xlsx(title: str, header: Sequence[str], rows: Iterable[Sequence[Any]]) -> bytes:
    """One sheet called ``title`` with ``header`` and ``rows``, as an XLSX file."""
    return workbook([(title, header, rows)])


def workbook(sheets: Sequence[tuple[str, Sequence[str], Iterable[Sequence[Any]]]]) -> bytes:
    """Each ``(title, header, rows)`` as a sheet of one XLSX file."""
    names = [escape(NOT_XML.sub("", title)[:31] or f"Foglio{n}") for n, (title, _h, _r)
             in enumerate(sheets, start=1)]  # fmt: skip
    listed = "".join(f'<sheet name="{name}" sheetId="{n}" r:id="rId{n}"/>'
                     for n, name in enumerate(names, start=1))  # fmt: skip
    book_xml = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        f"<sheets>{listed}</sheets></workbook>"
    )
    count = len(sheets)
    types = CONTENT_TYPES.replace(
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{SML}.worksheet+xml"/>',
        "".join(f'<Override PartName="/xl/worksheets/sheet{n}.xml" '
                f'ContentType="{SML}.worksheet+xml"/>' for n in range(1, count + 1)),
    )  # fmt: skip
    rels = (
        f'{XML}<Relationships xmlns="{PKG}/relationships">'
        + "".join(f'<Relationship Id="rId{n}" Type="{DOC}/worksheet" '
                  f'Target="worksheets/sheet{n}.xml"/>' for n in range(1, count + 1))
        + f'<Relationship Id="rId{count + 1}" Type="{DOC}/styles" Target="styles.xml"/>'
        "</Relationships>"
    )  # fmt: skip
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        book.writestr("[Content_Types].xml", types)
        book.writestr("_rels/.rels", ROOT_RELS)
        book.writestr("xl/workbook.xml", book_xml)
        book.writestr("xl/_rels/workbook.xml.rels", rels)
        book.writestr("xl/styles.xml", STYLES)
        for n, (_title, header, rows) in enumerate(sheets, start=1):
            book.writestr(f"xl/worksheets/sheet{n}.xml", _sheet(header, rows))
    return out.getvalue()
