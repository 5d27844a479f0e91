"""The cover of a policy (art. 1901 c.c.): the hand-computed cases the web's ``cover.ts``
checks, run on the server's rule (one JSON file, two implementations). Each case's ``note``
carries its arithmetic."""

from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest

from core.db import models as m
from core.domain.policies.cover import cover_at, dues_of

CASES = Path(__file__).resolve().parents[2] / "web/src/features/cover/__tests__/shared-cases.json"
SHARED = json.loads(CASES.read_text("utf-8"))


def _at(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def _rows(case: dict[str, Any]) -> list[m.Instalment]:
    return [
        m.Instalment(
            number=r["n"], cassa_date=date.fromisoformat(r["cassa"]), paid=r["paid"],
            paid_at=_at(r.get("paidAt")), info=r.get("info") or {},
        )
        for r in case["rate"]
    ]  # fmt: skip


@pytest.mark.parametrize("case", SHARED["cases"], ids=lambda c: c["name"])
def test_the_server_covers_as_the_screen_shows(case: dict[str, Any]) -> None:
    now = _at(case["now"])
    assert now is not None
    cover = cover_at(dues_of(_rows(case)), now)
    expected = case["expected"]
    assert cover.status == expected["status"]
    assert cover.since == _at(expected["since"])
    assert cover.until == _at(expected["until"])
    assert cover.instalment == expected["instalment"]
    assert cover.hours_left(now) == expected["hoursLeft"]


def test_the_cases_cover_a_month_end_both_clock_changes_and_six_months() -> None:
    names = " ".join(case["name"] for case in SHARED["cases"])
    for needed in ("month end", "spring DST", "autumn DST", "six months", "first premium",
                   "paid after the suspension"):  # fmt: skip
        assert needed in names
