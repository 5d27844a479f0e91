"""The plugin API's boundary: product lines import core only through :mod:`core.api` (their
code) and :mod:`core.testing` (their tests), and a line written for another API version is
refused at load with both versions named."""

from __future__ import annotations

import ast
import re
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import core.api
import core.testing
from core.plugins import API_VERSION, PluginError, api_mismatch, load_plugins, new_manager

ROOT = Path(__file__).resolve().parents[2]
PUBLIC = {"core.api", "core.testing", "core.testing.fixtures"}


def core_imports(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """``(line, module)`` of each import of a core module other than the public ones (``from
    core import x`` names ``core.x``)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "core":
                names = [f"core.{alias.name}" for alias in node.names]
            else:
                names = [node.module]
        else:
            continue
        for name in names:
            if (name == "core" or name.startswith("core.")) and name not in PUBLIC:
                yield node.lineno, name


def plugin_sources() -> list[Path]:
    """The lines' Python: the shipped ones, the examples, and what ``new-line`` writes."""
    found = [
        path
        for folder in ("plugins", "examples")
        for path in (ROOT / folder).rglob("*.py")
        if "__pycache__" not in path.parts and "node_modules" not in path.parts
    ]
    return sorted([*found, *(ROOT / "core/scaffold/template").rglob("*.py.tmpl")])


def _parsed(path: Path) -> ast.AST:
    """The module's syntax tree (a template's ``@@TOKEN@@`` names read as plain names)."""
    return ast.parse(re.sub(r"@@[A-Z_]+@@", "line", path.read_text()), str(path))


@pytest.mark.parametrize(
    "source",
    [
        "from core.db import models as m",
        "from core import permissions",
        "import core.runtime",
        "from core.testing.live import Live",
        "def f():\n    from core.extensions import Call\n",
    ],
)
def test_the_detector_catches_a_reach_past_the_api(source: str) -> None:
    assert list(core_imports(ast.parse(source)))


@pytest.mark.parametrize(
    "source",
    [
        "from core.api import models as m, hookimpl",
        "from core.testing import Live",
        "pytest_plugins = ['core.testing.fixtures']",
        "import corelib",
        "from .models import Plate",
    ],
)
def test_the_detector_lets_the_api_through(source: str) -> None:
    assert not list(core_imports(ast.parse(source)))


def test_plugins_import_core_only_through_the_api() -> None:
    sources = plugin_sources()
    assert {p.relative_to(ROOT).parts[0] for p in sources if p.name.startswith("plugin.py")} == {
        "plugins", "examples", "core",
    }  # fmt: skip
    offenders = [
        f"{path.relative_to(ROOT)}:{line} imports {module}"
        for path in sources
        for line, module in core_imports(_parsed(path))
    ]
    assert not offenders, (
        "a product line imports core through core.api (tests: core.testing) only; add the "
        "name there if a line needs it:\n" + "\n".join(offenders)
    )


@pytest.mark.parametrize("module", [core.api, core.testing], ids=lambda m: m.__name__)
def test_every_exported_name_exists_and_is_documented(module: types.ModuleType) -> None:
    assert module.__all__ == sorted(module.__all__, key=lambda n: (not n.isupper(), n))
    missing = [name for name in module.__all__ if not hasattr(module, name)]
    assert missing == []
    undocumented = [
        name
        for name in module.__all__
        if callable(value := getattr(module, name))
        and isinstance(value, type | types.FunctionType)
        and not (value.__doc__ or "").strip()
    ]
    assert undocumented == [], f"{module.__name__}: no docstring on {undocumented}"


def test_the_shipped_lines_declare_the_api_they_need() -> None:
    """Each declares a version this core offers; a newer minor adds, so an older one loads."""
    pm = load_plugins()
    for name in ("rca", "noleggio_auto", "prestiti"):
        declared = getattr(pm.get_plugin(name), "REQUIRES_API", None)
        assert declared is not None, name
        assert api_mismatch(declared, API_VERSION) is None, name


@pytest.mark.parametrize(
    ("required", "offered", "problem"),
    [
        ("1.0", "1.0", None),
        ("1.0", "1.3", None),
        ("1.2", "1.3", None),
        ("1.4", "1.3", "richiede l'API dei plugin 1.4, questo Sportello offre la 1.3"),
        ("2.0", "1.3", "richiede l'API dei plugin 2.0"),
        ("0.9", "1.3", "richiede l'API dei plugin 0.9"),
        ("1", "1.3", "non è una versione 'major.minor'"),
        ("uno", "1.3", "non è una versione 'major.minor'"),
    ],
)
def test_the_version_rule(required: str, offered: str, problem: str | None) -> None:
    found = api_mismatch(required, offered)
    assert found == problem if problem is None else problem in (found or "")


def test_a_line_for_another_major_version_is_refused_at_load() -> None:
    line = types.ModuleType("tutela_legale")
    line.REQUIRES_API = "3.0"  # type: ignore[attr-defined]
    pm = new_manager()
    with pytest.raises(PluginError, match=r"plugin 'tutela_legale' non caricabile: richiede l'API"):
        pm_register(pm, line)
    assert not pm.has_plugin("tutela_legale")


def pm_register(pm: object, plugin: types.ModuleType) -> None:
    from core.plugins import registered

    with registered(pm, plugin, name=plugin.__name__):  # type: ignore[arg-type]
        pass
