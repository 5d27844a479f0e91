"""The register as the routes and the calls both reach it: each takes the raw payload, checks
it (:func:`core.api.parse`, Italian messages naming the field) and answers the wire shape."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.ext.asyncio import AsyncSession

from core.api import Principal, parse
from plugins.rca import importer, register
from plugins.rca.bodies import ImportBody, NewPlate, PlateChanges
from plugins.rca.payload import plate_payload

INVALID_PLATE = "Dati della targa non validi"
INVALID_SEARCH = "Ricerca non valida"
INVALID_IMPORT = "Importazione non valida"
MAX_QUERY = 100
Limit = Annotated[int, Field(strict=True, ge=1, le=register.MAX_LIMIT)]


class SearchBody(BaseModel):
    """``{q, limit}``: the text searched (plate, owner, fiscal code) and how many plates."""

    model_config = ConfigDict(extra="forbid")
    q: str | None = Field(default=None, max_length=MAX_QUERY)
    limit: Limit = register.DEFAULT_LIMIT


class PlateRef(BaseModel):
    """``{_id}``: one plate."""

    model_config = ConfigDict(extra="forbid")
    id: str = Field(alias="_id", min_length=1, max_length=32)


async def search(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    """``{targhe, more}`` for ``{q, limit}``."""
    body = parse(SearchBody, {} if data is None else data, INVALID_SEARCH)
    return await register.search_plates(session, principal, body.q, body.limit)


def plate_id(data: Any) -> str:
    """The ``_id`` of ``{_id}``."""
    return parse(PlateRef, data, INVALID_PLATE).id


async def detail(session: AsyncSession, principal: Principal, plate: str) -> dict[str, Any]:
    """The plate with its quotes."""
    return await register.plate_detail(session, principal, plate)


async def create(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    """A new plate (or a retired one back), as the stream shows it."""
    body = parse(NewPlate, data, INVALID_PLATE)
    return plate_payload(await register.add_plate(session, principal, body))


async def change(
    session: AsyncSession, principal: Principal, plate: str, data: Any
) -> dict[str, Any]:
    """A plate changed, as the stream shows it."""
    body = parse(PlateChanges, data, INVALID_PLATE)
    return plate_payload(await register.change_plate(session, principal, plate, body))


async def save(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    """``rca.targhe.salva``: with ``_id`` the changes to that plate, without it a new one."""
    if isinstance(data, dict) and "_id" in data:
        changes = {key: value for key, value in data.items() if key != "_id"}
        return await change(session, principal, plate_id({"_id": data["_id"]}), changes)
    return await create(session, principal, data)


async def retire(session: AsyncSession, principal: Principal, plate: str) -> None:
    """Retire the plate."""
    await register.retire_plate(session, principal, plate)


async def import_csv(session: AsyncSession, principal: Principal, data: Any) -> dict[str, Any]:
    """``{righe, errori, importate}`` for ``{csv, dryRun, aId?}``."""
    return await importer.import_plates(session, principal, parse(ImportBody, data, INVALID_IMPORT))
