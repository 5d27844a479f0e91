"""``sportello new-line`` writes a line that passes its own tests as generated: the suite
scaffolds one into a temporary folder, checks it with ruff, installs it (pip, through uv, in
a throwaway environment layered over the project's: :mod:`tests.plugins.installed`) and runs
its tests in a child pytest."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from core.scaffold import ScaffoldError, new_line
from tests.plugins.installed import layered_venv, pip_install, run_pytest

RUFF = Path(sys.executable).with_name("ruff")


REPO = Path(__file__).resolve().parents[2]
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


@dataclass
class InstalledLine:
    folder: Path
    python: Path


@pytest.fixture(scope="module")
def installed_line(tmp_path_factory: pytest.TempPathFactory) -> InstalledLine:
    """A line as ``sportello new-line`` writes it, installed in an environment layered over
    the project's."""
    root = tmp_path_factory.mktemp("new-line")
    line = new_line("prova-linea", root / "prova_linea")
    python = layered_venv(root / "venv")
    pip_install(python, str(line))
    return InstalledLine(line, python)


@pytest.mark.database  # the line's own tests, on the suite's database
def test_a_scaffolded_line_is_lint_clean_and_passes_its_own_tests(
    installed_line: InstalledLine,
) -> None:
    line = installed_line.folder
    for check in (["check", "--quiet"], ["format", "--check", "--quiet"]):
        linted = subprocess.run([str(RUFF), *check, "."], cwd=line, capture_output=True, text=True)
        assert linted.returncode == 0, linted.stdout + linted.stderr
    migration = line / "prova_linea" / "migrations" / "prova_linea_0001_first.py"
    assert 'depends_on: str | Sequence[str] | None = "core_' in migration.read_text()
    assert 'enable_tenant_rls(op.get_bind(), "prova_linea_pratiche")' in migration.read_text()

    ran = run_pytest(installed_line.python, cwd=line)
    assert ran.returncode == 0, ran.stdout[-4000:] + ran.stderr[-2000:]
    assert "5 passed" in ran.stdout


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


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Tutela", "Nome della linea non valido: 'Tutela'"),
        ("tutela_legale", "Nome della linea non valido"),
        ("-tutela", "Nome della linea non valido"),
        ("x" * 41, "al massimo 40 caratteri"),
        ("rca", "Nome della linea riservato: 'rca'"),
        ("import", "Nome della linea riservato"),
    ],
)
def test_bad_names_are_refused_in_italian(tmp_path: Path, name: str, message: str) -> None:
    with pytest.raises(ScaffoldError, match=message):
        new_line(name, tmp_path / "line")
    assert not (tmp_path / "line").exists()


def test_an_existing_folder_is_left_alone(tmp_path: Path) -> None:
    (tmp_path / "line").mkdir()
    with pytest.raises(ScaffoldError, match=r"La cartella .* esiste già"):
        new_line("tutela-legale", tmp_path / "line")
    assert list((tmp_path / "line").iterdir()) == []
