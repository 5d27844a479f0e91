"""The kinds of document a pre-contract set holds, and their titles (IVASS Reg. 40/2018,
artt. 56 and 59; Reg. 41/2018 for the DIP and the DIP aggiuntivo)."""

from __future__ import annotations

ANNEX_KINDS = ("allegato3", "allegato4", "allegato4ter")
PRODUCT_KINDS = ("dip", "dip_aggiuntivo", "condizioni")
NEEDS_KIND = "esigenze"
"""The customer's answers on demands and needs (Reg. 40/2018, art. 58), signed with the set."""
TITLES = {
    "allegato3": "Allegato 3 - Informativa sul distributore",
    "allegato4": "Allegato 4 - Informazioni sulla distribuzione del prodotto assicurativo",
    "allegato4ter": "Allegato 4-ter - Regole di comportamento del distributore",
    "dip": "DIP - Documento informativo precontrattuale",
    "dip_aggiuntivo": "DIP aggiuntivo",
    "condizioni": "Condizioni di assicurazione",
    "esigenze": "Richieste ed esigenze del contraente",
}
FILE_NAMES = {
    "allegato3": "Allegato 3.pdf",
    "allegato4": "Allegato 4.pdf",
    "allegato4ter": "Allegato 4-ter.pdf",
}
