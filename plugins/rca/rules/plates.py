"""Italian plate formats (targhe) by kind of vehicle, and the refusal of a plate that fits none.

The formats, with where each comes from:

* **Autovettura** ``AA000AA``: the national series in use since 1994 (the first plate,
  ``AA 000 AA``, was made on 25 May 1994), issued in order by the Motorizzazione. Letters in
  all four positions are the 22 of the alphabet without **I, O, Q, U** (too close to 1, 0, 0
  and V). Within the series the first letter **X** is the trailers' (below) and **EE** as the
  first pair is skipped (it is the escursionisti esteri plates'); **Y** (polizia locale) and
  **Z** (the two-line "quadrotte" plates) are cars' and are admitted. Sources: it.wikipedia,
  "Targhe d'immatricolazione dell'Italia" (note on the 1994 series); La Gazzetta dello Sport,
  "Targhe auto e moto italiane" (2 May 2025).
* **Motociclo** ``AA00000``: two letters and five digits, the same 22 letters. The series skips
  the pairs that spell a province (so as not to repeat a pre-1994 plate); that list is not
  checked here, a pair that was never issued is still a well-formed plate. Same sources.
* **Ciclomotore** ``X00000``: the six-character plate of D.P.R. 6 March 2006 n. 153 (from 14
  July 2006; compulsory for every ciclomotore since 12 February 2012, L. 120/2010), an ``X``
  and five characters each taken from the digits 2-9 and the consonants without Q (no A, E,
  I, O, U, no 0 or 1: 28 symbols, so a lot ``X22/2**`` holds 28 × 28 = 784 plates, as the
  lots are counted). The five-character "contrassegno" of before is refused by name. Sources:
  the DPR; a plate collector's account of the series (assicurazione.auto, "X del nuovo
  targhino dei ciclomotori"); Comune di San Benedetto del Tronto on the 12 February 2012 term.
* **Rimorchio** ``XA000AA`` (registered from 20 February 2013, D.P.R. 28 September 2012 n.
  198: the car series with the first letter fixed at X) or ``AA00000`` (registered before,
  the "RIMORCHIO" plate of two letters and five digits, still in circulation).

Input is normalised first (spaces and hyphens dropped, upper case): anything else is refused.
"""

from __future__ import annotations

import re
from enum import StrEnum

from plugins.rca.rules.errors import RcaRuleError

LETTERS = "ABCDEFGHJKLMNPRSTVWXYZ"
"""The 22 letters of the plates: the alphabet without I, O, Q, U."""
MOPED_SYMBOLS = "23456789BCDFGHJKLMNPRSTVWXYZ"
"""The 28 symbols after the ``X`` of a ciclomotore plate: digits 2-9, consonants but Q."""

_L = f"[{LETTERS}]"
_M = f"[{MOPED_SYMBOLS}]"
CAR = re.compile(rf"{_L}{{2}}[0-9]{{3}}{_L}{{2}}")
MOTORCYCLE = re.compile(rf"{_L}{{2}}[0-9]{{5}}")
MOPED = re.compile(rf"X{_M}{{5}}")
TRAILER = re.compile(rf"X{_L}[0-9]{{3}}{_L}{{2}}")
OLD_TRAILER = MOTORCYCLE
OLD_MOPED = re.compile(r"[0-9A-Z]{5}")


class VehicleKind(StrEnum):
    """The kinds of vehicle the line insures whose plate format it checks."""

    AUTOVETTURA = "autovettura"
    MOTOCICLO = "motociclo"
    CICLOMOTORE = "ciclomotore"
    RIMORCHIO = "rimorchio"


NOUN = {
    VehicleKind.AUTOVETTURA: "un'autovettura",
    VehicleKind.MOTOCICLO: "un motociclo",
    VehicleKind.CICLOMOTORE: "un ciclomotore",
    VehicleKind.RIMORCHIO: "un rimorchio",
}
FORMAT = {
    VehicleKind.AUTOVETTURA: "il formato è AA000AA (senza I, O, Q, U)",
    VehicleKind.MOTOCICLO: "il formato è AA00000 (senza I, O, Q, U)",
    VehicleKind.CICLOMOTORE: (
        "il formato è X00000 (una X e cinque tra cifre da 2 a 9 e consonanti, senza Q)"
    ),
    VehicleKind.RIMORCHIO: (
        "il formato è XA000AA dal 2013 o AA00000 se immatricolato prima (senza I, O, Q, U)"
    ),
}
MISSING = "Targa mancante"
BAD_CHARACTERS = (
    "Targa non valida: sono ammesse solo lettere e cifre (spazi e trattini si ignorano)"
)
INVALID = "Targa non valida per {noun}: {format}"
TRAILER_AS_CAR = (
    "Targa non valida per un'autovettura: le targhe che iniziano per X sono dei rimorchi "
    "(il formato è AA000AA, senza I, O, Q, U)"
)
FOREIGN_SERIES = (
    "Targa non valida per un'autovettura: la serie EE è riservata agli escursionisti esteri "
    "(il formato è AA000AA, senza I, O, Q, U)"
)
OLD_CONTRASSEGNO = (
    "Targa non valida per un ciclomotore: il contrassegno a cinque caratteri non vale più "
    "dal 12 febbraio 2012 (il formato è X00000)"
)


def normalise(raw: str) -> str:
    """The plate as written on the register: upper case, without spaces or hyphens."""
    plate = re.sub(r"[\s\-]", "", raw).upper()
    if not plate:
        raise RcaRuleError(MISSING)
    if not re.fullmatch(r"[0-9A-Z]+", plate):
        raise RcaRuleError(BAD_CHARACTERS)
    return plate


def fits(plate: str, kind: VehicleKind) -> bool:
    """Whether an already normalised plate is one of ``kind``'s."""
    match kind:
        case VehicleKind.AUTOVETTURA:
            return bool(CAR.fullmatch(plate)) and plate[0] != "X" and plate[:2] != "EE"
        case VehicleKind.MOTOCICLO:
            return bool(MOTORCYCLE.fullmatch(plate))
        case VehicleKind.CICLOMOTORE:
            return bool(MOPED.fullmatch(plate))
        case VehicleKind.RIMORCHIO:
            return bool(TRAILER.fullmatch(plate) or OLD_TRAILER.fullmatch(plate))


def validate_plate(raw: str, kind: VehicleKind) -> str:
    """The normalised plate, or :class:`RcaRuleError` saying which format ``kind`` has."""
    plate = normalise(raw)
    if fits(plate, kind):
        return plate
    if kind is VehicleKind.AUTOVETTURA and CAR.fullmatch(plate):
        raise RcaRuleError(TRAILER_AS_CAR if plate[0] == "X" else FOREIGN_SERIES)
    if kind is VehicleKind.CICLOMOTORE and OLD_MOPED.fullmatch(plate):
        raise RcaRuleError(OLD_CONTRASSEGNO)
    raise RcaRuleError(INVALID.format(noun=NOUN[kind], format=FORMAT[kind]))


def kinds_of(raw: str) -> list[VehicleKind]:
    """The kinds whose format a plate fits (an old trailer's is also a motorcycle's)."""
    plate = normalise(raw)
    return [kind for kind in VehicleKind if fits(plate, kind)]
