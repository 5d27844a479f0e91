"""The plugin manager: core areas plus every ``sportello.plugins`` entry point."""

from __future__ import annotations

import functools
import inspect
import sys
import types
from collections.abc import Awaitable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, TypeVar, cast

import pluggy
from pluggy import HookImpl

from core import hookspecs

if TYPE_CHECKING:
    from core.extensions import ProductLine

ENTRY_POINT_GROUP = "sportello.plugins"

API_VERSION = "2.1"
"""The plugin API's version (:mod:`core.api`), ``major.minor``: a minor release adds names,
a major one may change or remove them."""
REQUIRES_API = "REQUIRES_API"
"""The module constant a plugin declares the API version it needs with (``"1.0"``)."""

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
    "core.domain.claims.plugin",
    "core.domain.rui.plugin",
    "core.domain.precontract.plugin",
    "core.domain.needs.plugin",
    "core.domain.search.plugin",
    "core.domain.policy_changes.plugin",
    "core.domain.dunning.plugin",
    "core.domain.commissions.plugin",
    "core.domain.remittances.plugin",
    "core.domain.portfolio.plugin",
    "core.domain.clients.plugin",
    "core.domain.documents.plugin",
    "core.domain.chats.plugin",
    "core.domain.otp.plugin",
    "core.domain.taxes.plugin",
    "core.domain.privacy.plugin",
)

PER_LINE_HOOKS: tuple[str, ...] = ("prepare_quote", "emission_request", "quote_commissions")
"""Hooks that act on one line's records: called on the plugin that declares the line only
(core's areas answer for plain quotes, which have no line). See docs/plugins-hooks.md."""

T = TypeVar("T")


class PluginError(RuntimeError):
    """A plugin could not be loaded or implements a hook that does not exist."""


class _PluginManager(pluggy.PluginManager):
    """pluggy's manager, reading a module plugin's hooks straight from its namespace.

    pluggy looks at every name a plugin holds through :func:`inspect.getattr_static`, which
    for a module of imports cost ~1 ms (most of building a runtime). A module's names are
    plain values, so its functions are read as they are; anything else goes the usual way.
    """

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        if inspect.ismodule(plugin):
            value = vars(plugin).get(name)
            if isinstance(value, types.FunctionType):
                if f"{self.project_name}_impl" not in value.__dict__:
                    return None
            elif not isinstance(value, types.MethodType):
                return None  # pluggy takes functions and bound methods only
        return super().parse_hookimpl_opts(plugin, name)


def new_manager() -> pluggy.PluginManager:
    pm = _PluginManager(hookspecs.PROJECT)
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
        for ep in _installed(tuple(sys.path)):
            if pm.has_plugin(ep.name):
                continue
            try:
                module = ep.load()
            except Exception as exc:  # a broken plugin must name itself
                raise PluginError(f"plugin {ep.name!r} ({ep.value}) non caricabile: {exc}") from exc
            _register(pm, module, ep.name)
    check(pm)
    _check_unique_lines(pm)
    return pm


@functools.lru_cache(maxsize=4)
def _installed(path: tuple[str, ...]) -> tuple[EntryPoint, ...]:
    """The lines' entry points of the distributions on ``path``: read from their metadata once
    per process (each runtime a test suite builds would scan every installed package again)."""
    return tuple(entry_points(group=ENTRY_POINT_GROUP))


def api_mismatch(required: object, offered: str = API_VERSION) -> str | None:
    """Why a plugin that needs API ``required`` cannot load on ``offered``, or ``None``: the
    major versions must match, and ``offered`` must be at least as recent."""
    try:
        need = tuple(int(part) for part in str(required).split("."))
        have = tuple(int(part) for part in offered.split("."))
        if len(need) != 2:
            raise ValueError(required)
    except ValueError:
        return f"{REQUIRES_API} = {required!r} non è una versione 'major.minor' (es. {offered!r})"
    if need[0] != have[0] or need[1] > have[1]:
        return f"richiede l'API dei plugin {required}, questo Sportello offre la {offered}"
    return None


def _register(pm: pluggy.PluginManager, plugin: object, name: str | None) -> None:
    required = getattr(plugin, REQUIRES_API, None)
    if required is not None and (problem := api_mismatch(required)):
        raise PluginError(f"plugin {name or plugin!r} non caricabile: {problem}")
    try:
        pm.register(plugin, name=name)
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {name or plugin!r} non valido: {exc}") from exc


def check(pm: pluggy.PluginManager) -> None:
    """Fail when a plugin implements a hook that no spec declares, or a per-line hook
    without declaring the line it answers for."""
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(str(exc)) from exc
    owners = {impl.plugin for impl in pm.hook.product_lines.get_hookimpls()}
    for hook in PER_LINE_HOOKS:
        for impl in getattr(pm.hook, hook).get_hookimpls():
            if impl.plugin not in owners and not is_core(pm, impl.plugin):
                raise PluginError(
                    f"plugin {impl.plugin_name!r} implementa {hook} ma non dichiara "
                    "nessuna linea di prodotto (product_lines)"
                )


def is_core(pm: pluggy.PluginManager, plugin: object) -> bool:
    """Whether ``plugin`` is one of core's own areas (they answer for plain quotes)."""
    return pm.get_name(plugin) in CORE_PLUGINS


def _declared(impl: HookImpl) -> Sequence[ProductLine]:
    lines = cast("Sequence[ProductLine] | None", impl.function())
    return lines or ()


def line_owners(pm: pluggy.PluginManager) -> dict[str, tuple[object, ProductLine]]:
    """Each product line's id → the plugin that declares it, with the declaration. When two
    plugins declare one id, the one registered last owns it (a test's fake replaces a line)."""
    owners: dict[str, tuple[object, ProductLine]] = {}
    for impl in pm.hook.product_lines.get_hookimpls():  # in registration order
        for line in _declared(impl):
            owners[line.id] = (impl.plugin, line)
    return owners


def _check_unique_lines(pm: pluggy.PluginManager) -> None:
    """Installed plugins may not declare the same line: which one answered would be chance."""
    seen: dict[str, str | None] = {}
    for impl in pm.hook.product_lines.get_hookimpls():
        for line in _declared(impl):
            if line.id in seen:
                raise PluginError(
                    f"la linea {line.id!r} è dichiarata da {seen[line.id]!r} "
                    f"e da {impl.plugin_name!r}"
                )
            seen[line.id] = impl.plugin_name


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
