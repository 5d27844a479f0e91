"""The built-in product lines arrive through the entry points a third-party plugin would use."""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import entry_points
from pathlib import Path
from types import ModuleType

import pluggy
import pytest
import yaml

from core.app import create_app
from core.extensions import MenuEntry, ProductLine
from core.plugins import CORE_PLUGINS, ENTRY_POINT_GROUP, flatten, load_plugins
from core.runtime import Runtime
from core.settings import Settings

# entry-point name → (module, product line id, menu key, route prefix)
BUILT_IN: dict[str, tuple[str, str, str, str]] = {
    "rca": ("plugins.rca.plugin", "rca", "targhe", "/api/targhe"),
    "noleggio_auto": (
        "plugins.noleggio_auto.plugin",
        "noleggio-auto",
        "noleggio-auto",
        "/api/noleggio-auto/preventivi",
    ),
    "prestiti": ("plugins.prestiti.plugin", "prestiti", "prestiti", "/api/prestiti/preventivi"),
}


def test_group_name_is_the_documented_one() -> None:
    assert ENTRY_POINT_GROUP == "sportello.plugins"


def test_built_in_plugins_are_declared_as_entry_points() -> None:
    """The built-in lines are among the entry points (an installed line may add its own)."""
    declared = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    built_in = {name: module for name, (module, *_rest) in BUILT_IN.items()}
    assert built_in.items() <= declared.items()


def test_load_plugins_registers_each_entry_point_under_its_name() -> None:
    pm = load_plugins()
    for name, (module_name, *_rest) in BUILT_IN.items():
        assert pm.get_plugin(name) is import_module(module_name), name
    declared = {ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    registered = {name for name, _plugin in pm.list_name_plugin()}
    assert registered == set(CORE_PLUGINS) | declared
    assert set(BUILT_IN) <= declared


def test_without_entry_points_only_core_is_registered() -> None:
    pm = load_plugins(entry_points_enabled=False)
    assert {name for name, _plugin in pm.list_name_plugin()} == set(CORE_PLUGINS)
    assert flatten(pm.hook.product_lines()) == []


def _plugin(name: str) -> ModuleType:
    return import_module(BUILT_IN[name][0])


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_each_plugin_contributes_a_product_line(name: str) -> None:
    _module, product, _menu, _route = BUILT_IN[name]
    pm = load_plugins()
    impl_lines = _plugin(name).product_lines()
    assert [line.id for line in impl_lines] == [product]
    assert all(isinstance(line, ProductLine) for line in impl_lines)
    assert product in {line.id for line in flatten(pm.hook.product_lines())}


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_each_plugin_contributes_a_menu_entry(name: str, settings: Settings) -> None:
    _module, product, menu_key, _route = BUILT_IN[name]
    module = _plugin(name)
    declared: list[MenuEntry] = list(getattr(module, "menu_entries", list)())
    (line,) = module.product_lines()
    # The entry is tied to its product line, one way or the other: an extra product's is
    # built from its ProductLine (declared nowhere else), another line's requires it.
    if line.extra_product:
        assert declared == []
    else:
        assert [(e.key, e.requires_product) for e in declared] == [(menu_key, product)]
    entries = {entry.key: entry for entry in Runtime.build(settings).menu}
    assert product in {entries[menu_key].product, entries[menu_key].requires_product}
    if line.extra_product:
        entry = entries[menu_key]
        assert (entry.path, entry.label, entry.icon) == (f"/{product}", line.name, line.icon)


def _settings_offering(settings: Settings, tmp_path: Path, products: list[str]) -> Settings:
    """``settings`` with a one-tenant tenants.yaml offering ``products``."""
    path = tmp_path / "tenants.yaml"
    tenant = {"id": "solo", "app_name": "solo", "domains": ["solo.localhost"], "title": "Solo"}
    path.write_text(yaml.safe_dump({"tenants": [{**tenant, "products": products}]}))
    app = settings.app.model_copy(update={"tenants_file": path})
    return settings.model_copy(update={"app": app})


def _served(settings: Settings, pm: pluggy.PluginManager | None = None) -> set[str]:
    return {route.path for route in create_app(settings, pm=pm, migrate=False, seed=False).routes}


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_each_plugin_contributes_a_route(name: str, settings: Settings) -> None:
    route = BUILT_IN[name][3]
    assert _plugin(name).register_routes(), name
    assert route in _served(settings)


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_removing_one_plugin_leaves_core_and_the_others_working(
    name: str, settings: Settings, tmp_path: Path
) -> None:
    """DESIGN §1: without a plugin (and its product in tenants.yaml) the rest still serves."""
    pm = load_plugins()
    pm.unregister(name=name)
    others = [spec for other, spec in BUILT_IN.items() if other != name]
    served = _served(_settings_offering(settings, tmp_path, [s[1] for s in others]), pm)
    assert BUILT_IN[name][3] not in served
    assert {s[3] for s in others} <= served
    assert {"/api/auth/login", "/api/tenant", "/healthz"} <= served


def test_core_alone_serves_without_any_plugin(settings: Settings, tmp_path: Path) -> None:
    pm = load_plugins(entry_points_enabled=False)
    served = _served(_settings_offering(settings, tmp_path, []), pm)
    assert not {spec[3] for spec in BUILT_IN.values()} & served
    assert {"/api/auth/login", "/api/auth/me", "/api/tenant", "/healthz"} <= served
