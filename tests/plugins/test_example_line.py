"""The example line kept outside the package tree (examples/tutela_legale, its own
pyproject.toml, web module and tests) works as a third party's would: built as a wheel,
installed with pip into an environment, found through its entry point, offered by one tenant
in a tenants file of its tests' own, and exercised end to end from the installed copy (HTTP
routes, the call, live events, a getDbData sync, the menu, its migration)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.plugins.installed import REPO, build_wheel, layered_venv, pip_install, run_pytest

EXAMPLE = REPO / "examples" / "tutela_legale"


@pytest.mark.database  # the line's own tests, on the suite's database
def test_the_example_line_built_as_a_wheel_passes_its_tests_installed(tmp_path: Path) -> None:
    wheel = build_wheel(EXAMPLE, tmp_path / "dist")
    names = zipfile.ZipFile(wheel).namelist()
    assert "tutela_legale/plugin.py" in names
    assert "tutela_legale/migrations/tutela_legale_0001_first.py" in names
    [entry_points] = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
    declared = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "[sportello.plugins]\ntutela_legale = tutela_legale.plugin" in declared

    python = layered_venv(tmp_path / "venv")
    pip_install(python, str(wheel))
    # from an empty folder: the tests (and the line) import from the installed wheel only
    config = str(EXAMPLE / "pyproject.toml")
    ran = run_pytest(
        python, "-c", config, "--rootdir", str(tmp_path), "--pyargs", "tutela_legale.tests",
        cwd=tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert "5 passed" in ran.stdout
