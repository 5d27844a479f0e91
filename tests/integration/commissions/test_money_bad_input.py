"""Bad input on every money route (ranges, months, amounts, bodies) gets a 4xx, never a 500."""

from __future__ import annotations

from typing import Any

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.commissions.helpers import call

pytestmark = pytest.mark.usefixtures("seeded")

QUERIES = [
    "from=2026-1-1",
    "from=x",
    "from=",
    "to=",
    "from=9999-12-31",
    "from=0001-01-01",
    "from=2026-02-30",
    "from=2026-01-01T00:00:00",
    "from=%F0%9F%98%80",
    "from=" + "1" * 5000,
    "agentId=%F0%9F%98%80",
    "agentId=",
    "from=2026-01-01&from=2026-02-01",
    "to=1900-01-01",
    "from=1900-01-01&to=1910-01-09",
    "from=2090-01-01&to=2099-12-31",
    "format=pdf",
    "format=",
    "month=2026-00",
    "month=0000-01",
    "month=%D9%A2%D9%A0%D9%A2%D9%A6-%D9%A0%D9%A1",
    "month=2100-01",
    "month=1899-12",
    "from=-2026-01-01",
    "from=+2026-01-01",
    "from=2026-01-01%00",
]


async def test_no_money_route_answers_bad_input_with_a_500(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await user_ids(seeded, "assicurapp")
    bad: list[tuple[Any, ...]] = []
    paths = [
        "/api/report",
        "/api/report/export",
        f"/api/report/agenti/{ids['agente']}",
        f"/api/saldo/{ids['agente']}",
        f"/api/saldo/{ids['agente']}/estratto.pdf",
        "/api/cassa",
        "/api/cassa/export",
        "/api/report/agenti/" + "x" * 3000,
        "/api/saldo/" + "%F0%9F%98%80" * 20,
        "/api/report/export?format=csv",
    ]
    for path in paths:
        for q in QUERIES:
            sep = "&" if "?" in path else "?"
            r = await call(clients, seeded, "admin", "GET", f"{path}{sep}{q}")
            if r.status_code >= 500:
                bad.append((path, q, r.status_code))
    bodies: list[Any] = [
        None,
        [],
        "x",
        1,
        {"day": None},
        {"day": "2026-01-01", "extra": 1},
        {"day": 20260101},
        {"day": "1899-12-31"},
        {"day": "0001-01-01"},
        {"day": "９９９９-01-01"},
    ]
    for b in bodies:
        r = await call(clients, seeded, "admin", "POST", "/api/cassa/chiusure", b)
        if r.status_code >= 500:
            bad.append(("chiusure", b, r.status_code))
    entries: list[Any] = [
        None,
        [],
        {},
        {"kind": "pagamento", "amount": "1e5", "reason": "abc", "requestId": "abcdefgh1"},
        {"kind": "rettifica", "amount": -0.0, "reason": "abc", "requestId": "abcdefgh2"},
        {"kind": "rettifica", "amount": "-1000000", "reason": "abc", "requestId": "abcdefgh3"},
        {"kind": "rettifica", "amount": 1, "reason": "x" * 10000, "requestId": "abcdefgh4"},
        {"kind": "rettifica", "amount": 1, "reason": "   \u200b\u200b  ", "requestId": "abcdefgh5"},
        {"kind": "rettifica", "amount": 1, "reason": "abc", "requestId": "a" * 65},
        {"kind": "rettifica", "amount": 1, "reason": "abc", "requestId": "àààààààà"},
        {"kind": "rettifica", "amount": 10**400, "reason": "abc", "requestId": "abcdefgh6"},
        {"kind": "rettifica", "amount": 1e308, "reason": "abc", "requestId": "abcdefgh7"},
        {"kind": "rettifica", "amount": [1], "reason": "abc", "requestId": "abcdefgh8"},
    ]
    for e in entries:
        for target in (ids["agente"], ids["subagente"], ids["dipendente"], "x" * 100, "nope"):
            r = await call(clients, seeded, "admin", "POST", f"/api/saldo/{target}/movimenti", e)
            if r.status_code >= 500:
                bad.append(("movimenti", target, e, r.status_code))
    rate_bodies: list[Any] = [
        {},
        {"action": "paga", "date": "2099-12-31"},
        {"action": "paga", "date": "1900-01-01"},
        {"action": "paga", "method": "x" * 51},
        {"action": "paga", "day": "2026-01-01"},
        {"action": "paga", "date": 99999999999999},
        {"action": "PAGA"},
        [],
    ]
    for b in rate_bodies:
        for path in (
            "/api/polizze/nope/rate/1",
            "/api/polizze/x/rate/99999999999999999999999",
            "/api/polizze/x/rate/-1",
            "/api/polizze/x/rate/abc",
        ):
            r = await call(clients, seeded, "admin", "PUT", path, b)
            if r.status_code >= 500:
                bad.append(("rate", path, b, r.status_code))
    assert not bad, bad
