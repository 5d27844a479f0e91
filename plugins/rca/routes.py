"""HTTP under ``/api/targhe``: 404 where the tenant does not offer or has switched off the
line; the register's calls over HTTP (:mod:`plugins.rca.service`)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import delete, get, patch, post
from litestar.params import Body, FromPath, Parameter

from core.api import PrincipalDep, SessionDep, product_router
from plugins.rca import service
from plugins.rca.classe import cu_answer
from plugins.rca.family import owner_plates
from plugins.rca.payload import PRODUCT_ID
from plugins.rca.register import DEFAULT_LIMIT, MAX_LIMIT

TAGS = [PRODUCT_ID]
Data = Annotated[Any, Body()]


@get("/", summary="The plates register, searched", tags=TAGS)
async def list_plates(
    principal: PrincipalDep,
    db_session: SessionDep,
    q: Annotated[str | None, Parameter(max_length=service.MAX_QUERY)] = None,
    limit: Annotated[int, Parameter(ge=1, le=MAX_LIMIT)] = DEFAULT_LIMIT,
) -> dict[str, Any]:
    """``{targhe, more}``: by plate, owner's name or fiscal code; sorted by plate."""
    return await service.search(db_session, principal, {"q": q, "limit": limit})


@get("/{plate_id:str}", summary="A plate with its quotes", tags=TAGS)
async def plate_detail(
    plate_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The plate and ``preventivi``: the quotes that carry it, newest first."""
    return await service.detail(db_session, principal, plate_id)


@post("/", summary="Add a plate", tags=TAGS, status_code=201)
async def add_plate(data: Data, principal: PrincipalDep, db_session: SessionDep) -> dict[str, Any]:
    """A new plate, or a retired one brought back; 409 when it is in the register."""
    return await service.create(db_session, principal, data)


@patch("/{plate_id:str}", summary="Change a plate", tags=TAGS)
async def change_plate(
    plate_id: FromPath[str], data: Data, principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The fields given change; the plate is checked again against its kind."""
    return await service.change(db_session, principal, plate_id, data)


@delete("/{plate_id:str}", summary="Retire a plate", tags=TAGS, status_code=204)
async def retire_plate(
    plate_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> None:
    """The plate leaves every list and the stream."""
    await service.retire(db_session, principal, plate_id)


@post("/import", summary="Import plates from a CSV file", tags=TAGS, status_code=200)
async def import_plates(
    data: Data, principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """``{righe, errori, importate}``; with ``dryRun`` nothing is imported."""
    return await service.import_csv(db_session, principal, data)


@post("/famiglia", summary="The plates of one owner", tags=TAGS, status_code=200)
async def owner_plates_route(
    data: Data, principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """``{targhe: [{targa, tipo}]}`` for ``{cf}`` (a body: no fiscal code in the address)."""
    return await owner_plates(db_session, principal, data)


@post("/classe", summary="The CU class from a risk certificate", tags=TAGS, status_code=200)
async def cu_class(data: Data, principal: PrincipalDep) -> dict[str, Any]:
    """``{classe, classeAtr, passi, bersani?}``: the class that applies, the certificate's,
    how it was derived and, with the household's vehicles, the class inherited from them."""
    return cu_answer(principal, data)


router = product_router(
    PRODUCT_ID,
    [
        list_plates,
        plate_detail,
        add_plate,
        change_plate,
        retire_plate,
        import_plates,
        owner_plates_route,
        cu_class,
    ],
    path="/api/targhe",
)
