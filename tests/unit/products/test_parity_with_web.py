"""The server and the web validators judge the same values alike, with the same messages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from core.domain.products.fields import messages as msg
from core.domain.products.fields import validate_value

WEB = Path(__file__).resolve().parents[3] / "web" / "src"
CASES = json.loads(
    (WEB / "features/products/fields/__tests__/shared-cases.json").read_text("utf-8")
)["cases"]
IT_ERRORS: dict[str, str] = json.loads((WEB / "locales/it/fields.json").read_text("utf-8"))[
    "errors"
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['type']}:{c['value']!r}")
def test_shared_case(case: dict[str, Any]) -> None:
    field = {"_id": "f1", "name": "Campo", **{k: v for k, v in case.items() if k != "value"}}
    field.pop("message")
    assert validate_value(field, case["value"]) == case["message"]


def test_the_web_catalogue_has_the_server_messages() -> None:
    web = {re.sub(r"\{\{(\w+)\}\}", r"{\1}", text) for text in IT_ERRORS.values()}
    shared = {
        msg.CF_INVALID, msg.PIVA_INVALID, msg.PLATE_INVALID, msg.DATE_INVALID,
        msg.AMOUNT_INVALID, msg.BOOL_INVALID, msg.TEXT_INVALID, msg.TEXT_TOO_LONG, msg.REQUIRED,
        msg.NOT_ALLOWED, msg.ATR_INVALID, msg.ATR_TOTAL, msg.ATR_YEARS, msg.ATR_SHARE,
        msg.BRAND_MODEL_INVALID, msg.REGISTRATION_INVALID, msg.PREVIOUS_INSURANCE_INVALID,
        msg.UNKNOWN_TYPE,
    }  # fmt: skip
    assert web == shared
