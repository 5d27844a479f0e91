"""Shared fixtures for every test tree: the test kit's (environment first), over core's own
tenants file (:mod:`tests.tenants_file`)."""

import os

import pytest
from hypothesis import settings

from tests.tenants_file import TEST_TENANTS_FILE

os.environ["TENANTS_FILE"] = str(TEST_TENANTS_FILE)

pytest_plugins = ["core.testing.fixtures", "tests.object_store"]

# Properties check what is computed, not how fast: on two busy cores an exact solver's example
# can take 300 ms once and 50 ms the next, and Hypothesis's per-example deadline then fails the
# run as flaky. Speed is measured under bench/.
settings.register_profile("sportello", deadline=None)
settings.load_profile("sportello")


DATABASE_FIXTURES = frozenset({"migrated", "settings", "is_postgres"})
"""A test that uses none of these never reaches the suite's database."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the PostgreSQL pass, leave out the tests that never reach a database: the SQLite pass
    has run them, and they would check the same code twice. A test that reaches the database
    another way (a child process reading ``TEST_DATABASE_URL``) says so with
    ``@pytest.mark.database``."""
    if not os.environ.get("DATABASE_URL", "").startswith("postgresql"):
        return
    kept: list[pytest.Item] = []
    left: list[pytest.Item] = []
    for item in items:
        on_database = DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
        (kept if on_database or item.get_closest_marker("database") else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept
