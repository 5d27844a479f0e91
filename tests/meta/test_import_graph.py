"""The shape of core, checked on its import graph (read from the source with ``ast``).

* ``core/db`` is the bottom: it imports nothing from ``core/realtime`` or ``core/domain``.
* ``core/realtime`` is the transport: it imports nothing from ``core/domain``.
* No import cycle among the modules of ``core/`` (type-only imports included).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "core"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def core_modules() -> dict[str, Path]:
    return {
        module_name(path): path for path in CORE.rglob("*.py") if "migrations" not in path.parts
    }


def imported(path: Path, known: set[str]) -> Iterator[str]:
    """The modules of ``known`` that ``path`` imports (``from a import b`` names ``a.b`` when
    ``a.b`` is a module, else ``a``)."""
    package = module_name(path) if path.name == "__init__.py" else module_name(path.parent)
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield from _known(alias.name, known)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            for alias in node.names:
                full = f"{base}.{alias.name}"
                yield from _known(full if full in known else base, known)


def _known(name: str, known: set[str]) -> Iterator[str]:
    while name and name not in known:
        name = name.rpartition(".")[0]
    if name:
        yield name


def graph() -> dict[str, set[str]]:
    modules = core_modules()
    known = set(modules)
    return {
        name: {target for target in imported(path, known) if target != name}
        for name, path in modules.items()
    }


def _is_package_parent(importer: str, target: str) -> bool:
    """``core.a.b`` importing ``core.a`` (its package's ``__init__``) is not a dependency on
    a sibling: packages here re-export, so treat it as part of the importer's own package."""
    return importer.startswith(target + ".")


def test_db_imports_neither_realtime_nor_domain() -> None:
    bad = [
        f"{importer} → {target}"
        for importer, targets in graph().items()
        if importer.startswith("core.db")
        for target in targets
        if target.startswith(("core.realtime", "core.domain"))
    ]
    assert bad == []


def test_realtime_imports_nothing_from_domain() -> None:
    bad = [
        f"{importer} → {target}"
        for importer, targets in graph().items()
        if importer.startswith("core.realtime")
        for target in targets
        if target.startswith("core.domain")
    ]
    assert bad == []


def test_no_import_cycle_in_core() -> None:
    edges = {
        name: {t for t in targets if not _is_package_parent(name, t)}
        for name, targets in graph().items()
    }
    cycles = strongly_connected(edges)
    assert cycles == [], "\n".join(" → ".join(sorted(c)) for c in cycles)


def strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's algorithm: the components with more than one module (the cycles)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def test_the_checker_sees_a_cycle() -> None:
    assert strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
