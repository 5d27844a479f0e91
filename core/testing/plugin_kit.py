"""The plugin test kit: register a fake plugin for one test.

def test_x(plugin_kit):
    with plugin_kit(MyFakePlugin()) as runtime:
        ...  # runtime.calls / app routes include the plugin's contributions
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager

import pytest
from litestar import Litestar

from core.app import create_app
from core.plugins import load_plugins, registered
from core.runtime import Runtime
from core.settings import Settings

PluginKit = Callable[..., AbstractContextManager[tuple[Runtime, Litestar]]]


@pytest.fixture
def plugin_kit(settings: Settings, migrated: None) -> PluginKit:
    """Yield ``(runtime, app)`` built with ``plugin`` registered; unregistered afterwards."""

    @contextmanager
    def use(plugin: object, name: str | None = None) -> Iterator[tuple[Runtime, Litestar]]:
        pm = load_plugins()
        with registered(pm, plugin, name=name):
            app = create_app(settings, pm=pm, migrate=False, seed=False)
            yield app.state.runtime, app

    return use
