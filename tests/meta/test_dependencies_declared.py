"""Every third-party package the code imports is declared in pyproject.toml.

Each source tree is checked against what installs it: the shipped code (core, plugins,
tenants) against ``[project] dependencies``, the test kit ``core/testing`` against those plus
the ``testing`` extra, the tests against the dev group too, the benchmarks against the bench
group. A package that arrives only as another's dependency may vanish on its next release.
"""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
FIRST_PARTY = frozenset({"core", "plugins", "tenants", "tests", "bench", "scripts", "examples"})
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def normalized(name: str) -> str:
    """PEP 503's form of a distribution name (``PyJWT`` → ``pyjwt``, ``py_vapid`` →
    ``py-vapid``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def declared(*sources: str) -> set[str]:
    """The distributions named by ``project``, ``extra:NAME`` or ``group:NAME``."""
    names: set[str] = set()
    for source in sources:
        kind, _, name = source.partition(":")
        if kind == "project":
            lines = PYPROJECT["project"]["dependencies"]
        elif kind == "extra":
            lines = PYPROJECT["project"]["optional-dependencies"][name]
        else:
            lines = PYPROJECT["dependency-groups"][name]
        names |= {normalized(Requirement(line).name) for line in lines}
    return names


def top_level_imports(tree: ast.AST) -> Iterator[str]:
    """The first component of every absolute import in ``tree`` (type-only ones included)."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]


def third_party(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Imported third-party module → the files importing it."""
    found: dict[str, list[str]] = {}
    for path in paths:
        for name in top_level_imports(ast.parse(path.read_text(), str(path))):
            if name not in sys.stdlib_module_names and name not in FIRST_PARTY:
                found.setdefault(name, []).append(path.as_posix().removeprefix(f"{ROOT}/"))
    return found


def undeclared(paths: Iterable[Path], allowed: set[str]) -> list[str]:
    """``module (distribution) in file`` for each import whose distribution is not allowed."""
    owners = packages_distributions()
    problems = []
    for module, files in sorted(third_party(paths).items()):
        dists = {normalized(d) for d in owners.get(module, [module])}
        if not dists & allowed:
            problems.append(f"{module} ({', '.join(sorted(dists))}) in {files[0]}")
    return problems


def sources(*folders: str, keep: tuple[str, ...] = (), drop: tuple[str, ...] = ()) -> list[Path]:
    """The ``.py`` files under ``folders`` whose path has one of ``keep`` (if given) and none
    of ``drop``."""
    found = [p for folder in folders for p in (ROOT / folder).rglob("*.py")]
    return [
        p
        for p in found
        if (not keep or any(k in p.as_posix() for k in keep))
        and not any(d in p.as_posix() for d in drop)
    ]


SHIPPED = ("core", "plugins", "tenants")
TESTS_OF_SHIPPED = ("/tests/", "/test_")
TREES: dict[str, tuple[list[Path], tuple[str, ...]]] = {
    "shipped code": (sources(*SHIPPED, drop=("core/testing/", *TESTS_OF_SHIPPED)), ("project",)),
    "test kit": (sources("core/testing"), ("project", "extra:testing")),
    "tests": (
        [*sources("tests"), *sources(*SHIPPED, keep=TESTS_OF_SHIPPED), ROOT / "conftest.py"],
        ("project", "extra:testing", "group:dev"),
    ),
    "benchmarks": (sources("bench", "scripts"), ("project", "group:bench", "group:dev")),
}


@pytest.mark.parametrize("tree", list(TREES))
def test_every_imported_package_is_declared(tree: str) -> None:
    paths, groups = TREES[tree]
    missing = undeclared(paths, declared(*groups))
    assert not missing, (
        f"{tree} imports packages pyproject.toml does not declare for it "
        f"({' + '.join(groups)}):\n  " + "\n  ".join(missing)
    )


def test_the_check_reads_real_imports() -> None:
    found = third_party(sources("core"))
    assert {"litestar", "sqlalchemy", "msgspec", "websockets"} <= set(found)


def test_the_check_names_an_undeclared_import(tmp_path: Path) -> None:
    sneaky = tmp_path / "sneaky.py"
    sneaky.write_text("import msgspec\nfrom litestar import get\nimport json\n")
    problems = undeclared([sneaky], declared("group:bench"))
    assert len(problems) == 2, problems
    assert problems[0].startswith("litestar (litestar)")
    assert problems[1].startswith("msgspec (msgspec)")
