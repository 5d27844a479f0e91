"""The certificate's years read from the claims the office has registered on the vehicle's
policies: a claim counts in the year the company settled it (``liquidato``), as the ATR counts
claims paid in an observation period (Provvedimento IVASS n. 72/2018, see
:mod:`plugins.rca.rules.cu`).

* **Principale** (the insured's share at least 51 %): one claim with main responsibility.
* **Paritaria**: the insured's equal share among the vehicles involved (the insured's and each
  counterparty's): 50 % between two, 33 % among three, and so on, never below 1 % — each driver
  presumed to have contributed equally (art. 2054 c. 2 c.c.).
* **Nessuna**, no responsibility set, or a claim not settled (open, under review, closed
  without payment, refused, or reopened): nothing.

The observation period is taken as the calendar year of the settlement: a certificate's period
ends two months before the policy's expiry, so a claim settled in those two months belongs to
the next one; the calculator's table stays editable for that.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from plugins.rca.rules.cu import AtrYear

SETTLED = "liquidato"
MAIN, EQUAL = "principale", "paritaria"


@dataclass(frozen=True, slots=True)
class RegisteredClaim:
    """A claim as the certificate reads it."""

    status: str
    responsibility: str | None
    settled_on: date | None
    """The day it was last set ``liquidato`` (``None``: never)."""
    vehicles: int
    """The vehicles involved: the insured's and the counterparties'."""


def equal_share(vehicles: int) -> int:
    """The insured's share (%) of an equal fault among ``vehicles``."""
    return max(1, 100 // max(vehicles, 2))


def atr_years(claims: Iterable[RegisteredClaim]) -> list[AtrYear]:
    """One certificate year per year with a settled claim that counts, oldest first."""
    main: dict[int, int] = defaultdict(int)
    shares: dict[int, list[int]] = defaultdict(list)
    for claim in claims:
        if claim.status != SETTLED or claim.settled_on is None:
            continue
        year = claim.settled_on.year
        if claim.responsibility == MAIN:
            main[year] += 1
        elif claim.responsibility == EQUAL:
            shares[year].append(equal_share(claim.vehicles))
    return [
        AtrYear(year, main.get(year, 0), tuple(shares.get(year, ())))
        for year in sorted(set(main) | set(shares))
    ]
