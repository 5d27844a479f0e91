"""``sportello new-line`` writes a line that passes its own tests as generated: the suite
scaffolds one into a temporary folder, checks it with ruff, installs it (pip, through uv, in
a throwaway environment layered over the project's: :mod:`tests.plugins.installed`) and runs
its tests in a child pytest."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from core.scaffold import ScaffoldError, new_line
from tests.plugins.installed import InstalledLine, install_new_line, run_pytest

RUFF = Path(sys.executable).with_name("ruff")


@pytest.fixture(scope="module")
def installed_line(tmp_path_factory: pytest.TempPathFactory) -> InstalledLine:
    return install_new_line(tmp_path_factory.mktemp("new-line"))


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
