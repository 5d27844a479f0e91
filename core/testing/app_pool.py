"""Litestar apps built once per test worker and lent to one test at a time.

Building the app registers every route handler (about 0.2 s); its runtime, the only part
with state, is read from ``app.state.runtime`` by everything that serves. A test borrowing
an app of the same settings, plugins and start-up flags as an earlier one gets that app with
a runtime of its own, exactly what :func:`core.app.create_app` would build.
"""

from __future__ import annotations

import json
from typing import Any

import pluggy
from litestar import Litestar
from pydantic import SecretStr

from core.app import create_app
from core.logging import configure_logging
from core.runtime import Runtime
from core.settings import Settings
from core.testing.database import app_engine

Key = tuple[str, tuple[tuple[str, int], ...], bool | None, bool | None]


class AppPool:
    """The apps built so far, idle or lent to the running test."""

    idle: dict[Key, list[Litestar]] = {}
    lent: list[tuple[Key, Litestar]] = []

    @classmethod
    def borrow(
        cls,
        settings: Settings,
        pm: pluggy.PluginManager,
        *,
        migrate: bool | None = None,
        seed: bool | None = None,
    ) -> Litestar:
        """An app as ``create_app(settings, pm=pm, migrate=…, seed=…)`` returns, until the
        test ends (two borrowed in one test are two apps)."""
        key: Key = (_settings_key(settings), _plugins_key(pm), migrate, seed)
        waiting = cls.idle.get(key)
        if waiting:
            app = waiting.pop()
            configure_logging(settings)
            app.state.runtime = Runtime.build(settings, pm, engine=app_engine(settings))
        else:
            app = create_app(settings, pm=pm, migrate=migrate, seed=seed)
        cls.lent.append((key, app))
        return app

    @classmethod
    def give_back(cls) -> None:
        """The test is over: its apps may serve the next one."""
        for key, app in cls.lent:
            cls.idle.setdefault(key, []).append(app)
        cls.lent.clear()


def _settings_key(settings: Settings) -> str:
    def plain(value: Any) -> Any:
        return value.get_secret_value() if isinstance(value, SecretStr) else str(value)

    return json.dumps(settings.model_dump(mode="python"), default=plain, sort_keys=True)


def _plugins_key(pm: pluggy.PluginManager) -> tuple[tuple[str, int], ...]:
    """The registered plugins by name and object: a test's own plugin is never shared."""
    return tuple(sorted((name or "", id(plugin)) for name, plugin in pm.list_name_plugin()))
