"""Remittances issued at once for one company and period: one is issued, the others are
refused as overlapping (the issue is serialised per company)."""

from __future__ import annotations

import secrets
from collections import Counter

from tests.integration.races.conftest import LiveHttp, at_once
from tests.integration.remittances.example import FIRST, LAST, seed_example

TENANT = "assicurapp"


async def test_three_issues_at_once_make_one_remittance(server: LiveHttp) -> None:
    company = f"Compagnia {secrets.token_hex(3)}"
    await seed_example(server.runtime, TENANT, company)
    body = {"company": company, "from": FIRST.isoformat(), "to": LAST.isoformat()}
    async with await server.as_user(TENANT, "admin@demo.it") as http:
        answers = await at_once([http.post("/api/rimesse", json=body) for _ in range(3)])
        assert Counter(a.status_code for a in answers) == {201: 1, 409: 2}, [
            a.text for a in answers
        ]
        listed = (await http.get("/api/rimesse", params={"company": company})).json()
    assert len(listed) == 1
