"""The value types hooks return. Plugins build these; core consumes them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.auth.tokens import TokenClaims
from core.settings import Settings
from tenants.config import Tenant

if TYPE_CHECKING:
    from core.runtime import Runtime

Visibility = Callable[[Principal], bool]


@dataclass(frozen=True, slots=True)
class ProductLine:
    """A product line a tenant may offer (``rca``, ``noleggio-auto``, ``prestiti``…)."""

    id: str
    name: str
    icon: str
    extra_product: bool = True
    """Extra products are switched per tenant and per user (SPEC §2 'extra products')."""


@dataclass(frozen=True, slots=True)
class MenuEntry:
    """One side-menu entry. ``visible`` is a rule from :mod:`core.permissions`."""

    key: str
    path: str
    label: str
    icon: str
    order: int
    visible: Visibility
    product: str | None = None
    """An extra product: shown where the tenant offers it, to admins and users who have it."""
    requires_product: str | None = None
    """Shown to everyone the rule admits, but only where the tenant offers this line."""
    chip: str | None = None
    """Name of the count chip shown beside the label (``preventivi``, ``polizze``, ``chat``)."""


@dataclass(frozen=True, slots=True)
class WebModule:
    """A federated React module served by the backend under ``/plugins/{name}/``."""

    name: str
    product: str | None
    dist_dir: Path
    remote_entry: str = "remoteEntry.js"
    exposes: str = "./module"


@dataclass(frozen=True, slots=True)
class MigrationSource:
    """An Alembic version folder and the branch label its revisions carry."""

    branch: str
    path: Path


@dataclass(frozen=True, slots=True)
class StatusDef:
    """A quote status (SPEC §4): who may select it and whom it alerts."""

    id: int
    name: str
    can_selected_by: tuple[str, ...] | None
    alert: tuple[str, ...] = ()

    def as_setting(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "name": self.name, "alert": list(self.alert)}
        if self.can_selected_by is not None:
            data["canSelectedBy"] = list(self.can_selected_by)
        return data


class RealtimeClient(Protocol):
    """The socket a realtime call came from, as calls may act on it."""

    id: str
    address: str
    """The client's address (for per-address limits)."""

    async def set_auth_token(self, token: str, principal: Principal, claims: TokenClaims) -> None:
        """Authenticate the socket and hand the client its token (``#setAuthToken``)."""

    def session_token(self) -> str | None:
        """The token the socket logged in with, if any."""

    async def remove_auth_token(self) -> None:
        """Deauthenticate the socket and tell the client to drop its token."""

    async def publish(self, channel: str, data: Any) -> None:
        """Deliver ``data`` on ``channel`` to this socket only (e.g. ``dbData`` batches)."""

    def holding_changes(self) -> AbstractAsyncContextManager[None]:
        """Hold change events meanwhile (a sync's batches must not overtake them)."""


@dataclass(slots=True)
class CallContext:
    """What a realtime call handler receives besides its payload."""

    tenant: Tenant
    session: AsyncSession
    principal: Principal | None
    runtime: Runtime
    client: RealtimeClient | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    origin: str | None = None
    """``scheme://host[:port]`` the client reached us at (the socket's Origin or Host header),
    checked against the tenant's domains; ``None`` when unknown. Used to build absolute links."""


CallHandler = Callable[[CallContext, Any], Awaitable[Any]]


@dataclass(frozen=True, slots=True)
class Publication:
    """A channel and the rules deciding who may subscribe and which events each receives.

    With ``model`` set, every committed insert, update or delete of that model becomes an
    event ``{"operationType": …, key: serialize(row)}`` on the channel.
    """

    channel: str
    may_subscribe: Callable[[Principal], bool]
    may_receive: Callable[[Principal, Mapping[str, Any]], bool]
    model: type | None = None
    key: str = "p"
    serialize: Callable[[Any], dict[str, Any]] | None = None
    public: bool = False
    """Sockets that have not logged in may subscribe too."""
    product: str | None = None
    """The product line the channel belongs to: open only where the tenant has the line on,
    to users who may work it; switching the line off closes it on every socket."""


@dataclass(frozen=True, slots=True)
class DemoContext:
    """What a demo-data hook gets: the tenant, a session scoped to it and the demo accounts."""

    tenant: Tenant
    session: AsyncSession
    accounts: Mapping[str, str]
    """Demo account key (``admin``, ``agente``…) → user id."""
    settings: Settings
