"""Every message of the catalogue (``core/messages.py``) is written there only: the server's
code and the plugins import it, so HTTP and the socket can never word it differently."""

from __future__ import annotations

import ast
from pathlib import Path

from core import messages

ROOT = Path(__file__).resolve().parents[2]
CATALOGUE = {
    value: name
    for name, value in vars(messages).items()
    if name.isupper() and isinstance(value, str)
}


def _sources() -> list[Path]:
    return [
        path
        for folder in ("core", "plugins", "tenants")
        for path in (ROOT / folder).rglob("*.py")
        if "tests" not in path.parts
        and "migrations" not in path.parts
        and path != ROOT / "core" / "messages.py"
    ]


def test_catalogue_messages_are_not_written_out_elsewhere() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{node.lineno} writes out {CATALOGUE[node.value]}"
        for path in _sources()
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in CATALOGUE
    ]
    assert found == []


def test_catalogue_holds_each_message_once() -> None:
    values = [v for n, v in vars(messages).items() if n.isupper() and isinstance(v, str)]
    assert len(values) == len(set(values))
