"""Who and which tenant the current unit of work acts for.

Set by the HTTP middleware (and later the realtime server) and read by the tenancy guard in
:mod:`core.db.tenancy`. Code with no tenant in context fails closed.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_tenant: ContextVar[str | None] = ContextVar("tenant", default=None)
_system: ContextVar[bool] = ContextVar("system", default=False)
_actor: ContextVar[str | None] = ContextVar("actor", default=None)


class NoTenantError(RuntimeError):
    """Tenant-owned data was touched with no tenant in context."""


def current_tenant_id() -> str | None:
    return _tenant.get()


def require_tenant_id() -> str:
    tenant_id = _tenant.get()
    if tenant_id is None:
        raise NoTenantError("nessun tenant nel contesto: accesso ai dati negato")
    return tenant_id


def in_system_scope() -> bool:
    return _system.get()


@contextmanager
def tenant_scope(tenant_id: str) -> Iterator[None]:
    """Run the block on behalf of one tenant."""
    token = _tenant.set(tenant_id)
    system = _system.set(False)
    try:
        yield
    finally:
        _system.reset(system)
        _tenant.reset(token)


@contextmanager
def system_scope() -> Iterator[None]:
    """Lift the ORM tenant scoping for deliberate cross-tenant maintenance.

    On PostgreSQL the app's role still sees no rows (row-level security, no tenant set):
    cross-tenant work there runs on the owner's connection.
    """
    token = _system.set(True)
    tenant = _tenant.set(None)
    try:
        yield
    finally:
        _tenant.reset(tenant)
        _system.reset(token)


def current_actor_id() -> str | None:
    """The user on whose behalf changes are made (recorded in the audit log)."""
    return _actor.get()


def set_actor(user_id: str | None) -> None:
    """Record who acts for the rest of the current task (one HTTP request)."""
    _actor.set(user_id)


@contextmanager
def acting_as(user_id: str | None) -> Iterator[None]:
    token = _actor.set(user_id)
    try:
        yield
    finally:
        _actor.reset(token)
