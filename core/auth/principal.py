"""The acting user as the permission rules see it: plain data, no database."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakValueDictionary


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Principal:
    """A logged-in user. ``roles`` is the spec's role object, e.g. ``{"a": {"aId": "…"}}``."""

    id: str
    tenant_id: str
    roles: Mapping[str, Any] = field(default_factory=dict)
    name: str = ""
    email: str = ""
    extra_products: tuple[str, ...] = ()
    referred_user_ids: tuple[str, ...] = ()
    developer: bool = False

    def has(self, role: str) -> bool:
        return bool(self.roles.get(role))

    @property
    def is_admin(self) -> bool:
        return self.has("admin")

    @property
    def is_responsabile(self) -> bool:
        return self.has("responsabile")

    @property
    def is_employee(self) -> bool:
        return self.has("e")

    @property
    def is_agent(self) -> bool:
        return self.has("a")

    @property
    def is_referrer(self) -> bool:
        return self.has("segnalatore")

    @property
    def parent_agent_id(self) -> str | None:
        """The ``role.a.aId`` of a sub-agent, ``None`` for everyone else."""
        agent = self.roles.get("a")
        if isinstance(agent, Mapping):
            parent = agent.get("aId")
            return str(parent) if parent else None
        return None

    @property
    def role_names(self) -> tuple[str, ...]:
        return tuple(name for name, flag in self.roles.items() if flag)


_held: WeakValueDictionary[tuple[str, str], Principal] = WeakValueDictionary()


def shared(principal: Principal) -> Principal:
    """An equal principal already held elsewhere (another socket or request of the same
    user), else ``principal`` itself: the sockets of one user then keep one copy of it."""
    key = (principal.tenant_id, principal.id)
    held = _held.get(key)
    if held is not None and held == principal:
        return held
    _held[key] = principal
    return principal
