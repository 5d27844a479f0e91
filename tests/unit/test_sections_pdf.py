"""The office's documents of label / value rows: each row as tall as the taller of the two,
moved whole to the next page when it does not fit, so pages are filled (a row crossing a page
once pushed every following row onto a page of its own)."""

from __future__ import annotations

import io

from pypdf import PdfReader

from core.domain.documents.pdf import sections_pdf


def _pages(rows: list[tuple[str, str]]) -> int:
    content = sections_pdf("Titolo", "Sottotitolo", [("Sezione", rows)])
    return len(PdfReader(io.BytesIO(content)).pages)


def test_tall_values_fill_each_page() -> None:
    # twelve lines of 5 mm and 1 mm between rows: 61 mm a row; an A4 page breaks 15 mm from
    # its foot and starts 10 mm from its top, 272 mm: four rows a page (the first page also
    # has the title, subtitle and section heading, about 22 mm: four rows still fit in 250 mm)
    rows = [(f"Voce {i}", "\n".join(["riga"] * 12)) for i in range(30)]
    assert _pages(rows) == 8  # 30 rows, four a page


def test_a_tall_label_makes_its_row_tall() -> None:
    # eight lines of label, one of value: 41 mm a row, six a page (246 mm of 272; the first
    # page's 250 mm after the heading also holds six): 30 rows on five pages
    rows = [("\n".join(["etichetta"] * 8), "Sì") for _ in range(30)]
    assert _pages(rows) == 5
