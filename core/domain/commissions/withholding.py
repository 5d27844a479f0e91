"""Withholding on commissions (ritenuta d'acconto), on its legal base.

* Art. 25-bis c. 1 DPR 600/1973: whoever pays commissions for agency, mediation or the
  procurement of business withholds tax at the rate of the first IRPEF bracket (art. 11
  TUIR: 23 %), a collaborator's ``ritenuta``.
* Art. 25-bis c. 2: the rate applies to **50 %** of the commissions, or to **20 %** when the
  collaborator declares that they use employees or third parties continuously.
* Art. 1 c. 67 L. 190/2014 (flat-rate regime, *forfettario*): their fees bear **no**
  withholding, whatever the rate.

A collaborator's base is stored as a code (:data:`BASES`); the rate stays the user's
``ritenuta`` in %.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

BaseCode = Literal["50", "20", "nessuna"]
BASES: dict[str, Decimal] = {"50": Decimal(50), "20": Decimal(20), "nessuna": Decimal(0)}
"""Each base's share of the commissions the rate applies to, in %."""
DEFAULT_BASE: BaseCode = "50"
SOURCES = {
    "50": "art. 25-bis c. 2 DPR 600/1973",
    "20": "art. 25-bis c. 2 DPR 600/1973, uso continuativo di dipendenti o terzi",
    "nessuna": "regime forfettario, art. 1 c. 67 L. 190/2014",
}


def base_percent(code: str | None) -> Decimal:
    """The share of the commissions withheld on, in %; an unknown code is the legal default."""
    return BASES.get(code or DEFAULT_BASE, BASES[DEFAULT_BASE])


def percent_text(value: Decimal) -> str:
    """``23`` → ``23 %``, ``11.5`` → ``11,5 %`` (it-IT, no trailing zeros)."""
    return f"{value.normalize():f}".replace(".", ",") + " %"


def describe(code: str | None, rate: Decimal) -> str:
    """What is withheld, in words: 'Ritenuta d'acconto 23 % sul 50 % delle provvigioni'."""
    if base_percent(code) == 0:
        return "Nessuna ritenuta d'acconto (regime forfettario, art. 1 c. 67 L. 190/2014)"
    base = percent_text(base_percent(code))
    return f"Ritenuta d'acconto {percent_text(rate)} sul {base} delle provvigioni"
