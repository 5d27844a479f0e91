"""The register's single values, checked once for the forms, the calls and the CSV import:
vehicle kind, registration, names and free text. Each refusal is an Italian sentence."""

from __future__ import annotations

import re
from datetime import date

from core.api import rome_day, utcnow
from plugins.rca.rules.plates import VehicleKind

BAD_KIND = "Tipo di veicolo non valido: dev'essere autovettura, motociclo, ciclomotore o rimorchio"
BAD_REGISTRATION = (
    "Data di immatricolazione non valida: scrivi 'nuova', gg/mm/aaaa o aaaa-mm-gg (dal 1900 a oggi)"
)
CONTROL = "Il testo contiene caratteri non ammessi"
MISSING = "Campo obbligatorio: {name}"
TOO_LONG = "Testo troppo lungo per {name}: al massimo {limit} caratteri"
FIRST_DAY = date(1900, 1, 1)
NEW_WORDS = frozenset({"nuova", "nuovo", "new"})
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")
_ITALIAN_DAY = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4})")
_ISO_DAY = re.compile(r"(\d{4})-(\d{2})-(\d{2})")


def vehicle_kind(raw: str) -> VehicleKind:
    """``raw`` (any case, spaces around ignored) as a vehicle kind."""
    try:
        return VehicleKind(raw.strip().lower())
    except ValueError:
        raise ValueError(BAD_KIND) from None


def text(raw: str | None, name: str, limit: int, *, required: bool = False) -> str:
    """``raw`` with its spaces collapsed; refused with control characters, over ``limit``
    characters, or empty when ``required``."""
    if raw is not None and _CONTROL.search(raw):
        raise ValueError(CONTROL)
    cleaned = " ".join((raw or "").split())
    if required and not cleaned:
        raise ValueError(MISSING.format(name=name))
    if len(cleaned) > limit:
        raise ValueError(TOO_LONG.format(name=name, limit=limit))
    return cleaned


def _real_day(year: int, month: int, day: int) -> date:
    """The day, when it exists and is from 1900 to today (Rome)."""
    try:
        found = date(year, month, day)
    except ValueError:
        raise ValueError(BAD_REGISTRATION) from None
    if not FIRST_DAY <= found <= rome_day(utcnow()):
        raise ValueError(BAD_REGISTRATION)
    return found


def iso_registration_day(raw: str) -> date:
    """A registration date as the wire writes it, ``aaaa-mm-gg``: a real day from 1900 to
    today."""
    if found := _ISO_DAY.fullmatch(raw.strip()):
        return _real_day(int(found[1]), int(found[2]), int(found[3]))
    raise ValueError(BAD_REGISTRATION)


def registration_day(raw: str) -> date:
    """A registration date as a file may write it, ``gg/mm/aaaa`` or ``aaaa-mm-gg``."""
    if found := _ITALIAN_DAY.fullmatch(raw.strip()):
        return _real_day(int(found[3]), int(found[2]), int(found[1]))
    return iso_registration_day(raw)


def registration(raw: str) -> tuple[bool, date | None]:
    """A CSV's ``immatricolazione``: ``nuova`` (a new vehicle) or its date."""
    if raw.strip().lower() in NEW_WORDS:
        return True, None
    return False, registration_day(raw)
