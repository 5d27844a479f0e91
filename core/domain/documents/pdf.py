"""The documents the office prints (statements, remittances): A4 PDFs in the core fonts, with
the euro sign and the accented letters (their Windows-1252 code page; what it cannot show
becomes '?'). fpdf2 is loaded with the first document, not by every process that starts."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
    from fpdf import FPDF

ENCODING = "windows-1252"

Section = tuple[str, Sequence[tuple[str, str]]]
"""A titled section of ``(label, value)`` rows."""


@cache
def _document_class() -> type[FPDF]:
    from fpdf import FPDF

    class Document(FPDF):
        """A PDF whose texts drop what the core fonts' code page cannot show (as '?')."""

        def normalize_text(self, text: str) -> str:
            return super().normalize_text(text.encode(ENCODING, "replace").decode(ENCODING))

    return Document


def new_document() -> FPDF:
    """An empty A4 document in the core fonts' Windows-1252."""
    document = _document_class()(format="A4")
    document.core_fonts_encoding = ENCODING
    return document


def sections_pdf(title: str, subtitle: str, parts: Sequence[Section], note: str = "") -> bytes:
    """A document of titled sections of ``(label, value)`` rows, the label in a column of its
    own: under ``title``, a ``subtitle`` line (who it is for) and an optional ``note``."""
    pdf = new_document()
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.set_title(title)
    pdf.add_page()
    pdf.set_font("helvetica", "B", 13)
    pdf.multi_cell(0, 7, title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("helvetica", "", 9)
    pdf.multi_cell(0, 5, subtitle, new_x="LMARGIN", new_y="NEXT")
    if note:
        pdf.ln(2)
        pdf.set_font("helvetica", "I", 8)
        pdf.multi_cell(0, 4, note, new_x="LMARGIN", new_y="NEXT")
    for heading, rows in parts:
        pdf.ln(3)
        pdf.set_font("helvetica", "B", 10)
        pdf.multi_cell(0, 6, heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("helvetica", "", 9)
        for label, value in rows:
            _row(pdf, label, value)
    return bytes(pdf.output())


LABEL_WIDTH = 62
LINE = 5


def _height(pdf: FPDF, width: float, text: str) -> float:
    """The height ``text`` takes in a column ``width`` wide, measured without drawing."""
    lines = pdf.multi_cell(width, LINE, text, dry_run=True, output="LINES")
    return len(cast(list[str], lines)) * LINE


def _row(pdf: FPDF, label: str, value: str) -> None:
    """One ``label`` / ``value`` row, as tall as the taller of the two: on the next page when
    it does not fit what is left of this one (a row taller than a page runs over)."""
    value_width = pdf.epw - LABEL_WIDTH
    height = max(_height(pdf, LABEL_WIDTH, label), _height(pdf, value_width, value), LINE)
    if pdf.get_y() + height > pdf.page_break_trigger and height <= pdf.eph:
        pdf.add_page()
    y, page = pdf.get_y(), pdf.page
    pdf.multi_cell(LABEL_WIDTH, LINE, label, new_x="RIGHT", new_y="TOP")
    pdf.multi_cell(value_width, LINE, value, new_x="LMARGIN", new_y="NEXT")
    pdf.set_y((y + height if pdf.page == page else pdf.get_y()) + 1)
