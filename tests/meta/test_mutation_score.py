"""The mutation table of docs/testing.md is the last run's (docs/mutation-score.md, written by
``make mutation``), and that run covered the modules the tools are set to mutate now."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from tests.meta.doc_pages import TESTING_PAGE, section

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "docs" / "mutation-score.md"
HEADING = "## Mutation testing"
ROW = re.compile(r"^\|.*\|$", re.M)
MODULE = re.compile(r"^\| `([^`]+)` \|", re.M)


def _table(text: str) -> list[str]:
    return ROW.findall(text)


def test_the_testing_page_shows_the_last_runs_table() -> None:
    last_run = _table(RESULTS.read_text(encoding="utf-8"))
    assert last_run, f"{RESULTS.name} holds no table"
    assert _table(section(TESTING_PAGE, HEADING)) == last_run


def test_the_last_run_covered_every_module_set_to_mutate() -> None:
    python = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mutmut"]
    stryker = json.loads((ROOT / "web" / "stryker.config.json").read_text(encoding="utf-8"))
    expected = [*python["only_mutate"], *(f"web/{path}" for path in stryker["mutate"])]
    assert MODULE.findall(RESULTS.read_text(encoding="utf-8")) == expected
