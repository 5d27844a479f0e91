"""Guards: plain functions that raise. Plugins use these to gate their routes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from litestar import Router
from litestar.connection import ASGIConnection
from litestar.handlers.base import BaseRouteHandler
from litestar.types import ControllerRouterHandler, Guard

from core.auth.principal import Principal
from core.errors import Forbidden, NotFound
from core.http.deps import get_runtime, get_tenant
from core.lines import LineAccess, refuse, works
from core.messages import LINE_NOT_AVAILABLE, NOT_FOR_YOUR_ROLE
from core.permissions import sees_work


def product_enabled(product_id: str) -> Guard:
    """404 unless the request's tenant offers ``product_id`` and has it switched on (the
    product-line gate, :mod:`core.lines`, asked before anyone is known)."""

    async def guard(connection: ASGIConnection, _: BaseRouteHandler) -> None:  # type: ignore[type-arg]
        runtime = get_runtime(connection.app.state)
        tenant = get_tenant(connection.scope)
        async with runtime.db.sessionmaker() as session:
            access = await runtime.lines.access(session, tenant.id, None, product_id)
        if access is LineAccess.OFF:
            raise NotFound(LINE_NOT_AVAILABLE)

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
    """403 unless the user may work the extra product (admins all; others their own list):
    the user's side of the product-line gate, once the route's guard has let the line in."""
    if not works(principal, product_id):
        refuse(LineAccess.NOT_YOURS)


def require(rule: Callable[[Principal], bool], principal: Principal) -> None:
    """Raise :class:`Forbidden` unless ``rule`` admits ``principal``."""
    if not rule(principal):
        raise Forbidden(NOT_FOR_YOUR_ROLE)


def require_line_work(principal: Principal, product_id: str) -> None:
    """403 unless the user may work the line's records: the extra product is theirs
    (:func:`require_extra_product`) and their role works quotes (``perm.sees_work``)."""
    require_extra_product(principal, product_id)
    if not sees_work(principal):
        raise Forbidden(NOT_FOR_YOUR_ROLE)
