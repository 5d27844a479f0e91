"""Request dependencies: the runtime, the tenant, a scoped session and the current user."""

from __future__ import annotations

from collections.abc import AsyncGenerator

import structlog
from litestar import Request
from litestar.connection import ASGIConnection
from litestar.datastructures import State
from litestar.di import NamedDependency, Provide
from litestar.types import Scope
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.auth.service import authenticate_token, principal_of
from core.context import _actor
from core.db import models as m
from core.errors import NotAuthenticated
from core.runtime import Runtime
from tenants.config import Tenant

LOGIN_REQUIRED = "Non autorizzato: effettua l'accesso"


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


def request_token(connection: ASGIConnection, tenant: Tenant) -> str | None:  # type: ignore[type-arg]
    """The token from ``Authorization: Bearer``, the ``token`` header or the t cookies."""
    auth = connection.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip() or None
    return (
        connection.headers.get("token")
        or connection.cookies.get(tenant.cookie_name)
        or connection.cookies.get("t")
        or None
    )


async def provide_current_user(
    request: Request,  # type: ignore[type-arg]
    state: State,
    db_session: NamedDependency[AsyncSession],
) -> m.User:
    tenant = get_tenant(request.scope)
    token = request_token(request, tenant)
    if not token:
        raise NotAuthenticated(LOGIN_REQUIRED)
    user = await authenticate_token(
        db_session, get_runtime(state).settings, tenant_id=tenant.id, token=token
    )
    structlog.contextvars.bind_contextvars(user=user.id)
    _actor.set(user.id)
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
