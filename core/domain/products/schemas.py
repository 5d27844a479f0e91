"""Request bodies for products: field definitions and companies, checked strictly."""

from __future__ import annotations

from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from core.domain.products.fields import FIELD_TYPES
from core.domain.taxes.rami import RAMI
from core.domain.taxes.table import UNKNOWN_RAMO
from core.validation import StrictBool

CHOICE_TYPES = frozenset({"Selezione", "Selezione multipla"})
"""Field types whose value is picked from ``options``."""

MAX_FIELDS = 100
MAX_COMPANIES = 100

Amount = Annotated[float, Field(strict=True, ge=0, le=1_000_000_000)]
"""A non-negative number (ints accepted; booleans and strings are not)."""
Option = Annotated[str, Field(min_length=1, max_length=200)]


class FieldDef(BaseModel):
    """One customer field a product asks for (SPEC §3 'Customer field types')."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, str_strip_whitespace=True)
    id: str = Field(alias="_id", min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_.\-]+$")
    name: str = Field(min_length=1, max_length=200)
    type: str
    required: StrictBool = False
    options: list[Option] | None = Field(default=None, max_length=200)
    hide: StrictBool = False

    @model_validator(mode="after")
    def _known_type_with_options(self) -> Self:
        if self.type not in FIELD_TYPES:
            raise ValueError(f"Tipo di campo sconosciuto: {self.type}")
        if self.type in CHOICE_TYPES and not self.options:
            raise ValueError(f"Il campo {self.name} richiede un elenco di opzioni")
        if self.options is not None and len(set(self.options)) != len(self.options):
            raise ValueError(f"Opzioni ripetute nel campo {self.name}")
        return self

    def stored(self) -> dict[str, Any]:
        """The definition as kept on ``Product.fields`` (absent flags left out)."""
        data: dict[str, Any] = {"_id": self.id, "name": self.name, "type": self.type}
        if self.required:
            data["required"] = True
        if self.options is not None:
            data["options"] = list(self.options)
        if self.hide:
            data["hide"] = True
        return data


class CompanyConfig(BaseModel):
    """A company's terms for the product: commission, fees and the quote range."""

    model_config = ConfigDict(extra="forbid")
    provv: Amount = 0
    istruttoria: Amount = 0
    qMin: Amount = 0  # noqa: N815 (wire name)
    qMax: Amount = 0  # noqa: N815 (wire name)

    @model_validator(mode="after")
    def _range(self) -> Self:
        if self.qMin > self.qMax:
            raise ValueError("qMin non può superare qMax")
        return self


def _unique_ids(fields: list[FieldDef] | None) -> None:
    seen: set[str] = set()
    for field in fields or ():
        if field.id in seen:
            raise ValueError(f"Campo ripetuto: {field.id}")
        seen.add(field.id)


CompanyName = Annotated[str, Field(min_length=1, max_length=100)]


class ProductUpdate(BaseModel):
    """A change to a product: the keys given replace the stored ones."""

    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)
    name: str | None = Field(default=None, min_length=1, max_length=200)
    line: str | None = Field(default=None, min_length=1, max_length=64)
    icon: str | None = Field(default=None, max_length=64)
    description: str | None = Field(default=None, max_length=5000)
    fields: list[FieldDef] | None = Field(default=None, max_length=MAX_FIELDS)
    companies: dict[CompanyName, CompanyConfig] | None = Field(
        default=None, max_length=MAX_COMPANIES
    )
    active: StrictBool | None = None
    ramo: str | None = Field(default=None, max_length=32)
    """The ramo its offers' premium defaults to (``None`` or absent: none)."""

    @model_validator(mode="after")
    def _consistent(self) -> Self:
        _unique_ids(self.fields)
        if self.ramo is not None and self.ramo not in RAMI:
            raise ValueError(UNKNOWN_RAMO.format(ramo=self.ramo[:32]))
        for key in ("name", "icon", "description", "fields", "companies", "active"):
            if key in self.model_fields_set and getattr(self, key) is None:
                raise ValueError(f"{key} non può essere vuoto")
        return self

    def changes(self) -> dict[str, Any]:
        """Model attribute → new value, for the keys the request gave."""
        given = self.model_fields_set
        out: dict[str, Any] = {
            key: getattr(self, key)
            for key in ("name", "line", "icon", "description", "active", "ramo")
            if key in given
        }
        if "fields" in given and self.fields is not None:
            out["fields"] = [field.stored() for field in self.fields]
        if "companies" in given and self.companies is not None:
            out["companies"] = {name: c.model_dump() for name, c in self.companies.items()}
        return out


class ProductCreate(ProductUpdate):
    """A new product: a name is required, the rest has defaults."""

    name: str = Field(min_length=1, max_length=200)

    def changes(self) -> dict[str, Any]:
        defaults: dict[str, Any] = {
            "line": None, "icon": "", "description": "", "fields": [], "companies": {},
            "active": True,
        }  # fmt: skip
        return {**defaults, **super().changes()}
