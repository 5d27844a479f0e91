"""A remittance's statement (distinta di rimessa) as PDF (fpdf2) and XLSX (openpyxl): the
company, the period, every collected row (policy, customer, instalment, day paid, gross,
commission, to remit) and the totals frozen when it was issued.

The rows are read again from the period when the statement is made: if collections of the
period changed after the remittance was issued, the statement says so beside the frozen
totals. The PDF prints at most :data:`~core.domain.remittances.figures.PDF_ROWS` rows and the
XLSX :data:`~core.domain.remittances.figures.EXPORT_ROWS`; past them each says so."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from sqlalchemy.ext.asyncio import AsyncSession

from core.db import models as m
from core.domain.documents.pdf import new_document
from core.domain.policies.payment_rules import method_label
from core.domain.remittances import sheet
from core.domain.remittances.figures import Row, Totals, period_rows, period_totals
from core.domain.remittances.serialize import instalment_label
from core.money import ZERO, euro_text

if TYPE_CHECKING:
    from fpdf import FPDF

STATUS_LABELS = {"da_pagare": "Da pagare", "pagata": "Pagata"}
HEADER = ("Polizza", "Cliente", "Rata", "Pagata il", "Lordo", "Provvigione", "Da rimettere")
TRUNCATED = "Elenco troncato alle prime {rows} righe; i totali sono dell'intero periodo"
CHANGED = (
    "Gli incassi del periodo sono cambiati dopo l'emissione: oggi {gross} lordi, "
    "{commission} di provvigioni, {amount} da rimettere"
)


@dataclass(frozen=True, slots=True)
class Statement:
    remittance: m.Remittance
    rows: list[Row]
    truncated: bool
    now: Totals
    """The period's totals as they are today."""

    @property
    def changed(self) -> bool:
        r = self.remittance
        return (self.now.gross, self.now.commission, self.now.rows) != (
            r.gross, r.commission, r.rows,
        )  # fmt: skip

    def changed_text(self) -> str:
        return CHANGED.format(gross=euro_text(self.now.gross),
                              commission=euro_text(self.now.commission),
                              amount=euro_text(self.now.amount))  # fmt: skip


async def build(session: AsyncSession, remittance: m.Remittance, limit: int) -> Statement:
    first, last = remittance.period_from, remittance.period_to
    rows, truncated = await period_rows(session, remittance.company, first, last, limit)
    if truncated:
        now = await period_totals(session, remittance.company, first, last)
    else:  # every row read: their sums are the period's, without reading it again
        gross = sum((row.gross for row in rows), ZERO)
        now = Totals(len(rows), gross, sum((row.commission for row in rows), ZERO))
    return Statement(remittance, rows, truncated, now)


def _title(remittance: m.Remittance) -> str:
    return (f"Rimessa a {remittance.company} dal {remittance.period_from:%d/%m/%Y} "
            f"al {remittance.period_to:%d/%m/%Y}")  # fmt: skip


def _paid(remittance: m.Remittance) -> str:
    status = STATUS_LABELS.get(remittance.status, remittance.status)
    if remittance.paid_on is None:
        return status
    ref = f", rif. {remittance.reference}" if remittance.reference else ""
    return f"{status} il {remittance.paid_on:%d/%m/%Y} ({method_label(remittance.method)}{ref})"


def xlsx(statement: Statement) -> bytes:
    r = statement.remittance
    rows: list[list[Any]] = [
        [row.number, row.customer, instalment_label(row), row.paid_on, row.gross,
         row.commission, row.to_remit]
        for row in statement.rows
    ]  # fmt: skip
    if statement.truncated:
        rows.append([TRUNCATED.format(rows=len(statement.rows))])
    rows.append([])
    for label, value in (("Totale lordo incassato", r.gross),
                         ("Provvigioni trattenute", r.commission),
                         ("Da rimettere", r.amount)):  # fmt: skip
        rows.append([label, None, None, None, None, None, Decimal(value)])
    rows.append([_title(r)])
    rows.append([_paid(r)])
    if statement.changed:
        rows.append([statement.changed_text()])
    return sheet.xlsx("Rimessa", HEADER, rows)


ROW_HEIGHT = 3.6
BOTTOM = 282
"""Where a page's rows end (A4 is 297 mm; the bottom margin below)."""
COLUMNS = ((16, "<"), (28, "<"), (12, "<"), (10, "<"), (15, ">"), (13, ">"), (15, ">"))
"""Each column's width in characters and its alignment: the rows are set in Courier, one
run of text a row (a cell a value costs fpdf2 about ten times more)."""


def _line(values: tuple[str, ...]) -> str:
    return " ".join(
        f"{value[:width]:{align}{width}}"
        for value, (width, align) in zip(values, COLUMNS, strict=True)
    )


def _header(doc: FPDF) -> None:
    doc.set_font("courier", "B", 7)
    doc.text(doc.l_margin, doc.get_y() + 3, doc.normalize_text(_line(HEADER)))
    doc.set_y(doc.get_y() + ROW_HEIGHT + 1)
    doc.set_font("courier", "", 7)


def _rows(doc: FPDF, rows: list[Row]) -> None:
    """The rows, a new page with the header again when one is full."""
    y = doc.get_y()
    for row in rows:
        if y + ROW_HEIGHT > BOTTOM:
            doc.add_page()
            _header(doc)
            y = doc.get_y()
        texts = (row.number, row.customer, instalment_label(row), f"{row.paid_on:%d/%m/%Y}",
                 euro_text(row.gross), euro_text(row.commission),
                 euro_text(row.to_remit))  # fmt: skip
        doc.text(doc.l_margin, y + 3, doc.normalize_text(_line(texts)))
        y += ROW_HEIGHT
    doc.set_y(y + 2)


def pdf(statement: Statement, office: str) -> bytes:
    r = statement.remittance
    doc = new_document()
    doc.set_auto_page_break(auto=True, margin=15)
    doc.add_page()
    doc.set_font("helvetica", "B", 14)
    doc.cell(0, 8, "Distinta di rimessa premi", new_x="LMARGIN", new_y="NEXT")
    doc.set_font("helvetica", "", 10)
    for line in (office, _title(r), f"Righe incassate: {r.rows}", _paid(r)):
        doc.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)
    _header(doc)
    _rows(doc, statement.rows)
    if statement.truncated:
        doc.cell(0, 6, TRUNCATED.format(rows=len(statement.rows)), new_x="LMARGIN", new_y="NEXT")
    doc.ln(3)
    doc.set_font("helvetica", "", 10)
    doc.cell(0, 6, f"Totale lordo incassato: {euro_text(r.gross)}", new_x="LMARGIN", new_y="NEXT")
    doc.cell(0, 6, f"Provvigioni trattenute: {euro_text(r.commission)}",
             new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    doc.set_font("helvetica", "B", 11)
    doc.cell(0, 8, f"Da rimettere: {euro_text(r.amount)}", new_x="LMARGIN", new_y="NEXT")
    if statement.changed:
        doc.set_font("helvetica", "", 9)
        doc.multi_cell(0, 5, statement.changed_text(), new_x="LMARGIN", new_y="NEXT")
    return bytes(doc.output())
