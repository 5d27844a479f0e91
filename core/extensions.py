"""The value types hooks return. Plugins build these; core consumes them."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any, NamedTuple, Protocol

import msgspec
import pluggy
from sqlalchemy.ext.asyncio import AsyncSession

from core.auth.principal import Principal
from core.auth.service import Attempt
from core.auth.tokens import LoginSession, TokenClaims
from core.db import models as m
from core.settings import Settings
from tenants.config import Tenant

Visibility = Callable[[Principal], bool]


@dataclass(frozen=True, slots=True)
class ProductLine:
    """A product line a tenant may offer (``rca``, ``noleggio-auto``, ``prestiti``…).

    The one place its label, icon and path are declared: an extra product's side-menu entry
    is built from it (key ``id``, path ``/{id}``, where its web module's routes live, label
    ``name``, icon ``icon``), shown where the tenant offers the line, to admins and the users
    who have it, whatever the tenant's ``menu.only`` lists."""

    id: str
    name: str
    """The label: menu entry, settings switch, page titles."""
    icon: str
    """Any Tabler icon name (https://tabler.io/icons), checked when the plugin loads."""
    extra_product: bool = True
    """Extra products are switched per tenant and per user (SPEC §2 'extra products')."""
    menu_order: int | None = 200
    """Where its menu entry sits (``MenuEntry.order``); ``None``: no entry of its own."""
    menu_visible: Visibility | None = None
    """Who, among the users who have the line, sees the entry (default: every role)."""

    @property
    def path(self) -> str:
        """Its screens' address: the menu entry's, under which its module's routes live."""
        return f"/{self.id}"


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

    def login_session(self) -> LoginSession | None:
        """The login the socket acts under, if any."""

    async def remove_auth_token(self) -> None:
        """Deauthenticate the socket and tell the client to drop its token."""

    async def publish(self, channel: str, data: Any) -> None:
        """Deliver ``data`` on ``channel`` to this socket only (e.g. ``dbData`` batches)."""

    def holding_changes(self) -> AbstractAsyncContextManager[None]:
        """Hold change events meanwhile (a sync's batches must not overtake them)."""


class LineGate(Protocol):
    """The product-line gate (:class:`core.lines.ProductLineGate`) as handlers use it."""

    def offered(self, tenant: Tenant) -> list[str]:
        """Lines tenants.yaml offers for ``tenant`` whose plugin is installed."""

    async def enabled(
        self, session: AsyncSession, tenant: Tenant, stored: m.TenantSettings | None = None
    ) -> list[str]:
        """Offered lines the tenant has on."""

    async def is_on(self, session: AsyncSession, tenant_id: str, line: str | None) -> bool:
        """Whether the tenant has ``line`` on (plain quotes, ``None``: always)."""

    async def works(self, session: AsyncSession, principal: Principal, line: str | None) -> bool:
        """Whether ``principal`` may work ``line`` now."""

    async def require(
        self, session: AsyncSession, tenant_id: str, principal: Principal | None, line: str | None
    ) -> None:
        """Raise 404 for a line that is off, 403 for one the user may not work."""


class PushQueue(Protocol):
    """Queues a Web Push (:class:`core.push.sender.Push`) to be sent off the request path."""

    def send(self, push: Any) -> bool: ...


class AppEvents(Protocol):
    """Sends an app-wide trigger (``restartApp``, ``closePopUp``) to a tenant's sockets, and
    a user's private events (``priv/{userId}``) to every socket of theirs, on every process."""

    async def send_event(self, tenant_id: str | None, name: str) -> None: ...

    async def publish_private(self, tenant_id: str, user_id: str, data: Any) -> None: ...

    async def submit_otp(self, tenant_id: str, company: str, code: str) -> None: ...


class SyncSlots(Protocol):
    """Bounds concurrent syncs: per user for the whole sync, per tenant while reading."""

    def user_slot(self, tenant_id: str, user_id: str) -> AbstractAsyncContextManager[None]: ...

    def tenant_slot(self, tenant_id: str) -> AbstractAsyncContextManager[None]: ...


class FullSyncBudget(Protocol):
    """Bounds how many full syncs a user and a tenant start per minute."""

    async def spend(self, tenant_id: str, user_id: str) -> None: ...


class Host(Protocol):
    """What calls, loaders and savers may use of the running process — not the process
    itself (:class:`core.runtime.Runtime` satisfies it)."""

    @property
    def settings(self) -> Settings: ...

    @property
    def pm(self) -> pluggy.PluginManager: ...

    @property
    def lines(self) -> LineGate: ...

    @property
    def product_lines(self) -> Mapping[str, ProductLine]: ...

    @property
    def statuses(self) -> tuple[StatusDef, ...]: ...

    @property
    def default_settings(self) -> Mapping[str, Any]: ...

    @property
    def menu(self) -> Sequence[MenuEntry]: ...

    @property
    def publications(self) -> Mapping[str, Publication]: ...

    @property
    def hub(self) -> AppEvents: ...

    @property
    def push(self) -> PushQueue: ...

    @property
    def sync_gate(self) -> SyncSlots: ...

    @property
    def sync_budget(self) -> FullSyncBudget: ...

    def read_session(self) -> AbstractAsyncContextManager[AsyncSession]:
        """A read-only session (a sync's long read)."""

    def write_session(self) -> AbstractAsyncContextManager[AsyncSession]:
        """A session that commits on exit and publishes what it changed (a job's writes)."""

    def tenant_ids(self) -> list[str]:
        """Every tenant this process serves."""

    def tenant(self, tenant_id: str) -> Tenant | None:
        """The tenant of that id this process serves (a job's links name its domain)."""

    def login_attempt(self, address: str, cookies: Mapping[str, str] | None = None) -> Attempt:
        """The bounds a login from ``address`` (with the request's ``cookies``) must pass."""

    def public_statuses(
        self, extra: Sequence[Mapping[str, Any]] | None = None
    ) -> list[dict[str, Any]]: ...


@dataclass(frozen=True, slots=True)
class Job:
    """Work a plugin runs inside the server every ``every_s`` seconds, off any request.

    ``run`` receives the host; it must be safe to run in several processes at once (claim the
    work in the database, as the renewals do with one row per tenant and day).
    """

    name: str
    run: Callable[[Host], Awaitable[None]]
    every_s: float = 3600.0


@dataclass(slots=True)
class CallContext:
    """What a realtime call handler receives besides its payload."""

    tenant: Tenant
    session: AsyncSession
    principal: Principal | None
    host: Host
    client: RealtimeClient | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    origin: str | None = None
    """``scheme://host[:port]`` the client reached us at (the socket's Origin or Host header),
    checked against the tenant's domains; ``None`` when unknown. Used to build absolute links."""


CallHandler = Callable[[CallContext, Any], Awaitable[Any]]


ClientPublishHandler = Callable[["CallContext", str, Any], Awaitable[None]]
"""(context, the channel's rest after the prefix, the published data)."""


@dataclass(frozen=True, slots=True)
class ClientPublish:
    """Channels clients may publish on (``#publish``): those starting with ``prefix``, handled
    by ``handler``. Every other channel is read-only for clients."""

    prefix: str
    handler: ClientPublishHandler


@dataclass(frozen=True, slots=True)
class Call:
    """A realtime call with what it belongs to. ``register_calls`` may give a bare handler
    (a call of core, open to every line) or a :class:`Call`.

    With ``product`` set the call belongs to that line, like a channel: unknown where the
    tenant has the line off, refused ('Prodotto non abilitato per il tuo utente') to users who
    may not work it, and not logged in: refused with 'Non autorizzato: effettua l'accesso'.
    """

    handler: CallHandler
    product: str | None = None


@dataclass(frozen=True, slots=True)
class SyncRequest:
    """What a stream's sync loader is asked for (``getDbData``)."""

    session: AsyncSession
    """Read-only, scoped to the tenant."""
    principal: Principal
    since: datetime | None
    """Only records changed after this moment (a watermark resync), or ``None``: all."""


class StoredRecord(NamedTuple):
    """A record whose payload is already encoded (a stored payload): sent as it is."""

    id: str
    payload: msgspec.Raw


SyncLoader = Callable[[SyncRequest], Awaitable[Sequence[dict[str, Any] | StoredRecord]]]
"""The records of a stream the user may see (changed since ``since``), as published:
payloads (with their ``_id``) or already encoded ones."""
LookupLoader = Callable[
    [AsyncSession, Principal, Sequence[str]], Awaitable[Sequence[dict[str, Any]]]
]
"""Records of a stream by id, those the user may see (``getDbData``'s lazy look-up)."""
SaveHandler = Callable[[CallContext, Principal, str, Mapping[str, Any]], Awaitable[int]]
"""``saveData`` on a stream: apply ``$set`` to record ``_id``; return how many changed."""


@dataclass(frozen=True, slots=True)
class Publication:
    """A stream: a channel, who may subscribe, which events each subscriber receives, and
    what ``getDbData`` sends for it.

    With ``model`` set, every committed insert, update or delete of that model becomes an
    event ``{"operationType": …, key: serialize(row)}`` on the channel, and a row deleted or
    moved out of someone's view leaves a tombstone for watermark resyncs.
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
    """The product line the stream belongs to: open only where the tenant has the line on,
    to users who may work it; switching the line off closes it on every socket."""
    sync: SyncLoader | None = None
    """What ``getDbData`` sends for this stream (it is synced only with a loader)."""
    lookup: LookupLoader | None = None
    """Records by id for ``getDbData``'s lazy look-up (``{usr: [ids]}``)."""
    save: SaveHandler | None = None
    """``saveData`` for this stream (``{coll: channel, _id, upd: {$set}}``)."""


@dataclass(frozen=True, slots=True)
class DemoContext:
    """What a demo-data hook gets: the tenant, a session scoped to it and the demo accounts."""

    tenant: Tenant
    session: AsyncSession
    accounts: Mapping[str, str]
    """Demo account key (``admin``, ``agente``…) → user id."""
    settings: Settings


@dataclass(frozen=True, slots=True)
class CommissionItem:
    """A commission a product line's quote earns (``quote_commissions``), kept by core as a row."""

    day: date
    """When it is earned (the report's range filters on it)."""
    agent_id: str | None
    parent_agent_id: str | None
    product: str
    company: str | None
    commission: Decimal
    """What the platform receives on it (the agent's part included)."""
    agent: Decimal
    """The agent's part."""
    collected: bool
    link: Mapping[str, Any]
    """The route that opens the record: ``{name, params}``."""
