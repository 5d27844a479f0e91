"""Italian number plates.

Accepted (after removing spaces and hyphens, in upper case):

- cars since 1994: ``AA000AA``, letters without I, O, Q and U;
- motorcycles since 1999: ``AA00000``, same letters;
- mopeds since 2006: ``X`` and five characters, digits or those letters (``X2B4CD``);
- provincial plates before 1994: a province code (``MI``, ``ROMA``…) then five or six
  characters, digits with at most two letters (``MI123456``, ``MIA12345``, ``ROMA12345A``).

Trailer, diplomatic, army and special plates are not recognised.
"""

from __future__ import annotations

import re

_LETTER = "[A-HJ-NPR-TV-Z]"
_PROVINCE_CODES = (
    "AG AL AN AO AP AQ AR AT AV BA BG BI BL BN BO BR BS BZ CA CB CE CH CL CN CO CR CS CT CZ "
    "EN FE FG FI FO FR GE GO GR IM IS KR LE LI LT LU MC ME MI MN MO MS MT NA NO NU OR PA PC PD "
    "PE PG PI PN PO PR PS PT PV PZ RA RC RE RG RI RN RO SA SI SO SP SR SS SV TA TE TN TO TP TR "
    "TS TV UD VA VC VE VI VR VT VV"
)
_PROVINCES = [*_PROVINCE_CODES.split(), "ROMA"]
_PATTERNS = (
    re.compile(rf"{_LETTER}{{2}}[0-9]{{3}}{_LETTER}{{2}}"),
    re.compile(rf"{_LETTER}{{2}}[0-9]{{5}}"),
    re.compile(rf"X(?:[0-9]|{_LETTER}){{5}}"),
    re.compile(
        rf"(?:{'|'.join(_PROVINCES)})(?=[0-9A-Z]{{5,6}}$)[0-9]*[A-Z]?[0-9]*[A-Z]?[0-9]*",
    ),
)


def normalise_plate(plate: str) -> str:
    """Upper case without spaces or hyphens: how plates are compared and stored."""
    return re.sub(r"[\s\-]", "", plate).upper()


def is_plate(plate: str) -> bool:
    """Whether ``plate`` is an Italian plate in one of the accepted formats."""
    code = normalise_plate(plate)
    return code.isascii() and any(p.fullmatch(code) for p in _PATTERNS)
