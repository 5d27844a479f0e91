"""Everything one process holds: settings, plugins, tenants and the database."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pluggy
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession

from core.auth.hashing import HashGate
from core.auth.kicks import kicker
from core.auth.menu import line_entries
from core.auth.service import NO_COOKIES, Attempt
from core.db import models as m
from core.db.audit_kinds import RecordKind
from core.db.engine import Database
from core.domain.commissions.line_keeper import keeper
from core.domain.documents.images import Thumbnailer
from core.domain.quotes.statuses import merge_statuses
from core.extensions import (
    Call,
    CallHandler,
    ClientPublish,
    MenuEntry,
    ProductLine,
    Publication,
    StatusDef,
)
from core.http.ratelimit import RateLimits
from core.icons import icon_problems
from core.lines import ProductLineGate, stored_settings
from core.plugins import PluginError, flatten, load_plugins
from core.push.alerts import status_alerts
from core.push.sender import PushSender
from core.realtime.bus import Bus
from core.realtime.hub import Hub
from core.realtime.login_checks import LoginChecks
from core.realtime.sync_budget import SyncBudget
from core.realtime.sync_gate import SyncGate
from core.settings import Settings
from tenants.config import Tenant
from tenants.loader import TenantsConfigError, load_tenants
from tenants.resolver import TenantRegistry


@dataclass
class Runtime:
    settings: Settings
    pm: pluggy.PluginManager
    tenants: TenantRegistry
    db: Database
    bus: Bus
    hub: Hub = field(init=False)
    login_checks: LoginChecks = field(init=False)
    sync_gate: SyncGate = field(init=False)
    sync_budget: SyncBudget = field(init=False)
    thumbnailer: Thumbnailer = field(init=False)
    rate_limits: RateLimits = field(init=False)
    hash_gate: HashGate = field(init=False)
    lines: ProductLineGate = field(init=False)
    push: PushSender = field(init=False)
    product_lines: dict[str, ProductLine] = field(default_factory=dict)
    menu: list[MenuEntry] = field(default_factory=list)
    statuses: tuple[StatusDef, ...] = ()
    calls: dict[str, Call] = field(default_factory=dict)
    publications: dict[str, Publication] = field(default_factory=dict)
    client_publish: list[ClientPublish] = field(default_factory=list)
    default_settings: dict[str, Any] = field(default_factory=dict)
    record_kinds: dict[str, RecordKind] = field(default_factory=dict)
    """The activity log's words for each audited table (``audit_record_kinds``)."""

    @classmethod
    def build(
        cls,
        settings: Settings,
        pm: pluggy.PluginManager | None = None,
        *,
        engine: AsyncEngine | None = None,
    ) -> Runtime:
        """Load plugins and tenants; an invalid tenants.yaml stops here. ``engine``, when
        given, is lent to the runtime's database (see :class:`~core.db.engine.Database`)."""
        pm = pm or load_plugins()
        lines = {line.id: line for line in flatten(pm.hook.product_lines())}
        config = load_tenants(settings.app.tenants_file, known_products=set(lines))
        runtime = cls(
            settings,
            pm,
            TenantRegistry(config),
            Database(settings, engine),
            Bus(settings.bus.url),
            lines,
        )
        runtime.refresh_extensions()
        runtime.check_menu_cuts(settings.app.tenants_file)
        return runtime

    def check_menu_cuts(self, path: Path) -> None:
        """Every ``menu.only`` key must name a menu entry: a typo must not hide one silently."""
        keys = {entry.key for entry in self.menu}
        problems = [
            f"tenant {tenant.id!r}, key 'menu.only[{index}]': voce di menu sconosciuta {key!r}"
            for tenant in self.tenants
            for index, key in enumerate(tenant.menu.only or ())
            if key not in keys
        ]
        if problems:
            raise TenantsConfigError(path, problems)

    def refresh_extensions(self) -> None:
        """Collect what the hooks contribute (called again when a test registers a plugin)."""
        hook = self.pm.hook
        self.product_lines = {line.id: line for line in flatten(hook.product_lines())}
        self.lines = ProductLineGate(self.tenants, self.product_lines)
        self.menu = checked_menu(self.product_lines.values(), flatten(hook.menu_entries()))
        statuses: tuple[StatusDef, ...] = ()
        for contributed in reversed(hook.default_statuses()):
            statuses = merge_statuses(statuses, contributed or ())
        self.statuses = statuses
        self.calls = {}
        for calls in reversed(hook.register_calls()):
            self.calls.update({name: as_call(call) for name, call in (calls or {}).items()})
        self.publications = {p.channel: p for p in flatten(hook.register_publications())}
        self.client_publish = flatten(hook.register_client_publish())
        defaults: dict[str, Any] = {}
        for contributed in reversed(hook.default_settings()):
            defaults.update(contributed or {})
        self.default_settings = defaults
        self.record_kinds = {
            kind.table: kind for kind in flatten(reversed(hook.audit_record_kinds()))
        }
        self.hub = Hub(
            self.bus, self.publications, self.settings.bus.heartbeat_s, self.settings.realtime
        )
        self.hub.lines_channels = frozenset(
            p.channel for p in self.publications.values() if p.model is m.TenantSettings
        )
        self.login_checks = LoginChecks(
            self.db.read_session, self.hub.logins,
            self.settings.realtime.login_check_batch, self.settings.realtime.login_checks_waiting,
        )  # fmt: skip
        self.thumbnailer = Thumbnailer(self.settings.uploads)
        if not hasattr(self, "rate_limits"):  # counts outlive a plugin registered in a test
            self.rate_limits = RateLimits(self.settings.rate_limits)
            self.hash_gate = HashGate.from_settings(self.settings.rate_limits)
            self.sync_budget = SyncBudget(self.rate_limits)
        realtime = self.settings.realtime
        self.sync_gate = SyncGate(
            realtime.syncs_per_user, realtime.syncs_per_tenant, realtime.sync_wait_ms / 1000
        )
        if not hasattr(self, "push"):  # its queue and workers outlive a test's plugin
            self.push = PushSender(self.db, self.settings)
        self.db.before_commit = [keeper(self.pm)]
        self.db.on_commit = [
            self.hub.publish_changes,
            kicker(self.hub),
            status_alerts(self.push, self.statuses),
        ]
        self.db.synced.clear()
        self.db.synced.update({p.model: p.channel for p in self.publications.values() if p.model})

    def login_attempt(self, address: str, cookies: Mapping[str, str] | None = None) -> Attempt:
        """The bounds a login from ``address`` (with the request's ``cookies``) must pass:
        rate limits, hashing slots, the lockout of its source."""
        return Attempt(address, self.rate_limits, self.hash_gate, cookies or NO_COOKIES)

    def read_session(self) -> AbstractAsyncContextManager[AsyncSession]:
        """A read-only session (see :meth:`Database.read_session`)."""
        return self.db.read_session()

    def write_session(self) -> AbstractAsyncContextManager[AsyncSession]:
        """A committing session whose changes are published (see :meth:`Database.session`)."""
        return self.db.session()

    def tenant_ids(self) -> list[str]:
        return [tenant.id for tenant in self.tenants]

    def tenant(self, tenant_id: str) -> Tenant | None:
        return self.tenants.get(tenant_id)

    async def stored_settings(self, session: AsyncSession) -> m.TenantSettings | None:
        return await stored_settings(session)

    def public_statuses(
        self, extra: Sequence[Mapping[str, Any]] | None = None
    ) -> list[dict[str, Any]]:
        return [status.as_setting() for status in self.statuses] + [dict(e) for e in extra or ()]


def as_call(call: Call | CallHandler) -> Call:
    """A bare handler is a call open to every line."""
    return call if isinstance(call, Call) else Call(call)


LINE_ENTRY_DECLARED = (
    "voce di menu {key!r}: la voce di una linea nasce dalla sua ProductLine (nome, icona, "
    "percorso /{product}); non va dichiarata in menu_entries"
)


def checked_menu(lines: Iterable[ProductLine], declared: Sequence[MenuEntry]) -> list[MenuEntry]:
    """The side menu's entries: those the hooks declare and each extra line's own, refused
    (:class:`PluginError`) where an icon is not a Tabler name or a line's entry is declared
    a second time."""
    lines = list(lines)
    problems = icon_problems(lines, declared)
    problems += [
        LINE_ENTRY_DECLARED.format(key=entry.key, product=entry.product)
        for entry in declared
        if entry.product is not None
    ]
    if problems:
        raise PluginError("; ".join(problems))
    return [*declared, *line_entries(lines)]
