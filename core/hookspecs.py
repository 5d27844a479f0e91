"""Extension points. One hook per point; core's own areas implement them like any plugin.

Hooks return plain values; ``seed_demo_data``, ``prepare_quote``, ``emission_request`` and
``quote_commissions`` may return a coroutine (it is awaited). An implementation may take any
subset of a hook's arguments.

Per-line hooks (``prepare_quote``, ``emission_request``, ``quote_commissions``) are called on
the plugin that declares the record's line in ``product_lines`` only (core's areas answer for
plain quotes), through :mod:`core.line_hooks`; a line's unexpected error is logged and answered
to that line's users alone (docs/plugins-hooks.md).
"""

from __future__ import annotations

from collections.abc import Awaitable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from litestar.types import ControllerRouterHandler
    from sqlalchemy.ext.asyncio import AsyncSession
    from sqlalchemy.orm import DeclarativeBase

    from core.db import models as m
    from core.db.audit_kinds import RecordKind
    from core.extensions import (
        Call,
        CallHandler,
        ClientPublish,
        CommissionItem,
        DemoContext,
        Host,
        Job,
        MenuEntry,
        MigrationSource,
        ProductLine,
        Publication,
        StatusDef,
        WebModule,
    )

PROJECT = "sportello"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


@hookspec
def product_lines() -> Sequence[ProductLine]:
    """Product lines this plugin provides; tenants enable them by id in tenants.yaml."""


@hookspec
def register_routes() -> Sequence[ControllerRouterHandler]:
    """Litestar controllers, routers or handlers to mount on the app."""


@hookspec
def register_calls() -> Mapping[str, CallHandler | Call]:
    """Realtime calls by name, e.g. ``{"richiediEmissione": handler}``; a line's calls as
    ``Call(handler, product=line)``, gated like its channels."""


@hookspec
def register_client_publish() -> Sequence[ClientPublish]:
    """Channels clients may ``#publish`` on, each with its handler (an admin's OTP code on
    ``submitOtp-{company}``); every other channel stays read-only."""


@hookspec
def register_publications() -> Sequence[Publication]:
    """Streams: a channel, who may subscribe, which events each subscriber receives, and
    (with ``sync``) what ``getDbData`` sends for it, resynced by watermark with tombstones."""


@hookspec
def register_models() -> Sequence[type[DeclarativeBase]]:
    """ORM models this plugin owns (imported so migrations and tenancy checks see them)."""


@hookspec
def register_migrations() -> MigrationSource | None:
    """This plugin's Alembic version folder, applied after core's."""


@hookspec
def menu_entries() -> Sequence[MenuEntry]:
    """Side-menu entries with the rule deciding who sees them."""


@hookspec
def web_module() -> WebModule | None:
    """The federated React module the shell loads for this plugin."""


@hookspec
def default_settings() -> Mapping[str, Any]:
    """Default tenant settings this plugin adds (merged, later plugins winning)."""


@hookspec
def default_statuses() -> Sequence[StatusDef]:
    """Quote statuses this plugin adds (merged with the core ones by id)."""


@hookspec
def register_jobs() -> Sequence[Job]:
    """Background jobs to run inside the server (``Job(name, run, every_s)``)."""


@hookspec
def seed_demo_data(ctx: DemoContext) -> Awaitable[None] | None:
    """Create this plugin's demo data for one tenant; must be idempotent."""


@hookspec
def prepare_quote(
    session: AsyncSession, product: m.Product, payload: Mapping[str, Any]
) -> Mapping[str, Any] | Awaitable[Mapping[str, Any] | None] | None:
    """Per line: the column values (``car``, ``price``, ``quote``, ``prodotto``) a new quote of
    your line takes from the payload's extra keys. Called only for products of a line you
    declare; raise ``core.errors.ClientError`` (Italian message) to refuse."""


@hookspec
def emission_request(
    session: AsyncSession,
    quote: m.Quote,
    product: m.Product | None,
    payload: Mapping[str, Any],
    undo: bool,
    host: Host,
) -> Awaitable[None] | None:
    """Per line: check (or complete) an emission request or its undo for ``quote``.

    Called by ``richiediEmissione`` and the public link before anything changes, only for
    quotes of a line you declare (``quote.type``). Raise ``core.errors.ClientError`` (Italian
    message) to refuse; you may set the quote's line columns (``quote``, ``price``…) and, with
    ``host``, store a document the request makes (``core.api.attach_document``).
    """


@hookspec
def quote_commissions(
    session: AsyncSession, quote: m.Quote, line: str
) -> Sequence[CommissionItem] | Awaitable[Sequence[CommissionItem]] | None:
    """Per line: the commissions one of ``line``'s quotes earns as it now stands (none before
    it earns anything). Core asks whenever such a quote changes, in the transaction that
    changes it, and keeps the answer as rows (``line_commissions``) that the report, the
    monthly summary, an agent's lines and the collaborator balance read as they read a
    policy's instalments: the figures are those of the sale, never recomputed later from
    today's rates. Read only: it runs in a savepoint. When it fails the change is refused to
    that line's users (503), so no practice is ever saved with figures out of step."""


@hookspec
def policy_issued(
    session: AsyncSession, policy: m.Policy, quote: m.Quote, host: Host
) -> Awaitable[None] | None:
    """A policy was just issued from ``quote``, in the transaction that issues it: follow it
    (the RCA line shows the policy and its expiry on the vehicle's plate). Called on every
    plugin, for the tenants where the plugin's lines are on; each in a savepoint. Raise
    ``core.errors.ClientError`` (Italian message) to refuse the issue; an unexpected error is
    logged and undone, and the policy is issued without that plugin's part."""


@hookspec
def audit_record_kinds() -> Sequence[RecordKind]:
    """How the activity log reads your audited tables: for each, its phrases ('ha emesso la
    polizza'), how one record is named and which columns show, with their labels and value
    formatters (:mod:`core.db.audit_kinds`). Columns left out are never shown. A later
    plugin's kind for the same table wins."""
