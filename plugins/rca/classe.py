"""The CU class from a risk certificate's years (``rca.classe``, ``POST /api/targhe/classe``):
``{atr: [{anno, principali, paritarie}], classeIniziale?, bersani?}`` →
``{classe, classeAtr, passi, bersani?}``, by :func:`plugins.rca.rules.cu.cu_class` and, with
the optional Bersani part, :func:`plugins.rca.rules.bersani.bersani_class`.

The Bersani part, ``{veicoli: [{targa, tipo, classe, convivente?}], personaFisica?, tipo,
rinnovo?}``, names the household's insured vehicles (each plate checked against its kind),
whether the owner is a natural person (default yes), the kind of the vehicle being quoted and
whether its contract is a renewal (default no: a new contract). On a renewal the vehicle's own
class and certificate years are those of ``atr`` from ``classeIniziale``. ``classeAtr`` is the
class the certificate gives, ``classe`` the one that applies: the inherited class when it is
better."""

from __future__ import annotations

from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.api import Principal, StrictBool, parse, require
from core.api import permissions as perm
from plugins.rca import values
from plugins.rca.rules.bersani import HouseholdVehicle, Renewal, bersani_class
from plugins.rca.rules.cu import ENTRY_CLASS, AtrYear, cu_class
from plugins.rca.rules.errors import RcaRuleError
from plugins.rca.rules.plates import VehicleKind, validate_plate

INVALID_ATR = "Attestato di rischio non valido"
INVALID_BERSANI = "Classe ereditata (legge Bersani) non valida"
TOO_MANY = "Al massimo {limit} veicoli del nucleo familiare"
REPEATED_PLATE = "Targa ripetuta tra i veicoli del nucleo familiare: {plate}"
RENEWAL_WITHOUT_ATR = (
    f"{INVALID_BERSANI}: al rinnovo servono gli anni dell'attestato di rischio del veicolo"
)
MAX_HOUSEHOLD = 20
"""Vehicles of the household one request may name: a family's, with room to spare."""
Year = Annotated[int, Field(strict=True, ge=1900, le=2100)]
Claims = Annotated[int, Field(strict=True, ge=0, le=99)]
Share = Annotated[int, Field(strict=True, ge=-100, le=100)]
"""A paritaria share in %: the rule itself says which are admitted (1 to 50)."""
ClassNumber = Annotated[int, Field(strict=True, ge=-1000, le=1000)]
"""A CU class: the rules say which are admitted (1 to 18), in their own words."""


class AtrRow(BaseModel):
    """One year of the certificate: claims with main responsibility, paritaria shares."""

    model_config = ConfigDict(extra="forbid")
    anno: Year
    principali: Claims = 0
    paritarie: list[Share] = Field(default_factory=list, max_length=20)


class ClassBody(BaseModel):
    """The certificate's years (oldest first), the class it starts from when not 14, and the
    Bersani part (checked on its own, :class:`BersaniBody`)."""

    model_config = ConfigDict(extra="forbid")
    atr: list[AtrRow] = Field(max_length=60)
    classeIniziale: ClassNumber = ENTRY_CLASS  # noqa: N815
    bersani: Any = None


def _kind(value: Any) -> Any:
    """A kind as written (any case), with the Italian refusal of an unknown one."""
    return values.vehicle_kind(value) if isinstance(value, str) else value


class HouseholdRow(BaseModel):
    """A vehicle of the household: its plate (checked against its kind), its kind, the class
    of its latest certificate, and whether its owner lives with the person (or is them)."""

    model_config = ConfigDict(extra="forbid")
    targa: str = Field(max_length=32)
    tipo: VehicleKind
    classe: ClassNumber
    convivente: StrictBool = True

    @field_validator("tipo", mode="before")
    @classmethod
    def _tipo(cls, value: Any) -> Any:
        return _kind(value)

    @model_validator(mode="after")
    def _plate(self) -> Self:
        self.targa = validate_plate(self.targa, self.tipo)
        return self


class BersaniBody(BaseModel):
    """The household's vehicles, the person, the kind of the vehicle quoted, renewal or not."""

    model_config = ConfigDict(extra="forbid")
    veicoli: list[HouseholdRow] = Field(max_length=MAX_HOUSEHOLD)
    personaFisica: StrictBool = True  # noqa: N815
    tipo: VehicleKind
    rinnovo: StrictBool = False

    @field_validator("tipo", mode="before")
    @classmethod
    def _tipo(cls, value: Any) -> Any:
        return _kind(value)

    @field_validator("veicoli", mode="before")
    @classmethod
    def _bounded(cls, value: Any) -> Any:
        if isinstance(value, list) and len(value) > MAX_HOUSEHOLD:
            raise ValueError(TOO_MANY.format(limit=MAX_HOUSEHOLD))
        return value

    @model_validator(mode="after")
    def _once_each(self) -> Self:
        seen: set[str] = set()
        for row in self.veicoli:
            if row.targa in seen:
                raise ValueError(REPEATED_PLATE.format(plate=row.targa))
            seen.add(row.targa)
        return self


def _bersani(part: Any, history: list[AtrYear], own_class: int) -> dict[str, Any]:
    """``{classe, motivo, targa, passi}`` of the Bersani part; on a renewal the vehicle's own
    class is ``own_class`` (the certificate's) and its years ``history``."""
    body = parse(BersaniBody, part, INVALID_BERSANI)
    if body.rinnovo and not history:
        raise RcaRuleError(RENEWAL_WITHOUT_ATR)
    household = [
        HouseholdVehicle(row.targa, row.tipo, row.classe, row.convivente) for row in body.veicoli
    ]
    renewal = Renewal(own_class, history) if body.rinnovo else None
    found = bersani_class(body.tipo, household, natural_person=body.personaFisica, renewal=renewal)
    return {
        "classe": found.cu_class,
        "motivo": found.reason,
        "targa": found.source_plate,
        "passi": found.steps,
    }


def cu_answer(principal: Principal, data: Any) -> dict[str, Any]:
    """``{classe, classeAtr, passi}`` and, given the Bersani part, ``bersani``: the class
    that applies, the certificate's, one Italian sentence per step, and the inherited class
    (``None`` with the reason when there is none) with its own steps."""
    require(perm.sees_work, principal)
    body = parse(ClassBody, data, INVALID_ATR)
    history = [AtrYear(row.anno, row.principali, tuple(row.paritarie)) for row in body.atr]
    found = cu_class(history, start=body.classeIniziale)
    answer: dict[str, Any] = {
        "classe": found.cu_class,
        "classeAtr": found.cu_class,
        "passi": found.steps,
    }
    if body.bersani is not None:
        inherited = _bersani(body.bersani, history, found.cu_class)
        answer["bersani"] = inherited
        if inherited["classe"] is not None:
            answer["classe"] = min(found.cu_class, inherited["classe"])
    return answer
