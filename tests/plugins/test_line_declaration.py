"""A product line declares its label, icon and path once, in its ``ProductLine``: its menu
entry is built from it, any Tabler icon name is accepted and an unknown one stops the load,
and the entry shows wherever the tenant offers the line, ``menu.only`` or not."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from core import permissions as perm
from core.extensions import MenuEntry, ProductLine
from core.hookspecs import hookimpl
from core.plugins import PluginError, load_plugins, registered
from core.runtime import Runtime
from core.settings import Settings
from tests.unit.principals import PRINCIPALS


class Line:
    """A line with one product-line declaration and, optionally, menu entries of its own."""

    def __init__(self, line: ProductLine, entries: Sequence[MenuEntry] = ()) -> None:
        self.line, self.entries = line, entries

    @hookimpl
    def product_lines(self) -> Sequence[ProductLine]:
        return [self.line]

    @hookimpl
    def menu_entries(self) -> Sequence[MenuEntry]:
        return self.entries


def _runtime(settings: Settings, plugin: Line) -> Runtime:
    pm = load_plugins()
    with registered(pm, plugin, name="tutela"):
        return Runtime.build(settings, pm)


def test_the_lines_menu_entry_comes_from_its_one_declaration(settings: Settings) -> None:
    # any Tabler icon, not only those the shell carries in its first download
    line = ProductLine("tutela-legale", "Tutela legale", "scale", menu_order=220)
    runtime = _runtime(settings, Line(line))
    (entry,) = [e for e in runtime.menu if e.key == "tutela-legale"]
    assert (entry.path, entry.label, entry.icon, entry.order, entry.product) == (
        "/tutela-legale", "Tutela legale", "scale", 220, "tutela-legale",
    )  # fmt: skip
    # without a rule of its own, every role that has the line sees it
    assert entry.visible(PRINCIPALS["segnalatore"])


def test_a_line_without_an_entry_of_its_own_gets_none(settings: Settings) -> None:
    runtime = _runtime(
        settings, Line(ProductLine("tutela-legale", "Tutela", "scale", menu_order=None))
    )
    assert "tutela-legale" not in {e.key for e in runtime.menu}


def test_an_unknown_icon_stops_the_load_with_the_line_named(settings: Settings) -> None:
    with pytest.raises(
        PluginError, match=r"linea 'tutela-legale': icona Tabler sconosciuta 'bilancia'"
    ):
        _runtime(settings, Line(ProductLine("tutela-legale", "Tutela legale", "bilancia")))
    entry = MenuEntry("pratiche", "/pratiche", "Pratiche", "folder-x-y", 300, perm.has_role)
    with pytest.raises(PluginError, match=r"voce di menu 'pratiche': icona Tabler sconosciuta"):
        _runtime(settings, Line(ProductLine("tutela-legale", "Tutela", "scale"), [entry]))


def test_a_lines_entry_declared_again_is_refused(settings: Settings) -> None:
    again = MenuEntry(
        "tutela-legale", "/tutela-legale", "Tutela", "scale", 220, perm.has_role,
        product="tutela-legale",
    )  # fmt: skip
    with pytest.raises(PluginError, match=r"nasce dalla sua ProductLine"):
        _runtime(settings, Line(ProductLine("tutela-legale", "Tutela legale", "scale"), [again]))


def test_menu_only_cuts_cores_entries_never_an_offered_lines(settings: Settings) -> None:
    runtime = Runtime.build(settings)
    agent = PRINCIPALS["agent"]  # has car rental among their extra products
    kept = perm.menu_for(
        agent, runtime.menu, tenant_products=["noleggio-auto", "prestiti"], only=("preventivi",)
    )
    assert [e.key for e in kept] == ["preventivi", "noleggio-auto"]
    # a line the tenant does not offer stays out, cut or not
    kept = perm.menu_for(agent, runtime.menu, tenant_products=[], only=("preventivi",))
    assert [e.key for e in kept] == ["preventivi"]
