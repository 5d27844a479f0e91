"""Installing a line the way its users do, without touching the project's environment: a
throwaway environment layered over it, pip (through uv, offline), and a child pytest.

A line installed into the project's environment would reach every other test of the run
through its entry point (core's tests pin the installed lines)."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
UV = REPO / ".tools" / "bin" / "uv"
CHILD_ENV_DROPPED = ("DATABASE_URL", "DATA_DIR", "TENANTS_FILE")
"""Set by this run's harness: the child's harness sets its own."""


LAUNCHER = "#!{python}\nimport sys\n\nfrom core.cli import app\n\nsys.exit(app())\n"
"""The environment's ``sportello`` command: the project's, run by the environment's Python."""


def layered_venv(folder: Path) -> Path:
    """A throwaway environment that sees the project's packages (its own installs first),
    with its own ``sportello`` command; its Python."""
    subprocess.run(
        [str(UV), "venv", "--quiet", str(folder), "--python", sys.executable], check=True
    )
    python = folder / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    project = sysconfig.get_paths()["purelib"]
    Path(site, "_sportello_project.pth").write_text(f"import site; site.addsitedir({project!r})\n")
    launcher = folder / "bin" / "sportello"
    launcher.write_text(LAUNCHER.format(python=python))
    launcher.chmod(0o755)
    return python


def pip_install(python: Path, *what: str) -> None:
    """``pip install`` with uv (offline: the build backend comes from uv's cache)."""
    command = [str(UV), "pip", "install", "--quiet", "--offline", "--no-deps"]
    subprocess.run([*command, "--python", str(python), *what], check=True)


def build_wheel(project: Path, into: Path) -> Path:
    """``uv build --wheel`` (offline, with the hatchling uv holds from the project's own build)."""
    command = [str(UV), "build", "--wheel", "--quiet", "--offline", "-o", str(into), str(project)]
    subprocess.run(command, check=True)
    [wheel] = into.glob("*.whl")
    return wheel


def run_pytest(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """A child pytest with the project's environment but this run's harness settings."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in CHILD_ENV_DROPPED and not key.startswith("PYTEST_")
    }
    return subprocess.run(
        [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-x", *args],
        cwd=cwd, env=env, capture_output=True, text=True, timeout=280,
    )  # fmt: skip


@dataclass
class InstalledLine:
    """A line written by ``sportello new-line`` and the Python of the environment it is in."""

    folder: Path
    python: Path


def install_new_line(root: Path, name: str = "prova-linea") -> InstalledLine:
    """``name`` scaffolded under ``root`` and installed in an environment layered over the
    project's."""
    from core.scaffold import new_line

    line = new_line(name, root / name.replace("-", "_"))
    python = layered_venv(root / "venv")
    pip_install(python, str(line))
    return InstalledLine(line, python)
