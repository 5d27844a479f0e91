"""The documentation pages the tests read, and their sections by heading.

A page or heading that moved or was renamed fails the test that reads it: nothing here returns
an empty text for a missing section.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PRODUCT_LINE_GUIDE = DOCS / "writing-a-product-line.md"
SETTINGS_PAGE = DOCS / "settings.md"
TESTING_PAGE = DOCS / "testing.md"


def page(path: Path) -> str:
    """The page's text; an assertion naming it when it is not there."""
    assert path.is_file(), f"{path.relative_to(ROOT)} is gone: move the test with the page"
    return path.read_text(encoding="utf-8")


def section(path: Path, heading: str) -> str:
    """The text under ``heading`` (a whole line, ``## Hooks``) up to the next heading of the
    same or a higher level, outside code blocks."""
    level = len(heading) - len(heading.lstrip("#"))
    if not level or heading[level] != " ":
        raise ValueError(f"{heading!r} is not a Markdown heading")
    lines = page(path).splitlines()
    starts = [i for i, line in enumerate(lines) if line.rstrip() == heading]
    assert len(starts) == 1, (
        f"{path.relative_to(ROOT)} needs exactly one {heading!r} heading, found {len(starts)}"
    )
    body: list[str] = []
    fenced = False
    for line in lines[starts[0] + 1 :]:
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(rf"^#{{1,{level}}} ", line):
            break
        body.append(line)
    return "\n".join(body) + "\n"
