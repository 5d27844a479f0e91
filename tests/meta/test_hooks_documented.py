"""Every hook is documented, implemented and tested (datasette's meta-test, adapted).

A new hookspec fails here until it has a docstring, a row in the hooks table of
docs/writing-a-product-line.md, an implementation in core or a built-in plugin, and a test that
names it.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from core import hookspecs
from core.plugins import load_plugins
from tests.meta.doc_pages import PRODUCT_LINE_GUIDE, section

ROOT = Path(__file__).resolve().parents[2]
HOOKS_HEADING = "## Hooks"
THIS = Path(__file__).resolve()


def _hookspecs() -> dict[str, object]:
    marker = f"{hookspecs.PROJECT}_spec"
    return {
        name: function
        for name, function in inspect.getmembers(hookspecs, inspect.isfunction)
        if hasattr(function, marker)
    }


HOOKS = sorted(_hookspecs())


def _test_sources() -> dict[Path, str]:
    files = [*(ROOT / "tests").rglob("*.py"), *(ROOT / "plugins").glob("*/tests/**/*.py")]
    return {
        path: path.read_text(encoding="utf-8")
        for path in files
        if path.resolve() != THIS and "__pycache__" not in path.parts
    }


def test_the_spec_module_declares_the_known_hooks() -> None:
    assert {"product_lines", "register_routes", "register_calls", "menu_entries"} <= set(HOOKS)


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_has_a_docstring(hook: str) -> None:
    doc = inspect.getdoc(_hookspecs()[hook])
    assert (doc or "").strip(), f"hookspec {hook} needs a one-line docstring"


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_has_type_hints(hook: str) -> None:
    signature = inspect.signature(_hookspecs()[hook])  # type: ignore[arg-type]
    assert signature.return_annotation is not inspect.Signature.empty, hook
    for parameter in signature.parameters.values():
        assert parameter.annotation is not inspect.Parameter.empty, f"{hook}({parameter.name})"


def test_every_hook_has_a_row_in_the_guides_hooks_table() -> None:
    rows = re.findall(r"^\| `([a-z_]+)` \|", section(PRODUCT_LINE_GUIDE, HOOKS_HEADING), re.M)
    missing = [hook for hook in HOOKS if hook not in rows]
    assert not missing, f"hooks missing from the table under {HOOKS_HEADING!r}: {missing}"


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_is_implemented_by_core_or_a_built_in_plugin(hook: str) -> None:
    pm = load_plugins()
    implementers = [impl.plugin_name for impl in getattr(pm.hook, hook).get_hookimpls()]
    assert implementers, f"no core area or built-in plugin implements {hook}"


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_is_exercised_by_a_test(hook: str) -> None:
    users = [
        path.relative_to(ROOT).as_posix()
        for path, text in _test_sources().items()
        if re.search(rf"\b{hook}\b", text)
    ]
    assert users, f"no test under tests/ or plugins/*/tests/ mentions {hook}"
