"""``/api/rui``: the RUI entries and the training log over HTTP (the rules in
:mod:`core.domain.rui.service`)."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import delete, get, post, put
from litestar.params import FromPath, JSONBody, QueryParameter

from core.domain.rui.intermediary import read_intermediary, save_intermediary
from core.domain.rui.serialize import entry_payload, registration_payload
from core.domain.rui.service import add_training, remove_training, save_registration
from core.domain.rui.views import MAX_YEAR, MIN_YEAR, overview, user_detail
from core.errors import NotFound
from core.http.deps import PrincipalDep, SessionDep
from core.i18n import today_in_rome
from core.messages import USER_NOT_FOUND

Year = Annotated[int | None, QueryParameter(ge=MIN_YEAR, le=MAX_YEAR)]
MAX_ID = 32


def _user_id(user_id: str) -> str:
    if len(user_id) > MAX_ID:  # no such id: the same answer as any other unknown one
        raise NotFound(USER_NOT_FOUND)
    return user_id


@get("/api/rui", summary="Collaborators' RUI entries and this year's training", tags=["rui"])
async def rui_list(
    principal: PrincipalDep, db_session: SessionDep, year: Year = None
) -> list[dict[str, Any]]:
    today = today_in_rome()
    return await overview(db_session, principal, year or today.year, today)


@get("/api/rui/intermediario", summary="The intermediary's own RUI entry", tags=["rui"])
async def rui_intermediary(principal: PrincipalDep, db_session: SessionDep) -> dict[str, Any]:
    return {"rui": await read_intermediary(db_session, principal)}


@put("/api/rui/intermediario", summary="Set the intermediary's RUI entry", tags=["rui"])
async def rui_intermediary_save(
    data: JSONBody[dict[str, Any]], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    return {"rui": await save_intermediary(db_session, principal, data, today_in_rome())}


@get("/api/rui/utenti/{user_id:str}", summary="A collaborator's RUI and training", tags=["rui"])
async def rui_user(
    user_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep, year: Year = None
) -> dict[str, Any]:
    today = today_in_rome()
    return await user_detail(db_session, principal, _user_id(user_id), year or today.year, today)


@put("/api/rui/utenti/{user_id:str}", summary="Set a collaborator's RUI entry", tags=["rui"])
async def rui_user_save(
    user_id: FromPath[str],
    data: JSONBody[dict[str, Any]],
    principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    row = await save_registration(db_session, principal, _user_id(user_id), data, today_in_rome())
    return {"rui": registration_payload(row)}


@post(
    "/api/rui/utenti/{user_id:str}/formazione",
    summary="Log a course a collaborator attended",
    tags=["rui"],
    status_code=201,
)
async def rui_training_add(
    user_id: FromPath[str],
    data: JSONBody[dict[str, Any]],
    principal: PrincipalDep,
    db_session: SessionDep,
) -> dict[str, Any]:
    entry = await add_training(db_session, principal, _user_id(user_id), data, today_in_rome())
    return entry_payload(entry)


@delete(
    "/api/rui/formazione/{entry_id:str}", summary="Remove a logged course", tags=["rui"],
    status_code=204,
)  # fmt: skip
async def rui_training_remove(
    entry_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> None:
    await remove_training(db_session, principal, entry_id)
