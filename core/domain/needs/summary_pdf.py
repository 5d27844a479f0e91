"""The answers as a PDF, "Richieste ed esigenze": who was asked, about which product, each
question with its answer, and whether the product fits them. It joins the pre-contract set,
so the customer's one-time code signs it with the annexes (IVASS Reg. 40/2018, art. 58)."""

from __future__ import annotations

from core.db import models as m
from core.domain.documents.pdf import Section, sections_pdf
from core.domain.needs.assessments import CHANNEL_NAMES
from core.i18n import ROME

TITLE = "Richieste ed esigenze del contraente"
FILE_NAME = "Richieste ed esigenze.pdf"
FITS = "Il contratto proposto risulta coerente con le richieste ed esigenze dichiarate."
DOES_NOT_FIT = (
    "Il contratto proposto NON risulta coerente con le risposte sopra indicate (art. 119-ter "
    "del Codice delle Assicurazioni Private; Regolamento IVASS n. 40/2018, art. 58)."
)
TOLD = {
    "link": "La non coerenza è stata segnalata al contraente sulla pagina del preventivo, "
            "prima della conferma dei documenti.",
    "ufficio": "La non coerenza è stata segnalata all'intermediario che ha compilato il "
               "questionario con il contraente.",
}  # fmt: skip
"""How the mismatch was shown, by the answers' channel: what the app knows it did."""
NOTE = (
    "Questionario per la valutazione delle richieste e delle esigenze assicurative del "
    "contraente (art. 119-ter, comma 1, del Codice delle Assicurazioni Private; Regolamento "
    "IVASS n. 40/2018, art. 58), compilato prima della conclusione del contratto."
)


def summary_pdf(
    intermediary: str, customer: str, product: str, quote_id: str, row: m.NeedsAssessment
) -> bytes:
    """The summary of ``row`` (the caller runs this in a thread when it may be slow)."""
    answered: Section = ("Risposte", [(a["question"], a["answer"]) for a in row.answers])
    fit_rows = [("Esito", FITS)] if not row.mismatches else [
        ("Esito", DOES_NOT_FIT),
        ("Segnalazione", TOLD.get(row.channel, "")),
        *[(f"Non coerente: {w['question']}", w["answer"]) for w in row.mismatches],
    ]  # fmt: skip
    parts: list[Section] = [
        ("Questionario", [
            ("Intermediario", intermediary), ("Contraente", customer), ("Prodotto", product),
            ("Preventivo", quote_id),
            ("Compilato", f"{row.answered_at.astimezone(ROME):%d/%m/%Y %H:%M}, "
                          f"{CHANNEL_NAMES.get(row.channel, row.channel)}"),
            ("Versione del questionario", str(row.questionnaire_version)),
        ]),
        answered,
        ("Coerenza del contratto", fit_rows),
    ]  # fmt: skip
    return sections_pdf(TITLE, f"{intermediary} - Contraente: {customer}", parts, NOTE)
