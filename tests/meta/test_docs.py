"""The README is the front door and the docs site holds the rest: the README keeps the two
commands, the demo accounts and its picture in under 250 lines, every link it has reaches a
file, and every page the tests read is in the site's navigation."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import yaml

from tests.meta.doc_pages import (
    DOCS,
    PRODUCT_LINE_GUIDE,
    ROOT,
    SETTINGS_PAGE,
    TESTING_PAGE,
    page,
    section,
)

README = ROOT / "README.md"
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
COMMANDS = [
    "make run    # installs what is needed, builds the web app, serves every tenant on :8000"
    " (SQLite, demo data)",
    "make test   # installs what is needed, runs ruff, mypy, the web tests and pytest on SQLite"
    " and PostgreSQL",
]
ACCOUNTS = ["admin", "responsabile", "agente", "subagente", "dipendente", "segnalatore"]


def _nav_pages(entries: Any) -> Iterator[str]:
    if isinstance(entries, str):
        yield entries
    elif isinstance(entries, list):
        for entry in entries:
            yield from _nav_pages(entry)
    elif isinstance(entries, dict):
        for value in entries.values():
            yield from _nav_pages(value)


def test_the_readme_is_a_front_door() -> None:
    text = page(README)
    assert len(text.splitlines()) < 250
    setup = section(README, "## Set-up: two commands")
    assert re.findall(r"```sh\n(.*?)\n```", setup, re.S)[0].splitlines() == COMMANDS
    accounts = section(README, "### Demo accounts")
    assert "Password: `demo1234`" in accounts
    assert re.findall(r"^\| `([a-z]+)@demo\.it` \|", accounts, re.M) == ACCOUNTS


def test_the_readme_shows_a_picture_of_the_app() -> None:
    pictures = re.findall(r"!\[[^\]]+\]\((docs/img/[^)]+\.png)\)", page(README))
    assert pictures, "README.md needs its picture (a PNG under docs/img/)"
    for picture in pictures:
        assert (ROOT / picture).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", picture


def test_every_link_of_the_readme_reaches_a_file() -> None:
    targets = [t for t in LINK.findall(page(README)) if not re.match(r"[a-z]+://", t)]
    assert any(t.startswith("docs/") for t in targets), "README.md links into docs/"
    broken = [t for t in targets if not (ROOT / t.partition("#")[0]).exists()]
    assert not broken, f"README.md links to files that are not there: {broken}"


def test_the_pages_the_tests_read_are_in_the_sites_navigation() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert config["docs_dir"] == "docs"
    assert config["strict"] == "true"
    nav = set(_nav_pages(config["nav"]))
    for read in (PRODUCT_LINE_GUIDE, SETTINGS_PAGE, TESTING_PAGE):
        assert read.relative_to(DOCS).as_posix() in nav, read.name
    missing = [name for name in sorted(nav) if not (DOCS / name).is_file()]
    assert not missing, f"mkdocs.yml names pages that are not in docs/: {missing}"
