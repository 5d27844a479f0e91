"""HTTP under ``/api/tutela-legale``: 404 where the tenant does not offer the line or has it off,
403 to users who may not work it; practices by the agent-tree rule."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.params import FromPath
from sqlalchemy import select

from tutela_legale._core import (
    NotFound,
    Principal,
    PrincipalDep,
    SessionDep,
    perm,
    product_router,
    require,
    require_extra_product,
)
from tutela_legale.models import Practice
from tutela_legale.practices import LINE, NOT_FOUND, practice_payload, visible


def _works_the_line(principal: Principal) -> None:
    require(perm.sees_work, principal)
    require_extra_product(principal, LINE)


@get("/pratiche", summary="The practices the user may see", tags=[LINE])
async def list_practices(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    _works_the_line(principal)
    stmt = select(Practice).where(visible(principal)).order_by(Practice.created_at.desc())
    return [practice_payload(p) for p in (await db_session.execute(stmt)).scalars()]


@get("/pratiche/{practice_id:str}", summary="One practice", tags=[LINE])
async def one_practice(
    practice_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    _works_the_line(principal)
    stmt = select(Practice).where(Practice.id == practice_id, visible(principal))
    found = (await db_session.execute(stmt)).scalar_one_or_none()
    if found is None:
        raise NotFound(NOT_FOUND)
    return practice_payload(found)


router = product_router(LINE, [list_practices, one_practice])
