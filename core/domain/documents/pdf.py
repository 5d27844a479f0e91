"""The documents the office prints (statements, remittances): A4 PDFs in the core fonts, with
the euro sign and the accented letters (their Windows-1252 code page; what it cannot show
becomes '?'). fpdf2 is loaded with the first document, not by every process that starts."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fpdf import FPDF

ENCODING = "windows-1252"


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
