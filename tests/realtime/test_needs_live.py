"""The customer's answers reach the office's open screens live: the quote on ``preventivi``
carries their summary (``quote.esigenze``) with the mismatches, for whoever sees the quote."""

from __future__ import annotations

from typing import Any

from core.testing import Live
from tests.integration.precontract.helpers import TENANT, link_code, priced_quote


async def test_the_answers_and_their_mismatches_arrive_live(live: Live) -> None:
    quote_id = await priced_quote(live.runtime, answered=False, Allianz=600)
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("preventivi")
    url = f"/api/public/quotes/{quote_id}/{link_code(live.runtime, quote_id)}/needs"
    answers = [{"id": "durata", "option": 1}, {"id": "altre_coperture", "option": 0},
               {"id": "premio_sostenibile", "option": 0}]  # fmt: skip
    async with live.http() as client:
        saved = await client.put(url, json={"kind": "generale", "version": 0, "answers": answers})
    assert saved.status_code == 200
    seen: dict[str, Any] = {}
    while seen.get("_id") != quote_id or "esigenze" not in seen["quote"]:
        seen = (await admin.published("preventivi")).get("p", {})
    assert seen["quote"]["esigenze"]["channel"] == "link"
    assert seen["quote"]["esigenze"]["mismatches"] == [
        {"question": "Per quanto tempo ti serve la copertura?", "answer": "Meno di un anno"}
    ]
