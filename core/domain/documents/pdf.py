"""The documents the office prints (statements, remittances): A4 PDFs in the core fonts, with
the euro sign and the accented letters (their Windows-1252 code page; what it cannot show
becomes '?'). fpdf2 is loaded with the first document, not by every process that starts."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

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
            y = pdf.get_y()
            pdf.multi_cell(62, 5, label, new_x="RIGHT", new_y="TOP")
            pdf.multi_cell(0, 5, value, new_x="LMARGIN", new_y="NEXT")
            pdf.set_y(max(pdf.get_y(), y + 5) + 1)
    return bytes(pdf.output())
