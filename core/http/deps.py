"""Request dependencies: the runtime, the tenant, a scoped session and the current user."""

from __future__ import annotations

from collections.abc import AsyncGenerator
from urllib.parse import urlsplit

import structlog
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.types import Scope
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.auth.service import authenticate_token, principal_of
from core.context import set_actor
from core.db import models as m
from core.errors import Forbidden, NotAuthenticated
from core.messages import LOGIN_FIRST
from core.runtime import Runtime
from tenants.config import Tenant

LOGIN_REQUIRED = LOGIN_FIRST


def get_runtime(state: State) -> Runtime:
    runtime: Runtime = state.runtime
    return runtime


def get_tenant(scope: Scope) -> Tenant:
    """The tenant the middleware resolved from the Host header."""
    tenant: Tenant = scope["state"]["tenant"]
    return tenant


async def provide_db_session(state: State) -> AsyncGenerator[AsyncSession, None]:
    """One session per request: committed when the handler succeeds, rolled back otherwise."""
    async with get_runtime(state).db.session() as session:
        yield session


SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CROSS_SITE = "Richiesta rifiutata: proviene da un altro sito"


def request_token(connection: ASGIConnection, tenant: Tenant) -> tuple[str | None, bool]:  # type: ignore[type-arg]
    """The token from ``Authorization: Bearer``, the ``token`` header or the t cookies,
    and whether it came from a cookie (which a browser attaches on its own)."""
    auth = connection.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None, False
    if header := connection.headers.get("token"):
        return header, False
    cookie = connection.cookies.get(tenant.cookie_name) or connection.cookies.get("t")
    return cookie or None, bool(cookie)


def check_same_site(connection: ASGIConnection, tenant: Tenant) -> None:  # type: ignore[type-arg]
    """Cookies ride along on cross-site requests (SameSite=None): an unsafe request that
    authenticates by cookie must come from one of the tenant's own pages."""
    if connection.scope.get("method", "GET") in SAFE_METHODS:
        return
    if connection.headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
        raise Forbidden(CROSS_SITE)
    origin = connection.headers.get("origin") or connection.headers.get("referer")
    if origin is None:
        return  # not a browser: no ambient cookies to abuse
    host = urlsplit(origin).hostname or ""
    if host.lower() not in tenant.domains:
        raise Forbidden(CROSS_SITE)


async def provide_current_user(
    request: Request,  # type: ignore[type-arg]
    state: State,
    db_session: NamedDependency[AsyncSession],
) -> m.User:
    tenant = get_tenant(request.scope)
    token, from_cookie = request_token(request, tenant)
    if not token:
        raise NotAuthenticated(LOGIN_REQUIRED)
    if from_cookie:
        check_same_site(request, tenant)
    user = await authenticate_token(
        db_session, get_runtime(state).settings, tenant_id=tenant.id, token=token
    )
    structlog.contextvars.bind_contextvars(user=user.id)
    set_actor(user.id)
    return user


async def provide_principal(current_user: NamedDependency[m.User]) -> Principal:
    return principal_of(current_user)


RuntimeDep = NamedDependency[Runtime]
TenantDep = NamedDependency[Tenant]
SessionDep = NamedDependency[AsyncSession]
UserDep = NamedDependency[m.User]
PrincipalDep = NamedDependency[Principal]

DEPENDENCIES = {
    "runtime": Provide(get_runtime, sync_to_thread=False),
    "tenant": Provide(get_tenant, sync_to_thread=False),
    "db_session": Provide(provide_db_session),
    "current_user": Provide(provide_current_user),
    "principal": Provide(provide_principal),
}
