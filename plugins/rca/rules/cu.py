"""The CU class (classe di merito di conversione universale) from the years of a risk
certificate (attestato di rischio, ATR), with each step written out for the screen.

The rule: Regolamento IVASS n. 9 of 19 May 2015, art. 3 c. 3, leaves the criteria and the
evolution table of the class to an IVASS act, Provvedimento IVASS n. 72 of 16 April 2018
(G.U. 2 May 2018; amended by Provvedimento n. 95 of 14 February 2020; Regolamento IVASS n. 58
of 10 February 2026 is to replace it keeping the same classes). The table, as every insurer's
tariff notes reproduce it:

* a vehicle insured for the first time enters **class 14**;
* at the end of each observation period the class moves by the number of claims paid in it
  with **main responsibility** (responsabilità principale: the driver's share is at least
  51%, or exclusive): none, one class down (not below **1**); one, two up; two, five up;
  three, eight up; four or more, eleven up (not above **18**). From class 1: 1, 3, 6, 9, 12;
  from class 8: 7, 10, 13, 16, 18.

**Responsabilità paritaria** (equal shares: 50% between two drivers, a third among three…)
moves nothing by itself: the share is annotated on the certificate, and when the shares
annotated on claims paid in the last five observation periods add up to at least **51%** the
insurer applies the malus as for one claim with main responsibility (the ISVAP rule on the
attestato after L. 40/2007, kept since; "responsabilità cumulata" in the insurers' standard
policy wording: "pari ad almeno il 51%… dal cumulo di più responsabilità paritarie accertate
in relazione a sinistri pagati negli ultimi cinque periodi di osservazione"). Here the
shares count from the year they are paid, drop out after five periods, and those that made a
malus are spent: the cumulation starts again.

Out of scope: claims paid late (after the certificate was issued: Provvedimento 72/2018 has
them amend a past year), the insurers' own internal classes, the Bersani class (see
:mod:`plugins.rca.rules.bersani`), which gives the starting class instead of 14.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from plugins.rca.rules.errors import RcaRuleError

ENTRY_CLASS = 14
BEST_CLASS = 1
WORST_CLASS = 18
MALUS = {1: 2, 2: 5, 3: 8}
"""Classes up for one, two, three claims with main responsibility in the year."""
MALUS_FOUR_OR_MORE = 11
PARITARIA_THRESHOLD = 51
"""Cumulated paritaria share (%) that counts as one claim with main responsibility."""
PARITARIA_PERIODS = 5

BAD_YEARS = "Attestato di rischio non valido: gli anni devono essere in ordine e senza ripetizioni"
BAD_COUNT = "Attestato di rischio non valido: il numero di sinistri del {year} è negativo"
BAD_SHARE = (
    "Attestato di rischio non valido: una quota di responsabilità paritaria del {year} "
    "dev'essere tra 1% e 50%"
)
BAD_CLASS = "Classe di merito non valida: dev'essere tra 1 e 18"


@dataclass(frozen=True)
class AtrYear:
    """One observation period of the certificate: the claims paid in it with main
    responsibility, and the shares (%) of those paid with responsabilità paritaria."""

    year: int
    main_claims: int = 0
    paritaria: tuple[int, ...] = ()


@dataclass(frozen=True)
class CuResult:
    """The class reached and the derivation, one Italian sentence per step."""

    cu_class: int
    steps: list[str] = field(default_factory=list)


def evolve(cu_class: int, claims: int) -> int:
    """The class after a period with ``claims`` claims of main responsibility."""
    if claims == 0:
        return max(BEST_CLASS, cu_class - 1)
    return min(WORST_CLASS, cu_class + MALUS.get(claims, MALUS_FOUR_OR_MORE))


def _check(history: Sequence[AtrYear], start: int) -> None:
    if not BEST_CLASS <= start <= WORST_CLASS:
        raise RcaRuleError(BAD_CLASS)
    years = [row.year for row in history]
    if any(later <= earlier for earlier, later in pairwise(years)):
        raise RcaRuleError(BAD_YEARS)
    for row in history:
        if row.main_claims < 0:
            raise RcaRuleError(BAD_COUNT.format(year=row.year))
        if any(not 1 <= share <= 50 for share in row.paritaria):
            raise RcaRuleError(BAD_SHARE.format(year=row.year))


def _claims_phrase(claims: int) -> str:
    if claims == 0:
        return "nessun sinistro con responsabilità principale"
    if claims == 1:
        return "1 sinistro con responsabilità principale"
    return f"{claims} sinistri con responsabilità principale"


def cu_class(history: Sequence[AtrYear], *, start: int = ENTRY_CLASS) -> CuResult:
    """The CU class after the periods of ``history`` (oldest first), from ``start``
    (class 14 for a vehicle insured for the first time)."""
    _check(history, start)
    current = start
    steps = [
        f"Ingresso: classe {start}"
        + (" (veicolo assicurato per la prima volta)" if start == ENTRY_CLASS else "")
    ]
    annotated: list[tuple[int, int]] = []  # (year paid, share %) not yet spent
    for row in history:
        annotated = [(y, s) for y, s in annotated if row.year - y < PARITARIA_PERIODS]
        claims, notes = row.main_claims, []
        for share in row.paritaria:
            annotated.append((row.year, share))
            total = sum(s for _, s in annotated)
            if total >= PARITARIA_THRESHOLD:
                claims += 1
                notes.append(
                    f"le quote di responsabilità paritaria degli ultimi cinque anni sommano "
                    f"{total}%: contano come 1 sinistro con responsabilità principale"
                )
                annotated = []
            else:
                notes.append(f"quota paritaria del {share}% annotata (cumulo {total}%)")
        current = evolve(current, claims)
        detail = f" ({'; '.join(notes)})" if notes else ""
        steps.append(f"{row.year}: {_claims_phrase(claims)}{detail} → classe {current}")
    return CuResult(current, steps)
