"""The monthly 'estratto conto provvigioni' as a PDF (fpdf2): the tenant's logo and title,
the collaborator with their withholding in words (rate and base, art. 25-bis DPR 600/1973),
codice fiscale, partita IVA and IBAN, the month, the opening balance, every movement and the
closing balance; amounts it-IT ('1.050,00 €'), rates '23 %'."""

from __future__ import annotations

import io
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING

import structlog

from core.db import models as m
from core.domain.commissions.ledger import Statement
from core.domain.commissions.withholding import describe
from core.domain.documents.pdf import new_document
from core.i18n import ROME
from core.money import euro_text

if TYPE_CHECKING:
    from fpdf import FPDF

log = structlog.get_logger(__name__)

KINDS = {"provvigione": "Provvigione", "storno": "Storno", "pagamento": "Pagamento",
         "anticipo": "Anticipo", "rettifica": "Rettifica"}  # fmt: skip
TEXT_COLUMNS = ("Data", "Tipo", "Descrizione")
COLUMNS = (("Data", 22), ("Tipo", 24), ("Descrizione", 76), ("Lordo", 22), ("Ritenuta", 22),
           ("Importo", 24))  # fmt: skip


def _identity(user: m.User) -> list[str]:
    """The collaborator's codice fiscale, partita IVA and IBAN, those known."""
    known = (("Codice fiscale", user.tax_code), ("Partita IVA", user.vat_number),
             ("IBAN", user.iban))  # fmt: skip
    return [f"{label}: {value}" for label, value in known if value]


def _logo(pdf: FPDF, logo: Path | bytes | None) -> None:
    """The deployment's logo file, or the uploaded one's bytes."""
    if logo is None or (isinstance(logo, Path) and not logo.is_file()):
        return
    try:
        pdf.image(str(logo) if isinstance(logo, Path) else io.BytesIO(logo), x=15, y=12, h=14)
    except Exception:  # a logo the PDF library cannot draw leaves the title alone
        log.warning("statement.logo_skipped", logo=logo.name if isinstance(logo, Path) else "")


def statement_pdf(
    title: str, logo: Path | bytes | None, user: m.User, start: date, end: date, result: Statement
) -> bytes:
    pdf = new_document()  # Helvetica with € and the accented letters
    pdf.set_auto_page_break(auto=True, margin=15)
    pdf.add_page()
    _logo(pdf, logo)
    pdf.set_font("helvetica", "B", 15)
    pdf.set_xy(60, 12)
    pdf.cell(0, 8, "Estratto conto provvigioni", align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("helvetica", "", 10)
    pdf.set_x(60)
    pdf.cell(0, 6, title, align="R", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(8)
    pdf.cell(0, 6, f"Collaboratore: {user.name or user.email}", new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 6, f"Periodo: dal {start:%d/%m/%Y} al {end:%d/%m/%Y}",
             new_x="LMARGIN", new_y="NEXT")  # fmt: skip
    pdf.cell(0, 6, describe(user.withholding_base, user.ritenuta), new_x="LMARGIN", new_y="NEXT")
    for line in _identity(user):
        pdf.cell(0, 6, line, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font("helvetica", "B", 10)
    pdf.cell(0, 7, f"Saldo iniziale: {euro_text(result.opening)}", new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    pdf.set_font("helvetica", "B", 8)
    for name, width in COLUMNS:
        pdf.cell(width, 6, name, border="B", align="L" if name in TEXT_COLUMNS else "R")
    pdf.ln()
    pdf.set_font("helvetica", "", 8)
    for entry in result.entries:
        cells = (
            f"{entry.at.astimezone(ROME):%d/%m/%Y}", KINDS.get(entry.kind, entry.kind),
            entry.description[:60], euro_text(entry.gross), euro_text(entry.withholding),
            euro_text(entry.amount),
        )  # fmt: skip
        for (name, width), text in zip(COLUMNS, cells, strict=True):
            pdf.cell(width, 5, text, align="L" if name in TEXT_COLUMNS else "R")
        pdf.ln()
    if not result.entries:
        pdf.cell(0, 6, "Nessun movimento nel periodo", new_x="LMARGIN", new_y="NEXT")
    if result.truncated:
        note = f"Elenco troncato ai primi {len(result.entries)} movimenti: i totali li comprendono"
        pdf.cell(0, 6, note, new_x="LMARGIN", new_y="NEXT")
    pdf.ln(3)
    pdf.set_font("helvetica", "", 10)
    pdf.cell(0, 6, f"Totale accrediti: {euro_text(result.credits)}", new_x="LMARGIN", new_y="NEXT")
    pdf.cell(0, 6, f"Totale addebiti: {euro_text(result.debits)}", new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("helvetica", "B", 11)
    pdf.cell(0, 8, f"Saldo finale: {euro_text(result.closing)}", new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())
