"""The vehicles the register knows of one owner (``rca.targhe.famiglia``, ``POST
/api/targhe/famiglia``): ``{cf}`` → ``{targhe: [{targa, tipo}]}``, the active plates of the
user's view whose owner has that Codice Fiscale / Partita IVA, sorted by plate — what the
Bersani part of the CU class proposes as the household's vehicles. The register holds no
classes: the user enters each vehicle's class from its certificate."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import Principal, parse, require, valid_fiscal_code
from core.api import permissions as perm
from plugins.rca.classe import MAX_HOUSEHOLD
from plugins.rca.models import Plate, PlateWord
from plugins.rca.payload import plates_in_view

INVALID_OWNER = "Proprietario non valido"


class OwnerCode(BaseModel):
    """``{cf}``: the owner's fiscal code."""

    model_config = ConfigDict(extra="forbid")
    cf: str = Field(max_length=32)


async def owner_plates(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    """``{targhe: [{targa, tipo}]}``: at most as many as a household may name."""
    require(perm.sees_plates, principal)
    code = valid_fiscal_code(parse(OwnerCode, data, INVALID_OWNER).cf)
    stmt = (  # the code is a search key: one range of the keys' index, not a scan
        select(Plate.plate, Plate.kind)
        .join(PlateWord, PlateWord.plate_id == Plate.id)
        .where(PlateWord.word == code, Plate.owner_code == code, plates_in_view(principal))
        .order_by(Plate.plate)
        .limit(MAX_HOUSEHOLD)
    )
    rows = (await session.execute(stmt)).all()
    return {"targhe": [{"targa": plate, "tipo": kind} for plate, kind in rows]}
