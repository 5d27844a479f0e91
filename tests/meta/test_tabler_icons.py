"""The icon names the server accepts are exactly those the web app can draw: the list in
``core/tabler_icons.txt`` equals the installed ``@tabler/icons-react``'s (run
``node scripts/tabler_icons.mjs`` after upgrading it)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core.icons import NAMES_FILE, tabler_icons

PACKAGE = Path(__file__).resolve().parents[2] / "web" / "node_modules" / "@tabler" / "icons-react"


def test_the_names_are_the_installed_packages() -> None:
    listing = PACKAGE / "dist" / "esm" / "icons-list.mjs"
    if not listing.exists():
        pytest.skip("web dependencies not installed (make web-install)")
    installed = set(re.findall(r'^\s*"([a-z0-9-]+)",?$', listing.read_text(), re.MULTILINE))
    assert installed == tabler_icons()
    version = json.loads((PACKAGE / "package.json").read_text())["version"]
    assert f"@tabler/icons-react {version}," in NAMES_FILE.read_text().splitlines()[0]


def test_core_and_the_lines_use_them() -> None:
    assert {"car-suv", "cash-banknote", "users", "scale"} <= tabler_icons()
    assert "bilancia" not in tabler_icons()
