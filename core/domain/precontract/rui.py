"""The RUI registration (Registro Unico degli Intermediari, art. 109 CAP; IVASS Reg. 40/2018,
Allegato 3 Sezione I and Allegato 4) of the intermediary and of its collaborators, as the
pre-contract documents print it: from the entries kept in "RUI e formazione"
(:func:`core.domain.rui.intermediary.rui_for_documents`), "—" where none is recorded."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Any

MISSING = "—"


@dataclass(frozen=True, slots=True)
class Rui:
    """A RUI section (A, B, C, D, E, F), number and registration date, as printed."""

    section: str = MISSING
    number: str = MISSING
    registered_on: str = MISSING

    def line(self) -> str:
        return f"Sezione RUI {self.section}, n. {self.number}, iscritto dal {self.registered_on}"


def _text(value: Any, limit: int = 40) -> str:
    if isinstance(value, str) and value.strip():
        text = value.strip()[:limit]
        try:  # an ISO date reads as the Italian one
            return date.fromisoformat(text).strftime("%d/%m/%Y")
        except ValueError:
            return text
    return MISSING


def printed(entry: Mapping[str, Any] | None) -> Rui:
    """An entry as ``rui_for_documents`` gives it (``section``, ``number``, ``registeredOn``),
    or nothing recorded."""
    if not entry:
        return Rui()
    return Rui(_text(entry.get("section"), 2), _text(entry.get("number")),
               _text(entry.get("registeredOn")))  # fmt: skip
