"""The annexes and the receipt as A4 PDFs (fpdf2, the office's core fonts with € and the
accented letters: :mod:`core.domain.documents.pdf`)."""

from __future__ import annotations

from collections.abc import Sequence

from core.domain.documents.pdf import new_document
from core.domain.precontract.annexes import ANNEXES, WARNING, Section
from core.domain.precontract.facts import Facts
from core.domain.precontract.kinds import TITLES


def sections_pdf(title: str, subtitle: str, parts: Sequence[Section], note: str = "") -> bytes:
    """A document of titled sections of ``(label, value)`` rows."""
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


def annex_pdf(kind: str, facts: Facts) -> bytes:
    """One annex (``allegato3``, ``allegato4``, ``allegato4ter``) for the quote's facts."""
    subtitle = (
        f"Regolamento IVASS n. 40/2018 - {facts.intermediary} - "
        f"Contraente: {facts.customer} - Preventivo {facts.quote_id}"
    )
    return sections_pdf(TITLES[kind], subtitle, ANNEXES[kind](facts), WARNING)
