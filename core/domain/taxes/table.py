"""The tenant's tax table: rows with a rate in % (two decimals, 0–100), a validity (``from``,
optional ``to``, both included) and a source; checked when an admin saves it (no two rows of
one ramo, province or the SSN contribution overlap) and read by :class:`TaxTable`."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from itertools import pairwise
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.domain.products.fields.values import MAX_DATE, MIN_DATE
from core.domain.taxes.rami import PROVINCES, RAMI, TARIFF_RAMI
from core.money import decimal_or_none
from core.validation import NumberOnly

MAX_RAMO_ROWS = 200
MAX_PROVINCE_ROWS = 600
MAX_SSN_ROWS = 20

Rate = Annotated[Decimal, NumberOnly, Field(ge=0, le=100, decimal_places=2)]
Source = Annotated[str, Field(max_length=300)]

BAD_DATES = "La validità deve andare dal 01/01/1900 al 31/12/2099"
TO_BEFORE_FROM = "La fine validità ({to}) precede l'inizio ({start})"
OVERLAP = "Due aliquote di {what} valgono insieme dal {start}: chiudi la prima prima dell'altra"
UNKNOWN_RAMO = "Ramo sconosciuto: {ramo}"
RCA_BY_PROVINCE = "L'RC auto si tassa per provincia e con il contributo SSN, non nei rami"
UNKNOWN_PROVINCE = "Provincia sconosciuta: {code}"


def _day(value: date) -> str:
    return value.strftime("%d/%m/%Y")


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True, populate_by_name=True)
    rate: Rate
    start: date = Field(alias="from")
    to: date | None = None
    source: Source = ""

    @model_validator(mode="after")
    def _valid(self) -> Self:
        for day in (self.start, self.to or self.start):
            if not MIN_DATE <= day <= MAX_DATE:
                raise ValueError(BAD_DATES)
        if self.to is not None and self.to < self.start:
            raise ValueError(TO_BEFORE_FROM.format(to=_day(self.to), start=_day(self.start)))
        return self

    def stored(self) -> dict[str, Any]:
        rate = self.rate.normalize()
        return {
            "rate": int(rate) if rate == rate.to_integral_value() else float(rate),
            "from": self.start.isoformat(),
            "to": self.to.isoformat() if self.to else None,
            "source": self.source,
        }


class RamoRow(_Row):
    ramo: str = Field(max_length=32)

    @field_validator("ramo")
    @classmethod
    def _known(cls, ramo: str) -> str:
        if ramo not in RAMI:
            raise ValueError(UNKNOWN_RAMO.format(ramo=ramo[:32]))
        if ramo not in TARIFF_RAMI:
            raise ValueError(RCA_BY_PROVINCE)
        return ramo


class ProvinceRow(_Row):
    code: str = Field(max_length=2)

    @field_validator("code")
    @classmethod
    def _known(cls, code: str) -> str:
        if code.upper() not in PROVINCES:
            raise ValueError(UNKNOWN_PROVINCE.format(code=code[:2]))
        return code.upper()


def _no_overlap(rows: Iterable[_Row], what: str) -> None:
    ordered = sorted(rows, key=lambda row: row.start)
    for before, after in pairwise(ordered):
        if before.to is None or before.to >= after.start:
            raise ValueError(OVERLAP.format(what=what, start=_day(after.start)))


class TaxTableBody(BaseModel):
    """The whole table an admin saves (it replaces the stored one)."""

    model_config = ConfigDict(extra="forbid")
    rami: list[RamoRow] = Field(max_length=MAX_RAMO_ROWS)
    province: list[ProvinceRow] = Field(max_length=MAX_PROVINCE_ROWS)
    ssn: list[_Row] = Field(max_length=MAX_SSN_ROWS)

    @model_validator(mode="after")
    def _no_overlaps(self) -> Self:
        for ramo in TARIFF_RAMI:
            _no_overlap((r for r in self.rami if r.ramo == ramo), f"{RAMI[ramo]}")
        for code, name in PROVINCES.items():
            _no_overlap((r for r in self.province if r.code == code), f"{name} ({code})")
        _no_overlap(self.ssn, "contributo SSN")
        return self

    def stored(self) -> dict[str, Any]:
        return {
            "rami": [{"ramo": r.ramo, **r.stored()} for r in self.rami],
            "province": [{"code": r.code, **r.stored()} for r in self.province],
            "ssn": [r.stored() for r in self.ssn],
        }


@dataclass(frozen=True, slots=True)
class Rated:
    """One stored row, read: the rate in % valid from ``start`` to ``end`` (included)."""

    rate: Decimal
    start: date
    end: date | None
    source: str


def _read_rows(rows: Any, key: str | None) -> dict[str, list[Rated]]:
    found: dict[str, list[Rated]] = {}
    for row in rows if isinstance(rows, Sequence) else ():
        if not isinstance(row, Mapping):
            continue
        rate = decimal_or_none(row.get("rate"))
        try:
            start = date.fromisoformat(str(row.get("from")))
            end = date.fromisoformat(str(row["to"])) if row.get("to") else None
        except ValueError:
            continue
        if rate is None:
            continue
        name = str(row.get(key)) if key else ""
        found.setdefault(name, []).append(Rated(rate, start, end, str(row.get("source") or "")))
    return found


def _on(rows: Sequence[Rated], day: date) -> Rated | None:
    return next((r for r in rows if r.start <= day and (r.end is None or day <= r.end)), None)


@dataclass(frozen=True, slots=True)
class TaxTable:
    """The table as the split reads it: each key's rows."""

    rami: Mapping[str, Sequence[Rated]]
    provinces: Mapping[str, Sequence[Rated]]
    ssn: Sequence[Rated]

    @classmethod
    def of(cls, stored: Any) -> TaxTable:
        """Read the table stored in the settings (rows it cannot read are left out)."""
        data = stored if isinstance(stored, Mapping) else {}
        return cls(
            _read_rows(data.get("rami"), "ramo"),
            _read_rows(data.get("province"), "code"),
            _read_rows(data.get("ssn"), None).get("", []),
        )

    def ramo_rate(self, ramo: str, day: date) -> Rated | None:
        return _on(self.rami.get(ramo, ()), day)

    def province_rate(self, code: str, day: date) -> Rated | None:
        return _on(self.provinces.get(code, ()), day)

    def ssn_rate(self, day: date) -> Rated | None:
        return _on(self.ssn, day)
