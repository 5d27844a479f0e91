"""Car rental (noleggio auto): an extra product line. Full screens come with its web module."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from litestar import get
from litestar.types import ControllerRouterHandler

from core import permissions as perm
from core.domain.quotes.queries import visible_quotes
from core.domain.quotes.serialize import customer_name
from core.extensions import DemoContext, MenuEntry, ProductLine, WebModule
from core.guards import product_router, require_extra_product
from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep, SessionDep

PRODUCT_ID = "noleggio-auto"
HERE = Path(__file__).resolve().parent


@get("/preventivi", summary="Rental quotes the user may see", tags=[PRODUCT_ID])
async def rental_quotes(principal: PrincipalDep, db_session: SessionDep) -> list[dict[str, Any]]:
    """Columns of SPEC §2: Cliente, Auto, Canone, Data, Collaboratore."""
    require_extra_product(principal, PRODUCT_ID)
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


router = product_router(PRODUCT_ID, [rental_quotes])


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    return [ProductLine(PRODUCT_ID, "Noleggio auto", "car-suv")]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [router]


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(
            PRODUCT_ID, f"/{PRODUCT_ID}", "menu.noleggioAuto", "car-suv", 200,
            perm.sees_documents, product=PRODUCT_ID,
        )
    ]  # fmt: skip


@hookimpl
def web_module() -> WebModule:
    return WebModule(name="noleggio_auto", product=PRODUCT_ID, dist_dir=HERE / "web" / "dist")


@hookimpl
async def seed_demo_data(ctx: DemoContext) -> None:
    from plugins.noleggio_auto.demo import seed_rentals

    await seed_rentals(ctx)
