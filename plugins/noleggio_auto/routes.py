"""HTTP under ``/api/noleggio-auto``: 404 where the tenant does not offer or has switched off
the line, 403 for users who may not work it; records by the agent-tree rule."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.params import FromPath

from core.api import (
    Principal,
    PrincipalDep,
    SessionDep,
    customer_name,
    product_router,
    quote_payload,
    require_line_work,
    visible_quotes,
)
from core.api import permissions as perm
from plugins.noleggio_auto.cars import PRODUCT_ID, list_cars
from plugins.noleggio_auto.practice import practice_earnings, visible_rental


def _works_the_line(principal: Principal) -> None:
    require_line_work(principal, PRODUCT_ID)


@get("/preventivi", summary="Rental quotes the user may see", tags=[PRODUCT_ID])
async def rental_quotes(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    """Columns of SPEC §2: Cliente, Auto, Canone, Data, Collaboratore (newest first)."""
    _works_the_line(principal)
    quotes = await visible_quotes(db_session, principal, line=PRODUCT_ID)
    return [
        {
            "_id": q.id,
            "cliente": customer_name(q),
            "auto": q.car.get("car_fullname", ""),
            "canone": q.price.get("canone"),
            "at": q.at.isoformat(),
            "aId": q.agent_id,
            "status": q.status,
        }
        for q in quotes
    ]


@get("/preventivi/{quote_id:str}", summary="A rental practice", tags=[PRODUCT_ID])
async def rental_practice(
    quote_id: FromPath[str], principal: PrincipalDep, db_session: SessionDep
) -> dict[str, Any]:
    """The quote with its earnings: the agent's to agents, the platform's too to others."""
    _works_the_line(principal)
    quote = await visible_rental(db_session, principal, quote_id)
    found = await practice_earnings(db_session, quote)
    earned: dict[str, Any] | None = None
    if found is not None:
        earned = found.as_payload()
        if perm.sees_platform_earnings(principal):
            earned["platform"] = float(found.platform)
    return {**quote_payload(quote), "earnings": earned}


@get("/auto", summary="The rental catalogue", tags=[PRODUCT_ID])
async def rental_cars(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    """Active cars; the retired ones too for admins and responsabili."""
    _works_the_line(principal)
    return await list_cars(db_session, principal)


router = product_router(PRODUCT_ID, [rental_quotes, rental_practice, rental_cars])
