"""The Codice Fiscale decoded: birth date, sex and the town or foreign state of birth.

The code's layout and check character are those of DM 23 December 1976 (Ministero delle
Finanze) under art. 1 DPR 605/1973: six letters of surname and name, two digits of the
year, a month letter (A…T), the day (plus 40 for women), the four-character cadastral code
of the town of birth (``Z`` and three digits for a foreign state) and a check letter.
Digits replaced by letters (omocodia, ``LMNPQRSTUV`` for 0…9) are read back.

The cadastral codes come from the ISTAT list of municipalities (current and former, each
with the dates it was valid) and the list of foreign states shipped by the
``python-codicefiscale`` package; nothing is fetched at run time. A code used by several
towns over time names the one valid on the birth date.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import Any

from core.domain.products.fields.fiscal import decode_codice_fiscale
from core.i18n import today_in_rome

_PARTICLES = "di d' del della delle dei degli dello da de e ed in sul sulla al alla allo nel la"
_LOWER = frozenset(_PARTICLES.split())
FOREIGN = "EE"


@dataclass(frozen=True, slots=True)
class Place:
    """A town (``province`` its two letters) or a foreign state (``province`` ``EE``)."""

    code: str
    name: str
    province: str

    @property
    def abroad(self) -> bool:
        return self.province == FOREIGN

    @property
    def label(self) -> str:
        """``Milano (MI)`` for a town, the state's name for a foreign state."""
        return self.name if self.abroad else f"{self.name} ({self.province})"


@dataclass(frozen=True, slots=True)
class FiscalCodeFacts:
    birth_date: date
    sex: str
    place_code: str
    place: Place | None

    def as_payload(self) -> dict[str, Any]:
        return {
            "birthDate": self.birth_date.isoformat(),
            "sex": self.sex,
            "placeCode": self.place_code,
            "place": self.place.label if self.place else None,
            "abroad": self.place.abroad if self.place else self.place_code.startswith("Z"),
        }


def _name(raw: str) -> str:
    """``Stati Uniti D'America`` → ``Stati Uniti d'America``: particles after the first word
    in lower case, as the official names write them."""
    words = raw.split(" ")
    out = [words[0]]
    for word in words[1:]:
        lower = word.lower()
        if lower in _LOWER:
            out.append(lower)
        elif lower.startswith("d'") and len(word) > 2:
            out.append("d'" + word[2:])
        else:
            out.append(word)
    return " ".join(out)


def _day(value: str) -> date | None:
    return date.fromisoformat(value[:10]) if value else None


def _read(name: str) -> list[dict[str, Any]]:
    data = resources.files("codicefiscale").joinpath("data", name).read_text(encoding="utf-8")
    loaded = json.loads(data)
    return loaded if isinstance(loaded, list) else []


@lru_cache(maxsize=1)
def _places() -> dict[str, list[tuple[date | None, date | None, Place]]]:
    """Cadastral code → every place that used it, with the dates it was valid."""
    index: dict[str, list[tuple[date | None, date | None, Place]]] = {}
    files = ("municipalities.json", "municipalities-patch.json", "deleted-countries.json",
             "countries.json", "countries-patch.json")  # fmt: skip
    for file in files:
        for row in _read(file):
            code = str(row.get("code") or "").upper()
            if not code:
                continue
            place = Place(code, _name(str(row.get("name") or "")), str(row.get("province") or ""))
            created = _day(str(row.get("date_created") or ""))
            deleted = _day(str(row.get("date_deleted") or ""))
            index.setdefault(code, []).append((created, deleted, place))
    return index


def place_of(code: str, on: date | None = None) -> Place | None:
    """The town or state with cadastral ``code`` on ``on`` (else the latest to use it)."""
    spans = _places().get(code.upper())
    if not spans:
        return None
    if on is not None:
        for created, deleted, place in spans:
            if (created is None or created <= on) and (deleted is None or on <= deleted):
                return place
    current = [place for _created, deleted, place in spans if deleted is None]
    if current:
        return current[-1]
    return max(spans, key=lambda span: span[1] or date.min)[2]


def decode(code: str, today: date | None = None) -> FiscalCodeFacts | None:
    """Birth date, sex and place of a valid personal Codice Fiscale, else ``None`` (the code
    read by the customer fields' own rule, :func:`decode_codice_fiscale`)."""
    facts = decode_codice_fiscale(code or "", today=today or today_in_rome())
    if facts is None:
        return None
    born, place_code = facts["birth_date"], facts["place_code"]
    return FiscalCodeFacts(born, facts["sex"], place_code, place_of(place_code, born))
