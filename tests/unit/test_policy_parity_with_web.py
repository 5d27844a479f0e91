"""What a policy's customer owes: the cases the web's policyTotals checks, run on the server's
rule (one JSON file, two implementations)."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from core.domain.policies.links import Row, totals

CASES = (
    Path(__file__).resolve().parents[2] / "web/src/features/policies/__tests__/shared-cases.json"
)
SHARED = json.loads(CASES.read_text("utf-8"))


def _cents(value: Decimal) -> int:
    return int(value * 100)


@pytest.mark.parametrize("case", SHARED["cases"], ids=lambda c: c["name"])
def test_the_server_owes_what_the_screen_shows(case: dict[str, Any]) -> None:
    rows = [
        Row(
            Decimal(str(r["tot"])),
            date.fromisoformat(r["cassa"]),
            r["paid"],
            r.get("sospesa", False),
        )
        for r in case["rate"]
    ]
    found = totals(
        rows, Decimal(str(case["premium"])), case["paid"], date.fromisoformat(SHARED["today"])
    )
    assert {
        "paid": _cents(found.paid),
        "unpaid": _cents(found.unpaid),
        "due": _cents(found.due),
    } == case["expected"]
