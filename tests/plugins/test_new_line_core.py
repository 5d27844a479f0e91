"""A line that ``sportello new-line`` writes, installed beside the shipped ones, breaks none of
core's tests that read which lines are installed: they run again, in a child pytest, in an
environment with the new line installed (:mod:`tests.plugins.installed`)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.plugins.installed import REPO, InstalledLine, install_new_line, run_pytest

CORE_TESTS_PINNING_LINES = (
    "tests/plugins/test_entry_points.py",
    "tests/plugins/test_menu.py",
    "tests/plugins/test_fake_plugin_hooks.py",
    "tests/plugins/test_product_gating.py",
    "tests/integration/test_migrations.py",
    "tests/realtime/test_line_dispatch.py",
    "tenants/tests/test_shipped.py",
    "tests/meta/test_test_tenants.py",
)
"""Core's tests that read which lines are installed: entry points, menus, web modules,
migration heads, per-line dispatch, the tenants files."""


@pytest.fixture(scope="module")
def installed_line(tmp_path_factory: pytest.TempPathFactory) -> InstalledLine:
    return install_new_line(tmp_path_factory.mktemp("new-line"))


@pytest.mark.database
def test_core_tests_still_pass_with_the_new_line_installed(installed_line: InstalledLine) -> None:
    ran = run_pytest(installed_line.python, *CORE_TESTS_PINNING_LINES, cwd=REPO)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert "prova_linea" in _installed_lines(installed_line.python)  # it was there to see


def _installed_lines(python: Path) -> list[str]:
    """The lines' entry points that the environment of ``python`` sees."""
    script = (
        "from importlib.metadata import entry_points as e; from core.plugins import "
        "ENTRY_POINT_GROUP as g; print(' '.join(sorted(p.name for p in e(group=g))))"
    )
    listed = subprocess.run([str(python), "-c", script], capture_output=True, text=True, check=True)
    return listed.stdout.split()
