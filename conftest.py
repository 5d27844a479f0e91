"""Shared fixtures for every test tree: the test kit's (environment first), over core's own
tenants file (:mod:`tests.tenants_file`)."""

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings

from tests.tenants_file import TEST_TENANTS_FILE

os.environ["TENANTS_FILE"] = str(TEST_TENANTS_FILE)

# Every Python this run starts (the test workers, servers, the CLI, the benches) keeps its
# compiled bytecode in one folder outside the tree: where PYTHONDONTWRITEBYTECODE is set, as in
# some containers, and on a fresh checkout, each of them compiled the app and its packages from
# source again (some 6 s of CPU a start; the e2e harness does the same for its servers).
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
os.environ.setdefault("PYTHONPYCACHEPREFIX", str(Path(tempfile.gettempdir()) / "sportello-pycache"))

pytest_plugins = ["core.testing.fixtures", "tests.object_store"]

# Properties check what is computed, not how fast: on two busy cores an exact solver's example
# can take 300 ms once and 50 ms the next, and Hypothesis's per-example deadline then fails the
# run as flaky. Speed is measured under bench/.
settings.register_profile("sportello", deadline=None)
settings.load_profile("sportello")


DATABASE_FIXTURES = frozenset({"migrated", "settings", "is_postgres"})
"""A test that uses none of these never reaches the suite's database."""


RUN_FIRST = (
    "tests/plugins/test_new_line_core.py",
    "tests/plugins/test_example_line.py",
    "tests/plugins/test_new_line.py",
    "tests/bench/",
    "tests/cli/",
    "tests/realtime/test_faults.py",
    "tests/realtime/test_known_logins.py",
    "tests/integration/test_api_fuzz.py",
    "tests/integration/test_make_migration.py",
    "tests/integration/commissions/test_money_bad_input.py",
    "tests/integration/test_bad_input.py",
    "tests/realtime/test_isolation.py",
    "tests/realtime/test_workers.py",
    "tests/integration/auth/test_fair_logins.py",
    "tests/meta/test_hang_report.py",
    "tests/realtime/test_app_events.py",
    "tests/realtime/test_rolling_upgrade.py",
    "tests/realtime/test_otp.py",
)
"""Files whose tests start processes of their own (servers, the CLI, a scaffolded line's
suite), slowest first. The workers take files in collection order (``--dist loadfile
--no-loadscope-reorder``): these go first, and the many short files fill in the end of the
run, instead of one of these starting last while the other workers wait."""


def _run_order(item: pytest.Item) -> tuple[int, int]:
    path = item.nodeid.split("::", 1)[0]
    rank = next((i for i, prefix in enumerate(RUN_FIRST) if path.startswith(prefix)), None)
    return (0, rank) if rank is not None else (1, 0)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The slow files first (:data:`RUN_FIRST`). On the PostgreSQL pass, leave out the tests
    that never reach a database: the SQLite pass has run them, and they would check the same
    code twice. A test that reaches the database another way (a child process reading
    ``TEST_DATABASE_URL``) says so with ``@pytest.mark.database``."""
    items.sort(key=_run_order)  # stable: each file's tests stay together and in order
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
