"""The rules of the Registro Unico degli Intermediari (RUI) and of the yearly professional
training, as pure functions: no database, no clock.

* Sections (art. 109 c. 2 d.lgs. 209/2005, CAP; art. 4 c. 2 Reg. IVASS 40/2018): A agents,
  B brokers, C direct producers of an insurer, D banks, financial intermediaries, payment
  institutions, SIMs and Poste Italiane, E those who distribute outside the premises of an
  intermediary of section A, B, D or F they work for, F intermediaries on an ancillary basis.
* A RUI number is the section's letter and nine digits (``E000123456``), as the register
  prints it.
* Training (art. 89 Reg. IVASS 40/2018): at least 30 hours of professional updating each
  calendar year; 15 hours for intermediaries on an ancillary basis (section F). The
  obligation starts on 1 January of the year after the registration (the registration year
  is covered by the initial training of art. 88).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

SECTIONS: dict[str, str] = {
    "A": "Agenti",
    "B": "Mediatori (broker)",
    "C": "Produttori diretti",
    "D": "Banche, intermediari finanziari, SIM, Poste Italiane",
    "E": "Addetti all'attività di distribuzione al di fuori dei locali dell'intermediario",
    "F": "Intermediari a titolo accessorio",
}
"""Art. 4 c. 2 Reg. IVASS 40/2018 (art. 109 c. 2 CAP)."""
PRINCIPAL_SECTIONS = frozenset("ABDF")
"""The sections of the intermediary a section E collaborator works for (art. 4 c. 2 lett. e)."""
NUMBER = re.compile(r"[A-F][0-9]{9}")

YEARLY_HOURS = Decimal(30)
"""Art. 89 Reg. IVASS 40/2018: 30 hours of updating each calendar year."""
ANCILLARY_HOURS = Decimal(15)
"""Art. 89 Reg. IVASS 40/2018: 15 hours for intermediaries on an ancillary basis (F)."""
MAX_ENTRY_HOURS = Decimal(100)

BAD_SECTION = "Sezione RUI non valida: indica A, B, C, D, E o F"
BAD_NUMBER = "Numero RUI non valido: la lettera della sezione seguita da 9 cifre (es. E000123456)"
NUMBER_NOT_SECTION = "Il numero RUI deve iniziare con la lettera della sezione ({section})"
REGISTERED_IN_FUTURE = "La data di iscrizione al RUI non può essere futura"
ENDED_IN_FUTURE = "La data di cancellazione non può essere futura"
ENDED_BEFORE = "La data di cancellazione non può precedere l'iscrizione"
PRINCIPAL_NEEDED = (
    "Per la sezione E indica l'intermediario (sezione A, B, D o F) per cui opera il collaboratore"
)
BAD_PRINCIPAL = "L'intermediario di un iscritto in sezione E deve essere in sezione A, B, D o F"
TRAINING_IN_FUTURE = "La data del corso non può essere futura"


@dataclass(frozen=True, slots=True)
class Registration:
    """A RUI entry as the rules read it."""

    section: str
    number: str
    registered_on: date
    ended_on: date | None = None
    intermediary_number: str | None = None


def registration_problem(reg: Registration, today: date) -> str | None:
    """The first thing wrong with ``reg`` (an Italian message), or ``None``."""
    if reg.section not in SECTIONS:
        return BAD_SECTION
    if not NUMBER.fullmatch(reg.number):
        return BAD_NUMBER
    if reg.number[0] != reg.section:
        return NUMBER_NOT_SECTION.format(section=reg.section)
    if reg.registered_on > today:
        return REGISTERED_IN_FUTURE
    if reg.ended_on is not None and reg.ended_on > today:
        return ENDED_IN_FUTURE
    if reg.ended_on is not None and reg.ended_on < reg.registered_on:
        return ENDED_BEFORE
    if reg.section == "E":
        if not reg.intermediary_number:
            return PRINCIPAL_NEEDED
        if not NUMBER.fullmatch(reg.intermediary_number):
            return BAD_NUMBER
        if reg.intermediary_number[0] not in PRINCIPAL_SECTIONS:
            return BAD_PRINCIPAL
    return None


def is_valid_on(reg: Registration | None, day: date) -> bool:
    """Whether ``reg`` is a RUI entry in force on ``day``: registered by then, not ended."""
    if reg is None:
        return False
    return reg.registered_on <= day and (reg.ended_on is None or reg.ended_on > day)


def required_hours(reg: Registration | None, year: int) -> Decimal:
    """The updating hours owed for ``year`` (art. 89 Reg. IVASS 40/2018): none in the year of
    registration or before it, nor in a year the entry ended before; 15 for section F; 30
    otherwise (also when no entry is recorded: a collaborator who distributes must have one)."""
    if reg is None:
        return YEARLY_HOURS
    if year <= reg.registered_on.year:
        return Decimal(0)
    if reg.ended_on is not None and reg.ended_on < date(year, 1, 1):
        return Decimal(0)
    return ANCILLARY_HOURS if reg.section == "F" else YEARLY_HOURS


def hours_in_year(entries: Iterable[tuple[date, Decimal]], year: int) -> Decimal:
    """The hours of the courses attended in ``year`` (exact: Decimal)."""
    return sum((hours for day, hours in entries if day.year == year), Decimal(0))


@dataclass(frozen=True, slots=True)
class YearStatus:
    """Done, required and missing hours of one year."""

    year: int
    done: Decimal
    required: Decimal

    @property
    def missing(self) -> Decimal:
        return max(self.required - self.done, Decimal(0))

    @property
    def short(self) -> bool:
        return self.missing > 0


def year_status(
    reg: Registration | None, entries: Iterable[tuple[date, Decimal]], year: int
) -> YearStatus:
    return YearStatus(year, hours_in_year(entries, year), required_hours(reg, year))
