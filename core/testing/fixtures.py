"""The test kit's pytest fixtures: load them from a line's ``conftest.py`` with

    pytest_plugins = ["core.testing.fixtures"]

and set ``asyncio_mode = "auto"`` with session-wide loops in its pytest settings (see
``docs/plugin-api.md``). Every suite runs on SQLite, and on PostgreSQL when
``TEST_DATABASE_URL`` says so; tables are emptied between tests.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator

import pytest
from litestar import Litestar
from litestar.testing import AsyncTestClient

from core.context import system_scope
from core.runtime import Runtime
from core.settings import Settings
from core.testing.accounts import ClientFactory
from core.testing.app_pool import AppPool
from core.testing.database import app_engine, drop, empty_tables, migrate, seed_or_restore
from core.testing.live import Live, serving
from core.testing.plugin_kit import plugin_kit

ASYNC_SETTINGS = {
    "asyncio_mode": "auto",
    "asyncio_default_fixture_loop_scope": "session",
    "asyncio_default_test_loop_scope": "session",
}


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to run where pytest-asyncio is not set as the fixtures need; with
    pytest-timeout, a test stopped for its time shows where its asyncio tasks waited."""
    if config.pluginmanager.hasplugin("timeout"):
        from core.testing import hang_report

        config.pluginmanager.register(hang_report, "sportello-hang-report")
    wrong = {
        name: config.getini(name)
        for name, wanted in ASYNC_SETTINGS.items()
        if str(config.getini(name)) != wanted
    }
    if wrong:
        wanted = "\n".join(f'{name} = "{value}"' for name, value in ASYNC_SETTINGS.items())
        raise pytest.UsageError(
            f"core.testing needs these pytest settings ([tool.pytest.ini_options]):\n{wanted}\n"
            f"found: {wrong}"
        )


def pytest_report_header() -> str:
    return f"database: {os.environ['DATABASE_URL'].split('?')[0]}"


@pytest.fixture(scope="session")
def settings() -> Settings:
    return Settings()


@pytest.fixture(scope="session")
def is_postgres(settings: Settings) -> bool:
    return settings.database_url.startswith("postgresql")


@pytest.fixture(scope="session")
async def migrated(settings: Settings) -> AsyncIterator[None]:
    """The schema, migrated once per run with every installed plugin's migrations."""
    await migrate(settings)
    yield
    await drop(settings)


@pytest.fixture
async def runtime(settings: Settings, migrated: None) -> AsyncIterator[Runtime]:
    """A fresh runtime over empty tables."""
    await empty_tables(settings)
    runtime = Runtime.build(settings, engine=app_engine(settings))
    yield runtime
    await runtime.db.dispose()


@pytest.fixture(autouse=True)
def _lent_apps() -> Iterator[None]:
    """The apps a test borrowed serve the next test once it is over."""
    yield
    AppPool.give_back()


@pytest.fixture
async def app(settings: Settings, runtime: Runtime) -> Litestar:
    """The app over the test database (no demo data unless the test asks for ``seeded``)."""
    return AppPool.borrow(settings, runtime.pm, migrate=False, seed=False)


@pytest.fixture
def app_runtime(app: Litestar) -> Runtime:
    """The runtime the app actually serves with."""
    runtime: Runtime = app.state.runtime
    return runtime


@pytest.fixture
async def seeded(settings: Settings, app_runtime: Runtime) -> Runtime:
    """Demo accounts and portfolio in every tenant (seeded once, then restored)."""
    await seed_or_restore(settings, app_runtime)
    return app_runtime


@pytest.fixture
async def clients(app: Litestar) -> AsyncIterator[ClientFactory]:
    """``clients("rcadealer")`` → an HTTP client whose requests carry that tenant's Host.

    The app's start-up (role check, readiness) runs once through the first client.
    """
    hosts = {t.id: t.domains[0] for t in app.state.runtime.tenants}

    def factory(tenant_id: str) -> AsyncTestClient[Litestar]:
        return AsyncTestClient(app, base_url=f"http://{hosts.get(tenant_id, tenant_id)}")

    first = next(iter(hosts.values()), "localhost")
    async with AsyncTestClient(app, base_url=f"http://{first}"):
        yield factory


@pytest.fixture
async def live(settings: Settings, runtime: Runtime) -> AsyncIterator[Live]:
    """A live server on a free port over the demo data; ``await live.logged_in(tenant,
    "agente")`` is a socket logged in as that demo account."""
    async with serving(settings, runtime) as server:
        yield server


@pytest.fixture
def system() -> Iterator[None]:
    """The test runs in the system scope (no tenant): it may read every tenant's rows."""
    with system_scope():
        yield


__all__ = [
    "app", "app_runtime", "clients", "is_postgres", "live", "migrated", "plugin_kit",
    "runtime", "seeded", "settings", "system",
]  # fmt: skip
