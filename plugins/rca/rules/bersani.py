"""The class a vehicle may take from the household's already insured vehicles (the "Bersani"
rule and the RC familiare), with each step written out for the screen.

Art. 134 c. 4-bis of the Codice delle Assicurazioni Private (D.Lgs. 209/2005), inserted by
D.L. 7/2007 art. 5 (converted by L. 40/2007, "Bersani") and rewritten by D.L. 124/2019 art.
55-bis (converted by L. 157/2019; in force from 16 February 2020, D.L. 162/2019 art. 12 c. 4):
on a new contract, and on the renewal of one already in force "purché in assenza di sinistri
con responsabilità esclusiva o principale o paritaria negli ultimi cinque anni, sulla base delle
risultanze dell'attestato di rischio", for a further vehicle, **of any kind** since 2020 (the
same kind before), bought by a natural person already holding a policy or by a **stably
cohabiting member of the household**, the insurer may not assign a class worse than the one
on the latest certificate of the vehicle already insured.

So here:

* only a natural person (persona fisica) benefits; the source vehicles are those insured to
  the same person or to a cohabiting member of the household, of any kind;
* the class taken is the best (lowest) among them;
* a **new contract** (a vehicle bought, new or used, insured for the first time by its owner)
  takes it when it beats the entry class 14; the vehicle has no certificate of its own, so the
  five years' condition has nothing to read;
* a **renewal** takes it when it beats the vehicle's own class, and only if its own
  certificate shows no claim paid with exclusive, main or paritaria responsibility in the last
  five years. The law names all three: stricter than main responsibility alone.

Out of scope: the extra malus D.L. 162/2019 art. 12 lets the insurer apply (up to five classes,
after a claim over 5,000 euro with a vehicle of another kind that took the class): an option of
the insurer, not a class of the rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from plugins.rca.rules.cu import BEST_CLASS, ENTRY_CLASS, WORST_CLASS, AtrYear
from plugins.rca.rules.errors import RcaRuleError
from plugins.rca.rules.plates import VehicleKind

RULE = "art. 134 c. 4-bis Codice delle Assicurazioni Private"
CLEAN_YEARS = 5
BAD_CLASS = "Classe di merito non valida per {plate}: dev'essere tra 1 e 18"
FROM_KIND = {
    VehicleKind.AUTOVETTURA: "dall'autovettura",
    VehicleKind.MOTOCICLO: "dal motociclo",
    VehicleKind.CICLOMOTORE: "dal ciclomotore",
    VehicleKind.RIMORCHIO: "dal rimorchio",
}
"""'di tipologia diversa dall'autovettura': the kind quoted, with its article."""


@dataclass(frozen=True)
class HouseholdVehicle:
    """A vehicle already insured to the person or a member of their household, with the CU
    class of its latest certificate."""

    plate: str
    kind: VehicleKind
    cu_class: int
    cohabiting: bool = True
    """Owned by the same person or by a stably cohabiting member of the household."""


@dataclass(frozen=True)
class Renewal:
    """The vehicle to insure is already insured: its own class and certificate years."""

    cu_class: int
    history: Sequence[AtrYear]


@dataclass(frozen=True)
class BersaniResult:
    """The class inherited (``None`` when none is), why, and the derivation."""

    cu_class: int | None
    reason: str
    source_plate: str | None = None
    steps: list[str] = field(default_factory=list)


def _claims_in_last_years(history: Sequence[AtrYear]) -> list[int]:
    if not history:
        return []
    last = max(row.year for row in history)
    return sorted(
        row.year
        for row in history
        if last - row.year < CLEAN_YEARS and (row.main_claims > 0 or row.paritaria)
    )


def _refuse(reason: str, steps: list[str]) -> BersaniResult:
    steps.append(f"Nessuna classe ereditata: {reason}")
    return BersaniResult(None, reason, steps=steps)


def bersani_class(
    kind: VehicleKind,
    household: Sequence[HouseholdVehicle],
    *,
    natural_person: bool = True,
    renewal: Renewal | None = None,
) -> BersaniResult:
    """The class a vehicle of ``kind`` may take from ``household`` under the Bersani rule."""
    for vehicle in household:
        if not BEST_CLASS <= vehicle.cu_class <= WORST_CLASS:
            raise RcaRuleError(BAD_CLASS.format(plate=vehicle.plate))
    steps = [f"Regola: {RULE} (L. 40/2007; esteso ai veicoli di ogni tipo dal D.L. 124/2019)"]
    if not natural_person:
        return _refuse("la classe del nucleo familiare spetta solo a una persona fisica", steps)
    candidates = []
    for vehicle in household:
        label = f"{vehicle.plate} ({vehicle.kind}, classe {vehicle.cu_class})"
        if not vehicle.cohabiting:
            steps.append(f"{label}: di una persona non convivente, esclusa")
            continue
        other = "" if vehicle.kind is kind else f", di tipologia diversa {FROM_KIND[kind]}"
        steps.append(f"{label}: del nucleo familiare{other}, considerata")
        candidates.append(vehicle)
    if not candidates:
        return _refuse("nel nucleo familiare non c'è un veicolo già assicurato", steps)
    best = min(candidates, key=lambda vehicle: vehicle.cu_class)
    steps.append(f"Classe più favorevole del nucleo: {best.cu_class} ({best.plate})")
    if renewal is None:
        baseline, than = ENTRY_CLASS, f"della classe di ingresso {ENTRY_CLASS}"
    else:
        claims = _claims_in_last_years(renewal.history)
        if claims:
            years = ", ".join(str(year) for year in claims)
            return _refuse(
                "al rinnovo servono cinque anni senza sinistri con responsabilità esclusiva, "
                f"principale o paritaria; l'attestato ne riporta nel {years}",
                steps,
            )
        steps.append("Rinnovo: nessun sinistro negli ultimi cinque anni dell'attestato")
        baseline, than = renewal.cu_class, f"della classe {renewal.cu_class} del veicolo"
    if best.cu_class >= baseline:
        return _refuse(f"la classe {best.cu_class} del nucleo non è migliore {than}", steps)
    reason = f"classe {best.cu_class} di {best.plate} ({RULE})"
    steps.append(f"Classe assegnata: {best.cu_class}")
    return BersaniResult(best.cu_class, reason, best.plate, steps)
