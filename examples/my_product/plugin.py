"""A minimal product line: a route, a realtime call and a menu entry, all gated by the line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar import get
from litestar.types import ControllerRouterHandler

from core import permissions as perm
from core.extensions import Call, CallContext, MenuEntry, ProductLine
from core.guards import product_router, require_extra_product
from core.hookspecs import hookimpl
from core.http.deps import PrincipalDep
from core.realtime.guard import logged_in

LINE = "my-product"


@get("/")
async def overview(principal: PrincipalDep) -> dict[str, str]:
    require_extra_product(principal, LINE)  # admins, or users who have the product
    return {"ciao": principal.name}


async def greet(ctx: CallContext, data: Any) -> dict[str, str]:
    return {"ciao": logged_in(ctx).name}


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    return [ProductLine(LINE, "Il mio prodotto", "star")]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    # under /api/my-product; 404 where the tenant does not offer the line or has it off
    return [product_router(LINE, [overview])]


@hookimpl
def register_calls() -> Mapping[str, Call]:
    # unknown where the line is off; 'Prodotto non abilitato per il tuo utente' to others
    return {"myProduct.greet": Call(greet, product=LINE)}


@hookimpl
def menu_entries() -> Sequence[MenuEntry]:
    return [
        MenuEntry(LINE, f"/{LINE}", "menu:myProduct", "star", 300, perm.sees_work, product=LINE)
    ]
