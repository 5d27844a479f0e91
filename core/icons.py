"""Icon names: any Tabler icon (https://tabler.io/icons), checked when the plugins load.

The names are those of the web app's ``@tabler/icons-react`` (``core/tabler_icons.txt``,
written by ``scripts/tabler_icons.mjs``): the shell draws any of them, loading the ones it
does not carry on first use, so a line may pick any icon and a typo stops the server at once
instead of showing a fallback.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from core.extensions import MenuEntry, ProductLine

NAMES_FILE = Path(__file__).with_name("tabler_icons.txt")
UNKNOWN_ICON = "{where}: icona Tabler sconosciuta {name!r} (nomi su https://tabler.io/icons)"


@cache
def tabler_icons() -> frozenset[str]:
    """Every Tabler icon name the web app can draw."""
    lines = NAMES_FILE.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def icon_problems(lines: Iterable[ProductLine], entries: Iterable[MenuEntry]) -> list[str]:
    """Each product line and menu entry whose icon is not a Tabler icon name, in Italian."""
    known = tabler_icons()
    problems = [
        UNKNOWN_ICON.format(where=f"linea {line.id!r}", name=line.icon)
        for line in lines
        if line.icon not in known
    ]
    problems += [
        UNKNOWN_ICON.format(where=f"voce di menu {entry.key!r}", name=entry.icon)
        for entry in entries
        if entry.icon not in known
    ]
    return problems
