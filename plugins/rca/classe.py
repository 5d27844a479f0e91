"""The CU class from a risk certificate's years (``rca.classe``, ``POST /api/targhe/classe``):
``{atr: [{anno, principali, paritarie}], classeIniziale?}`` → ``{classe, passi}``, by
:func:`plugins.rca.rules.cu.cu_class`."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from core.api import Principal, parse, require
from core.api import permissions as perm
from plugins.rca.rules.cu import ENTRY_CLASS, AtrYear, cu_class

INVALID_ATR = "Attestato di rischio non valido"
Year = Annotated[int, Field(strict=True, ge=1900, le=2100)]
Claims = Annotated[int, Field(strict=True, ge=0, le=99)]
Share = Annotated[int, Field(strict=True, ge=-100, le=100)]
"""A paritaria share in %: the rule itself says which are admitted (1 to 50)."""


class AtrRow(BaseModel):
    """One year of the certificate: claims with main responsibility, paritaria shares."""

    model_config = ConfigDict(extra="forbid")
    anno: Year
    principali: Claims = 0
    paritarie: list[Share] = Field(default_factory=list, max_length=20)


class ClassBody(BaseModel):
    """The certificate's years (oldest first) and, when not 14, the class it starts from."""

    model_config = ConfigDict(extra="forbid")
    atr: list[AtrRow] = Field(max_length=60)
    classeIniziale: Annotated[int, Field(strict=True, ge=-1000, le=1000)] = ENTRY_CLASS  # noqa: N815


def cu_answer(principal: Principal, data: Any) -> dict[str, Any]:
    """``{classe, passi}``: the class reached and one Italian sentence per step."""
    require(perm.sees_work, principal)
    body = parse(ClassBody, data, INVALID_ATR)
    history = [AtrYear(row.anno, row.principali, tuple(row.paritarie)) for row in body.atr]
    found = cu_class(history, start=body.classeIniziale)
    return {"classe": found.cu_class, "passi": found.steps}
