"""The RUI registration (Registro Unico degli Intermediari, art. 109 CAP; IVASS Reg. 40/2018,
Allegato 3 Sezione I and Allegato 4) of the intermediary and of its collaborators.

The tenant and the users do not carry these fields yet: each is read when present
(``rui_section``, ``rui_number``, ``rui_date`` on the tenant or the user, or the same keys in
a user's ``info``) and printed as "—" until then."""

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
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, str) and value.strip():
        text = value.strip()[:limit]
        try:  # an ISO date reads as the Italian one
            return date.fromisoformat(text).strftime("%d/%m/%Y")
        except ValueError:
            return text
    return MISSING


def _read(source: object, extra: Mapping[str, Any] | None = None) -> Rui:
    def field(name: str) -> Any:
        value = getattr(source, name, None)
        if value is None and extra is not None:
            value = extra.get(name)
        return value

    return Rui(_text(field("rui_section"), 2), _text(field("rui_number")),
               _text(field("rui_date")))  # fmt: skip


def rui_of(user: object | None) -> Rui:
    """A collaborator's registration (their own fields, else their ``info``)."""
    if user is None:
        return Rui()
    info = getattr(user, "info", None)
    return _read(user, info if isinstance(info, Mapping) else None)


def rui_of_tenant(tenant: object) -> Rui:
    """The intermediary's (the tenant's) registration."""
    return _read(tenant)
