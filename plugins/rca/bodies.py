"""What the routes and calls that write the register accept: a new plate, the changes to
one, a CSV to import. Unknown keys, wrong types and values out of bounds are refused with
the field named (:func:`core.api.parse`)."""

from __future__ import annotations

import datetime as dt
from typing import Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.api import StrictBool
from plugins.rca import values
from plugins.rca.rules.plates import VehicleKind

MAX_CSV_BYTES = 1024 * 1024
CSV_TOO_LARGE = "File troppo grande: al massimo 1 MB"
OWNER_EITHER = "Cliente: indica clientId oppure nome e cf"
NULL = "Valore mancante: {name}"
NOT_NULL = frozenset(
    {"targa", "tipo", "targaAgev", "marca", "modello", "immatricolazione", "cliente"}
)
"""Fields a change may leave out but not empty with ``null`` (``tipoBersani: null`` clears)."""
Id = Field(default=None, min_length=1, max_length=32)


class Registration(BaseModel):
    """``{isNew: true}`` or ``{isNew: false, date: "aaaa-mm-gg"}``."""

    model_config = ConfigDict(extra="forbid")
    isNew: StrictBool  # noqa: N815
    date: str | None = Field(default=None, max_length=10)

    @model_validator(mode="after")
    def _dated(self) -> Self:
        if not self.isNew:
            values.iso_registration_day(self.date or "")
        return self

    @property
    def day(self) -> dt.date | None:
        """The registration day (``None`` for a new vehicle)."""
        return None if self.isNew else values.iso_registration_day(self.date or "")


class Owner(BaseModel):
    """``{clientId}`` (a client of the collaborator's tree) or ``{nome, cf}``."""

    model_config = ConfigDict(extra="forbid")
    clientId: str | None = Id  # noqa: N815
    nome: str | None = Field(default=None, max_length=200)
    cf: str | None = Field(default=None, max_length=32)

    @field_validator("nome")
    @classmethod
    def _name(cls, value: str | None) -> str | None:
        return None if value is None else values.text(value, "nome", 200, required=True)

    @model_validator(mode="after")
    def _either(self) -> Self:
        by_id = self.clientId is not None
        if by_id == (self.nome is not None or self.cf is not None):
            raise ValueError(OWNER_EITHER)
        if not by_id and (self.nome is None or self.cf is None):
            raise ValueError(OWNER_EITHER)
        return self


def _kind(value: str | None) -> VehicleKind | None:
    """A kind as written (any case), with the Italian refusal of an unknown one."""
    return None if value is None else values.vehicle_kind(value)


class PlateChanges(BaseModel):
    """The fields of a plate, each optional (``PATCH``): what is left out stays."""

    model_config = ConfigDict(extra="forbid")
    targa: str | None = Field(default=None, max_length=32)
    tipo: VehicleKind | None = None
    tipoBersani: str | None = Field(default=None, max_length=20)  # noqa: N815
    targaAgev: StrictBool | None = None  # noqa: N815
    marca: str | None = Field(default=None, max_length=80)
    modello: str | None = Field(default=None, max_length=120)
    immatricolazione: Registration | None = None
    cliente: Owner | None = None
    aId: str | None = Id  # noqa: N815

    @model_validator(mode="after")
    def _no_nulls(self) -> Self:
        for name in NOT_NULL & self.model_fields_set:
            if getattr(self, name) is None:
                raise ValueError(NULL.format(name=name))
        return self

    @field_validator("tipo", mode="before")
    @classmethod
    def _tipo(cls, value: Any) -> Any:
        return _kind(value) if isinstance(value, str) else value

    @field_validator("marca")
    @classmethod
    def _marca(cls, value: str | None) -> str | None:
        return None if value is None else values.text(value, "marca", 80, required=True)

    @field_validator("modello")
    @classmethod
    def _modello(cls, value: str | None) -> str | None:
        return None if value is None else values.text(value, "modello", 120)

    @field_validator("tipoBersani")
    @classmethod
    def _bersani(cls, value: str | None) -> str | None:
        return (values.text(value, "tipoBersani", 20) or None) if value is not None else None


class NewPlate(PlateChanges):
    """A plate to add (``POST``): plate, kind, make, registration and owner required."""

    targa: str = Field(max_length=32)
    tipo: VehicleKind
    marca: str = Field(max_length=80)
    immatricolazione: Registration
    cliente: Owner


class ImportBody(BaseModel):
    """``{csv, dryRun, aId?}``: the file's text, whether only to check it, and for a
    manager the collaborator the plates go to."""

    model_config = ConfigDict(extra="forbid")
    csv: str
    dryRun: StrictBool = False  # noqa: N815
    aId: str | None = Id  # noqa: N815

    @field_validator("csv")
    @classmethod
    def _bounded(cls, value: str) -> str:
        if len(value) > MAX_CSV_BYTES or len(value.encode("utf-8", "replace")) > MAX_CSV_BYTES:
            raise ValueError(CSV_TOO_LARGE)
        return value
