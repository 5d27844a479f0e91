"""The money screens' figures: the web's cases (payouts, ledger summaries) hold for the
server's rules too, so the screen shows what the server computes."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from core.domain.commissions.rules import payout

CASES: dict[str, Any] = json.loads(
    (
        Path(__file__).resolve().parents[2] / "web/src/features/money/__tests__/shared-cases.json"
    ).read_text("utf-8")
)


def cents(value: Decimal) -> int:
    return int(value * 100)


@pytest.mark.parametrize("case", CASES["payouts"], ids=lambda c: c["note"])
def test_payouts(case: dict[str, Any]) -> None:
    money = payout(
        Decimal(case["gross"]) / 100, Decimal(str(case["ritenuta"])), Decimal(case["base"])
    )
    assert (cents(money.net), cents(money.withholding)) == (case["net"], case["withholding"])


@pytest.mark.parametrize("case", CASES["ledgers"], ids=lambda c: c["name"])
def test_ledger_summaries(case: dict[str, Any]) -> None:
    amounts = [Decimal(str(a)) for a in case["amounts"]]
    credits = sum((a for a in amounts if a >= 0), Decimal(0))
    debits = sum((a for a in amounts if a < 0), Decimal(0))
    closing = Decimal(str(case["opening"])) + credits + debits
    assert (cents(credits), cents(debits), cents(closing)) == (
        case["credits"], case["debits"], case["closing"],
    )  # fmt: skip
