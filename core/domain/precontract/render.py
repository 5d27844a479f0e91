"""The annexes and the receipt as A4 PDFs (fpdf2, the office's core fonts with € and the
accented letters: :mod:`core.domain.documents.pdf`)."""

from __future__ import annotations

from core.domain.documents.pdf import sections_pdf
from core.domain.precontract.annexes import ANNEXES, WARNING
from core.domain.precontract.facts import Facts
from core.domain.precontract.kinds import TITLES


def annex_pdf(kind: str, facts: Facts) -> bytes:
    """One annex (``allegato3``, ``allegato4``, ``allegato4ter``) for the quote's facts."""
    subtitle = (
        f"Regolamento IVASS n. 40/2018 - {facts.intermediary} - "
        f"Contraente: {facts.customer} - Preventivo {facts.quote_id}"
    )
    return sections_pdf(TITLES[kind], subtitle, ANNEXES[kind](facts), WARNING)
