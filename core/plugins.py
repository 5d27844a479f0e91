"""The plugin manager: core areas plus every ``sportello.plugins`` entry point."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Iterable, Iterator
from contextlib import contextmanager
from importlib import import_module
from importlib.metadata import entry_points
from typing import Any, TypeVar

import pluggy

from core import hookspecs

ENTRY_POINT_GROUP = "sportello.plugins"

# Core's own areas, registered on the same manager third parties use.
CORE_PLUGINS: tuple[str, ...] = (
    "core.domain.core_plugin",
    "core.http.plugin",
    "core.realtime.plugin",
    "core.auth.plugin",
    "core.domain.settings.plugin",
    "core.domain.users.plugin",
    "core.domain.products.plugin",
    "core.domain.quotes.plugin",
    "core.domain.policies.plugin",
    "core.domain.commissions.plugin",
    "core.domain.clients.plugin",
    "core.domain.documents.plugin",
    "core.domain.chats.plugin",
    "core.domain.otp.plugin",
    "core.domain.taxes.plugin",
)

T = TypeVar("T")


class PluginError(RuntimeError):
    """A plugin could not be loaded or implements a hook that does not exist."""


def new_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def load_plugins(
    pm: pluggy.PluginManager | None = None, *, entry_points_enabled: bool = True
) -> pluggy.PluginManager:
    """Register core areas and installed plugins, then reject hooks with no spec."""
    pm = pm or new_manager()
    for name in CORE_PLUGINS:
        _register(pm, import_module(name), name)
    if entry_points_enabled:
        for ep in entry_points(group=ENTRY_POINT_GROUP):
            if pm.has_plugin(ep.name):
                continue
            try:
                module = ep.load()
            except Exception as exc:  # a broken plugin must name itself
                raise PluginError(f"plugin {ep.name!r} ({ep.value}) non caricabile: {exc}") from exc
            _register(pm, module, ep.name)
    check(pm)
    return pm


def _register(pm: pluggy.PluginManager, plugin: object, name: str | None) -> None:
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {name or plugin!r} non valido: {exc}") from exc


def check(pm: pluggy.PluginManager) -> None:
    """Fail when a plugin implements a hook that no spec declares."""
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(str(exc)) from exc


def flatten(results: Iterable[Iterable[T] | None]) -> list[T]:
    """Concatenate list-returning hook results, skipping ``None``."""
    return [item for result in results if result for item in result]


async def await_me_maybe(value: Any) -> Any:
    """Resolve a hook result that may be a value, a callable or an awaitable."""
    if callable(value):
        value = value()
    if inspect.isawaitable(value):
        value = await value
    return value


async def call_all_async(results: Iterable[Awaitable[None] | None]) -> None:
    for result in results:
        await await_me_maybe(result)


@contextmanager
def registered(pm: pluggy.PluginManager, plugin: object, name: str | None = None) -> Iterator[None]:
    """Register ``plugin`` for the duration of the block (the plugin test kit uses this)."""
    _register(pm, plugin, name)
    try:
        check(pm)
        yield
    finally:
        pm.unregister(plugin)
