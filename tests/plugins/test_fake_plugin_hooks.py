"""Each hook, exercised by a fake plugin registered for one test (datasette style).

``test_fake_plugin.py`` covers register_routes and register_calls; this file covers the rest
(``tests/meta/test_hooks_documented.py`` checks that every hook is named by some test).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from core import permissions as perm
from core.auth.principal import Principal
from core.context import tenant_scope
from core.db import models as m
from core.db.migrate import migration_sources, upgrade
from core.demo.seed import ACCOUNTS, seed_demo
from core.domain.quotes import statuses
from core.extensions import (
    ClientPublish,
    DemoContext,
    MigrationSource,
    ProductLine,
    Publication,
    StatusDef,
    WebModule,
)
from core.hookspecs import hookimpl
from core.plugins import flatten, load_plugins, registered
from core.runtime import Runtime
from core.settings import Settings
from core.testing import ClientFactory, PluginKit
from plugins.noleggio_auto import plugin as noleggio_plugin
from plugins.prestiti import plugin as prestiti_plugin
from plugins.rca import plugin as rca_plugin

ADMIN = Principal(id="u-admin", tenant_id="assicurapp", roles={"admin": True})
AGENT = Principal(id="u-agent", tenant_id="assicurapp", roles={"a": {"type": "agente"}})


def _sees_own(principal: Principal, event: Mapping[str, Any]) -> bool:
    record = event.get("p")
    return isinstance(record, Mapping) and perm.record_visible(principal, record)


class PublishingPlugin:
    @hookimpl
    def register_publications(self) -> Sequence[Publication]:
        return [Publication("fakeChannel", perm.sees_work, _sees_own)]


def test_register_publications_adds_a_channel_with_its_rule(plugin_kit: PluginKit) -> None:
    with plugin_kit(PublishingPlugin()) as (runtime, _app):
        publication = runtime.publications["fakeChannel"]
        assert publication.may_subscribe(AGENT)
        assert not publication.may_subscribe(Principal(id="x", tenant_id="assicurapp"))
        own = {"operationType": "insert", "p": {"aId": AGENT.id}}
        other = {"operationType": "insert", "p": {"aId": "someone-else"}}
        assert publication.may_receive(AGENT, own)
        assert not publication.may_receive(AGENT, other)
        assert publication.may_receive(ADMIN, other)
    channels = {p.channel for p in flatten(load_plugins().hook.register_publications())}
    assert "fakeChannel" not in channels


async def _ping(_ctx: Any, _rest: str, _data: Any) -> None:
    return None


class PublishOpeningPlugin:
    @hookimpl
    def register_client_publish(self) -> Sequence[ClientPublish]:
        return [ClientPublish("ping-", _ping)]


def test_register_client_publish_opens_channels_to_clients(plugin_kit: PluginKit) -> None:
    with plugin_kit(PublishOpeningPlugin()) as (runtime, _app):
        prefixes = {opened.prefix for opened in runtime.client_publish}
        assert prefixes == {"ping-", "submitOtp-"}  # the plugin's, and core's OTP channel
    opened = flatten(load_plugins().hook.register_client_publish())
    assert [o.prefix for o in opened] == ["submitOtp-"]


class SettingsPlugin:
    @hookimpl
    def default_settings(self) -> Mapping[str, Any]:
        return {"plateInQuote": True, "fakeSetting": {"giorni": 30}}


def test_default_settings_merge_with_plugins_winning(plugin_kit: PluginKit) -> None:
    with plugin_kit(SettingsPlugin()) as (runtime, _app):
        defaults = runtime.default_settings
        assert defaults["fakeSetting"] == {"giorni": 30}
        assert defaults["plateInQuote"] is True  # core's default is False; the plugin wins
        assert [f["code"] for f in defaults["frazionamenti"]][:2] == ["ANN", "SEM"]  # core kept


class StatusPlugin:
    @hookimpl
    def default_statuses(self) -> Sequence[StatusDef]:
        return [
            StatusDef(1, "Preventivo inviato", ("admin", "responsabile")),
            StatusDef(20, "Attesa documenti", ("admin",), ("admin",)),
        ]


def test_default_statuses_merge_by_id(plugin_kit: PluginKit) -> None:
    core_ids = [status.id for status in statuses.DEFAULT_STATUSES]
    with plugin_kit(StatusPlugin()) as (runtime, _app):
        assert [status.id for status in runtime.statuses] == [*core_ids, 20]
        by_id = {status.id: status for status in runtime.statuses}
        assert by_id[1].name == "Preventivo inviato"  # replaced in place
        assert by_id[0].name == "In attesa di quotazione"  # core's kept
        assert runtime.public_statuses()[-1] == {
            "id": 20,
            "name": "Attesa documenti",
            "alert": ["admin"],
            "canSelectedBy": ["admin"],
        }


class SeedingPlugin:
    def __init__(self) -> None:
        self.calls: list[tuple[str, list[str], int]] = []

    @hookimpl
    async def seed_demo_data(self, ctx: DemoContext) -> None:
        users = (await ctx.session.execute(select(m.User.id))).scalars().all()
        self.calls.append((ctx.tenant.id, sorted(ctx.accounts), len(users)))
        ctx.session.add(m.Client(name=f"Cliente finto {ctx.tenant.id}"))


async def test_seed_demo_data_runs_once_per_tenant_in_its_scope(
    plugin_kit: PluginKit, runtime: Runtime
) -> None:
    plugin = SeedingPlugin()
    accounts = sorted(key for key, *_rest in ACCOUNTS)
    with plugin_kit(plugin) as (kit_runtime, _app):
        tenants = [tenant.id for tenant in kit_runtime.tenants]
        try:
            await seed_demo(kit_runtime)
            assert plugin.calls == [(tenant, accounts, len(accounts)) for tenant in tenants]
            await seed_demo(kit_runtime)  # idempotent: a seeded tenant is skipped
            assert len(plugin.calls) == len(tenants)
            for tenant in tenants:
                with tenant_scope(tenant):
                    async with kit_runtime.db.session() as session:
                        names = (
                            await session.execute(
                                select(m.Client.name).where(m.Client.name.like("Cliente finto%"))
                            )
                        ).scalars()
                        assert list(names) == [f"Cliente finto {tenant}"]
        finally:
            await kit_runtime.db.dispose()


MIGRATION = '''"""fake notes"""

import sqlalchemy as sa
from alembic import op

from core.db.rls import enable_tenant_rls

revision = "fake_0001"
down_revision = None
branch_labels = ("fake",)
depends_on = "core_0001"


def upgrade() -> None:
    op.create_table(
        "fake_notes",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("tenant_id", sa.String(64), nullable=False, index=True),
        sa.Column("text", sa.Text(), nullable=False),
    )
    enable_tenant_rls(op.get_bind(), "fake_notes")


def downgrade() -> None:
    op.drop_table("fake_notes")
'''


class MigratingPlugin:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    @hookimpl
    def register_migrations(self) -> MigrationSource:
        return MigrationSource("fake", self.folder)


async def test_register_migrations_adds_a_version_folder(
    settings: Settings, tmp_path: Path
) -> None:
    """A plugin's Alembic branch is applied after core's, on a database of its own."""
    folder = tmp_path / "versions"
    folder.mkdir()
    (folder / "fake_0001_notes.py").write_text(MIGRATION)
    database = tmp_path / "fake.db"
    db = settings.db.model_copy(update={"url": f"sqlite+aiosqlite:///{database}"})
    own = settings.model_copy(update={"db": db})
    pm = load_plugins()
    with registered(pm, MigratingPlugin(folder), name="fake"):
        assert {source.branch for source in migration_sources(pm)} >= {"core", "rca", "fake"}
        await upgrade(own, pm)
        await upgrade(own, pm)  # idempotent
    with sqlite3.connect(database) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        versions = {row[0] for row in conn.execute("SELECT version_num FROM alembic_version")}
    assert {"fake_notes", "users", "rca_plates"} <= tables
    assert "fake_0001" in versions


EXPECTED_MODULES: dict[str, dict[str, dict[str, str] | None]] = {
    "rcadealer": {
        "rca": {"name": "rca", "entry": "/plugins/rca/remoteEntry.js"},
        "noleggio-auto": {
            "name": "noleggio_auto",
            "entry": "/plugins/noleggio_auto/remoteEntry.js",
        },
    },
    "assicurapp": {
        "noleggio-auto": {
            "name": "noleggio_auto",
            "entry": "/plugins/noleggio_auto/remoteEntry.js",
        },
        "prestiti": {"name": "prestiti", "entry": "/plugins/prestiti/remoteEntry.js"},
    },
}


@pytest.mark.parametrize("tenant", sorted(EXPECTED_MODULES))
async def test_web_module_of_each_offered_line_reaches_the_shell(
    clients: ClientFactory,
    runtime: Runtime,
    tenant: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    plugins = (rca_plugin, noleggio_plugin, prestiti_plugin)
    for module in plugins:  # plugin folders of their own: whatever the checkout has built
        monkeypatch.setattr(module, "HERE", tmp_path / module.__name__)
    unbuilt = await clients(tenant).get("/api/tenant")
    assert {p["module"] for p in unbuilt.json()["products"]} == {None}  # no remote built yet
    for module in plugins:
        (module.HERE / "web" / "dist").mkdir(parents=True)
        (module.HERE / "web" / "dist" / "remoteEntry.js").write_text("export {}")
    response = await clients(tenant).get("/api/tenant")
    assert response.status_code == 200
    modules = {p["id"]: p["module"] for p in response.json()["products"]}
    assert modules == EXPECTED_MODULES[tenant]


class LineWithoutModule:
    @hookimpl
    def product_lines(self) -> Sequence[ProductLine]:
        return [ProductLine("fake-line", "Linea finta", "star")]

    @hookimpl
    def web_module(self) -> WebModule | None:
        return None


def test_a_line_may_have_no_web_module(plugin_kit: PluginKit) -> None:
    with plugin_kit(LineWithoutModule()) as (runtime, _app):
        assert "fake-line" in runtime.product_lines
        modules = [module for module in runtime.pm.hook.web_module() if module is not None]
        products = {module.product for module in modules}
        assert "fake-line" not in products
        assert {
            "rca",
            "noleggio-auto",
            "prestiti",
        } <= products  # another installed line may add its own
