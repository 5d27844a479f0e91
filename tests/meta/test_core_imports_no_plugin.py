"""DESIGN §1: core never imports a plugin (checked statically and at run time)."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKED = ("core", "tenants")
IMPORTERS = {"import_module", "__import__"}


def _is_plugin_module(name: str | None) -> bool:
    return name is not None and (name == "plugins" or name.startswith("plugins."))


def _plugin_imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, module)`` of each import of ``plugins`` in ``tree``, dynamic ones included."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _is_plugin_module(alias.name):
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and _is_plugin_module(node.module):
                yield node.lineno, str(node.module)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
            first = node.args[0] if node.args else None
            if (
                name in IMPORTERS
                and isinstance(first, ast.Constant)
                and isinstance(first.value, str)
                and _is_plugin_module(first.value)
            ):
                yield node.lineno, first.value


def _sources() -> list[Path]:
    files = sorted(path for folder in CHECKED for path in (ROOT / folder).rglob("*.py"))
    return [path for path in files if "__pycache__" not in path.parts]


def test_the_walk_finds_the_core_sources() -> None:
    names = {path.relative_to(ROOT).as_posix() for path in _sources()}
    assert {"core/app.py", "core/plugins.py", "core/runtime.py", "tenants/loader.py"} <= names


@pytest.mark.parametrize(
    "source",
    [
        "import plugins",
        "import plugins.rca.plugin as p",
        "from plugins import rca",
        "from plugins.prestiti.plugin import PRODUCT_ID",
        "import_module('plugins.rca.plugin')",
        "importlib.import_module('plugins')",
        "def f():\n    from plugins.rca import models\n",
    ],
)
def test_the_detector_catches_every_form(source: str) -> None:
    assert list(_plugin_imports(ast.parse(source)))


@pytest.mark.parametrize(
    "source",
    [
        "import pluggy",
        "from core.plugins import load_plugins",
        "from . import plugins",
        "import plugins_extra",
        "x = 'plugins.rca'",
    ],
)
def test_the_detector_ignores_lookalikes(source: str) -> None:
    assert not list(_plugin_imports(ast.parse(source)))


def test_core_and_tenants_never_import_a_plugin() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in _sources()
        for line, module in _plugin_imports(ast.parse(path.read_text(), filename=str(path)))
    ]
    assert not offenders, "core must not import plugins:\n" + "\n".join(offenders)


PROBE = """
import sys
import core.app, core.cli, core.runtime, core.extensions, core.guards, tenants.loader
before = sorted(m for m in sys.modules if m == "plugins" or m.startswith("plugins."))
from core.plugins import load_plugins
load_plugins()
after = sorted(m for m in sys.modules if m == "plugins" or m.startswith("plugins."))
print("before", before)
print("after", after)
"""


def test_importing_core_loads_no_plugin(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "ENVIRONMENT": "test",
        "DATA_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'probe.db'}",
        "SECRET_KEY": "x" * 40,
    }
    result = subprocess.run(
        [sys.executable, "-c", PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    lines = dict(line.split(" ", 1) for line in result.stdout.splitlines())
    assert lines["before"] == "[]", f"imported before load_plugins(): {lines['before']}"
    # load_plugins() is what brings them in (so the probe itself is meaningful).
    assert "'plugins.rca.plugin'" in lines["after"]
