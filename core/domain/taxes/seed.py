"""The rates in force a tenant starts with (``/impostazioni`` edits them), each with its
legal source.

* Tariff annexed to law 29 October 1961 n. 1216 (all. A) as amended: infortuni and malattia
  2.5%; incendio, furto and RC generale 22.25% (21.25% plus the 1% anti-racket surcharge);
  corpi veicoli terrestri 13.5%; tutela legale and perdite pecuniarie 21.25%; assistenza
  10%; credito and cauzione 12.5%; vita exempt (contracts from 1 January 2001, D.Lgs.
  47/2000).
* Motor liability: the provincial tax (art. 17 D.Lgs. 6 May 2011 n. 68: 12.5%, each province
  may move it by up to 3.5 points; Torino's 16% checked on its own notice; every other
  province is seeded at 16%, the rate most chose, for the admin to check and edit) and the
  SSN contribution of 10.5% (art. 334 D.Lgs. 7 September 2005 n. 209), both on the net
  premium.
"""

from __future__ import annotations

from typing import Any, Final

from core.domain.taxes.rami import PROVINCES

TABLE_KEY: Final = "imposte"
"""The key of the tax table in the tenant's settings."""

SEED_FROM: Final = "2012-01-01"
"""The day the seeded rows start: the provincial motor tax's first (art. 17 c. 1)."""

TARIFF = "L. 1216/1961, tariffa all. A"
ANTIRACKET = "+ 1% art. 18 L. 44/1999"
_TARIFF_RATES: Final = (
    ("cvt", 13.5, f"{TARIFF} (auto rischi diversi 12,5% {ANTIRACKET})"),
    ("infortuni", 2.5, f"{TARIFF} (infortuni)"),
    ("malattia", 2.5, f"{TARIFF} (malattia)"),
    ("incendio", 22.25, f"{TARIFF} (21,25% {ANTIRACKET})"),
    ("furto", 22.25, f"{TARIFF} (21,25% {ANTIRACKET})"),
    ("rc_generale", 22.25, f"{TARIFF} (RC diversi 21,25% {ANTIRACKET})"),
    ("tutela_legale", 21.25, f"{TARIFF} (tutela giudiziaria)"),
    ("assistenza", 10, f"{TARIFF} (assistenza)"),
    ("perdite_pecuniarie", 21.25, f"{TARIFF} (perdite pecuniarie)"),
    ("credito", 12.5, f"{TARIFF} (credito)"),
    ("cauzione", 12.5, f"{TARIFF} (cauzione)"),
    ("vita", 0, "Esente: L. 1216/1961 come modificata dal D.Lgs. 47/2000 (dal 1° gennaio 2001)"),
)
PROVINCIAL_SOURCE: Final = "Art. 17 D.Lgs. 68/2011"
VERIFIED_PROVINCES: Final = {"TO": "delibera della Città metropolitana di Torino (16% nel 2025)"}
UNVERIFIED: Final = "da verificare sulla delibera provinciale"
SSN_SOURCE: Final = "Art. 334 D.Lgs. 209/2005 (contributo SSN 10,5%)"


def seeded_table() -> dict[str, Any]:
    """The tax table as stored in the settings (JSON)."""
    return {
        "rami": [
            {"ramo": ramo, "rate": rate, "from": SEED_FROM, "to": None, "source": source}
            for ramo, rate, source in _TARIFF_RATES
        ],
        "province": [
            {
                "code": code,
                "rate": 16,
                "from": SEED_FROM,
                "to": None,
                "source": f"{PROVINCIAL_SOURCE}: {VERIFIED_PROVINCES.get(code, UNVERIFIED)}",
            }
            for code in PROVINCES
        ],
        "ssn": [{"rate": 10.5, "from": SEED_FROM, "to": None, "source": SSN_SOURCE}],
    }
