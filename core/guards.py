"""Guards: plain functions that raise. Plugins use these to gate their routes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from litestar import Router
from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler
from litestar.types import ControllerRouterHandler, Guard

from core import permissions as perm
from core.auth.principal import Principal
from core.errors import Forbidden, NotFound
from core.http.deps import get_runtime, get_tenant
from core.runtime import LINE_NOT_AVAILABLE

NOT_ENABLED = LINE_NOT_AVAILABLE


def product_enabled(product_id: str) -> Guard:
    """404 unless the request's tenant offers ``product_id`` and has it switched on."""

    async def guard(connection: ASGIConnection, _: BaseRouteHandler) -> None:  # type: ignore[type-arg]
        runtime = get_runtime(connection.app.state)
        async with runtime.db.sessionmaker() as session:
            enabled = await runtime.enabled_products(session, get_tenant(connection.scope))
        if product_id not in enabled:
            raise NotFound(NOT_ENABLED)

    return guard


def product_router(
    product_id: str, handlers: Sequence[ControllerRouterHandler], path: str | None = None
) -> Router:
    """The routes of a product line under ``/api/{product}``, 404 where it is not enabled."""
    return Router(
        path=path or f"/api/{product_id}",
        route_handlers=list(handlers),
        guards=[product_enabled(product_id)],
    )


def require_extra_product(principal: Principal, product_id: str) -> None:
    """403 unless the user may work the extra product (admins all; others their own list)."""
    if not perm.sees_extra_product(principal, product_id, {product_id}):
        raise Forbidden("Prodotto non abilitato per il tuo utente")


def require(rule: Callable[[Principal], bool], principal: Principal) -> None:
    """Raise :class:`Forbidden` unless ``rule`` admits ``principal``."""
    if not rule(principal):
        raise Forbidden("Operazione non consentita per il tuo ruolo")
