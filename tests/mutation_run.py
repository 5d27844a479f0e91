"""The test set-up of ``make mutation``'s mutmut runs (loaded with ``-p`` by ``[tool.mutmut]``
only: ordinary test runs never see it).

mutmut runs the tests once, then forks a process per mutant that runs the tests covering the
mutated function (``pytest -x``: the first failure kills the mutant). This plugin acts in those
forked runs only:

**A database per mutant.** mutmut runs two mutants at once; sharing one database file, one
run's emptying of the tables between tests would fail the other's test (a mutant wrongly
counted as killed). Each forked run copies the migrated database and uses the copy; the copy is
removed when the run ends. The copy is migrated already, so the run does not migrate it again.

**The inherited heap frozen.** A forked run inherits the memory of the first run (every module,
every test's leftovers). Python's collector would walk all of it, and pytest collects by hand
at every session's end: most of a short run's time, and a copy of every page it touches. Frozen
(:func:`gc.freeze`), only what the run itself makes is ever walked.

**Tests without a database first.** The covering tests arrive in no useful order; the ones
that need no database run first, quickest first (by the first run's timings), so a mutant a
unit test kills costs no database set-up. Every covering test still runs on a mutant that no
test kills.

**Hypothesis without timing checks.** The runs share two cores with mutmut's own work: a
health check failing on slow input generation would stop the run, though no rule failed.
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

SQLITE = "sqlite+aiosqlite:///"
STATS = Path("mutmut-stats.json")
"""mutmut's record of the first run (in ``mutants/``, where the runs start): each test's time."""
DATABASE_FIXTURE = "migrated"
"""The test kit's fixture every database test depends on (through ``runtime``)."""
_FIRST_PID = os.getpid()
_copies: list[Path] = []

settings.register_profile("mutation", deadline=None, suppress_health_check=list(HealthCheck))
settings.load_profile("mutation")


def _forked() -> bool:
    return os.getpid() != _FIRST_PID


def pytest_configure(config: pytest.Config) -> None:
    if not _forked():
        return
    gc.freeze()
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(SQLITE):
        return
    shared = Path(url.removeprefix(SQLITE).split("?")[0])
    own = shared.with_name(f"{shared.stem}-{os.getpid()}{shared.suffix}")
    if shared.is_file():  # through SQLite's backup: what is still in the WAL comes too
        source, target = sqlite3.connect(shared), sqlite3.connect(own)
        try:
            source.backup(target)
        finally:
            source.close()
            target.close()
        _skip_migrations()
    _copies.append(own)
    os.environ["DATABASE_URL"] = f"{SQLITE}{own}"


def _skip_migrations() -> None:
    """The copy has the first run's schema: the test kit's ``migrated`` need not upgrade it."""
    from core.testing import database

    async def migrated_already(*_args: object, **_kwargs: object) -> None:
        return None

    setattr(database, "upgrade", migrated_already)  # noqa: B010 (no public name to assign)


def _seconds() -> dict[str, float]:
    try:
        timings = json.loads(STATS.read_text(encoding="utf-8"))["duration_by_test"]
    except (OSError, ValueError, KeyError):
        return {}
    return {str(test): float(seconds) for test, seconds in timings.items()}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not _forked():
        return
    seconds = _seconds()
    items.sort(
        key=lambda item: (
            DATABASE_FIXTURE in getattr(item, "fixturenames", ()),
            seconds.get(item.nodeid, 0.0),
        )
    )


def pytest_unconfigure(config: pytest.Config) -> None:
    for path in _copies:
        for leftover in (
            path,
            path.with_name(path.name + "-wal"),
            path.with_name(path.name + "-shm"),
        ):
            leftover.unlink(missing_ok=True)
    _copies.clear()
