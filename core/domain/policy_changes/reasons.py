"""The words of policy changes: endorsement subjects and cancellation reasons, in Italian."""

from __future__ import annotations

from typing import Literal

APPENDICE = "appendice"
ANNULLAMENTO = "annullamento"
KINDS: dict[str, str] = {APPENDICE: "Appendice", ANNULLAMENTO: "Annullamento"}

Subtype = Literal["veicolo", "conducente", "indirizzo", "garanzie"]
SUBTYPES: dict[str, str] = {
    "veicolo": "Sostituzione del veicolo",
    "conducente": "Aggiunta di un conducente",
    "indirizzo": "Cambio di indirizzo",
    "garanzie": "Variazione delle garanzie",
}

Reason = Literal["vendita", "demolizione", "furto", "recesso", "sostituzione", "altro"]
REASONS: dict[str, str] = {
    "vendita": "Vendita del veicolo (art. 171 CAP)",
    "demolizione": "Demolizione del veicolo (art. 171 CAP)",
    "furto": "Furto del veicolo (art. 171 CAP)",
    "recesso": "Recesso",
    "sostituzione": "Sostituzione con altra polizza",
    "altro": "Altro motivo",
}
"""Why a policy is cancelled; the first three are the transfer, scrapping and theft of the
vehicle of art. 171 D.Lgs. 209/2005 (Codice delle Assicurazioni Private)."""

RECEIPT_KIND = "kind"
"""The instalment's ``info`` key naming a change's receipt: ``appendice`` or ``rimborso``."""
REFUND = "rimborso"
SET_ASIDE = "SOSP"
CANCELLED_BY = "annullata"
