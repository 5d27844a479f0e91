"""A claim's statuses and the responsibility the company assigns (the words users read)."""

from __future__ import annotations

STATUSES: dict[str, str] = {
    "aperto": "Aperto",
    "in_istruttoria": "In istruttoria",
    "liquidato": "Liquidato",
    "senza_seguito": "Senza seguito",
    "respinto": "Respinto",
}
OPEN = "aperto"
"""A new claim: waiting on the office to take it up with the company."""
CLOSED = frozenset({"liquidato", "senza_seguito", "respinto"})

NEXT: dict[str, frozenset[str]] = {
    "aperto": frozenset({"in_istruttoria", "liquidato", "senza_seguito", "respinto"}),
    "in_istruttoria": frozenset({"liquidato", "senza_seguito", "respinto"}),
    # a closed claim may be reopened (a late document, an appeal): back under review
    "liquidato": frozenset({"in_istruttoria"}),
    "senza_seguito": frozenset({"in_istruttoria"}),
    "respinto": frozenset({"in_istruttoria"}),
}
"""Where each status may go next; a claim never goes back to ``aperto``."""

RESPONSIBILITIES: dict[str, str] = {
    "principale": "Principale",
    "paritaria": "Paritaria",
    "nessuna": "Nessuna",
}
"""The insured's share of the fault, as the company settles it (CARD, motor claims)."""
