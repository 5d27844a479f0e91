"""A minimal product line: a route, a realtime call and its menu entry, all gated by the line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from litestar import get
from litestar.types import ControllerRouterHandler

from core.api import (
    Call,
    CallContext,
    PrincipalDep,
    ProductLine,
    hookimpl,
    logged_in,
    product_router,
    require_extra_product,
)
from core.api import permissions as perm

LINE = "my-product"
REQUIRES_API = "2.1"  # the plugin API this line is written for (core.api.API_VERSION)


@get("/")
async def overview(principal: PrincipalDep) -> dict[str, str]:
    require_extra_product(principal, LINE)  # admins, or users who have the product
    return {"ciao": principal.name}


async def greet(ctx: CallContext, data: Any) -> dict[str, str]:
    return {"ciao": logged_in(ctx).name}


@hookimpl
def product_lines() -> Sequence[ProductLine]:
    # its one declaration: label, any Tabler icon, path /my-product; the menu entry comes from it
    line = ProductLine(LINE, "Il mio prodotto", "star", menu_order=300, menu_visible=perm.sees_work)
    return [line]


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    # under /api/my-product; 404 where the tenant does not offer the line or has it off
    return [product_router(LINE, [overview])]


@hookimpl
def register_calls() -> Mapping[str, Call]:
    # unknown where the line is off; 'Prodotto non abilitato per il tuo utente' to others
    return {"myProduct.greet": Call(greet, product=LINE)}
