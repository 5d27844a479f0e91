"""The emission gate of the pre-contract documents (IVASS Reg. 40/2018, art. 56), on where the
tenant turns it on: the agent's request and the admin's issue are refused until the customer
confirms receipt (the office's screen hears the confirmation live on ``preventivi``) or an
admin goes ahead with a reason, which the receipt keeps; a quote changed after the delivery
needs the new version confirmed."""

from __future__ import annotations

from typing import Any

import pytest

from core.context import tenant_scope
from core.db import models as m
from core.domain.precontract.gate import ANSWERS_CHANGED, CHANGED, NOT_DELIVERED
from core.i18n import today_in_rome
from core.testing import CallFailed, Live, headers_for
from tests.integration.precontract.helpers import (
    TENANT,
    answer_questionnaire,
    base,
    gate,
    mailed_code,
    priced_quote,
)


def _issue(number: str) -> dict[str, Any]:
    first = today_in_rome()
    return {"number": number, "startDate": first.isoformat(),
            "endDate": first.replace(year=first.year + 1).isoformat(),
            "paymentMethod": "Bonifico"}  # fmt: skip


async def _customer_confirms(live: Live, quote_id: str) -> None:
    """The customer reads the documents on the link and confirms them with the mailed code."""
    url = base(live.runtime, quote_id)
    async with live.http() as client:
        shown = (await client.get(url)).json()
        await client.post(f"{url}/code")
        code = await mailed_code(live.runtime)
        hashes = [d["sha256"] for d in shown["documents"]]
        body = {"version": shown["version"], "code": code, "hashes": hashes}
        (await client.post(f"{url}/confirm", json=body)).raise_for_status()


async def test_delivery_confirmed_live_then_requested_and_issued(live: Live) -> None:
    await gate(live.runtime, True)
    quote_id = await priced_quote(live.runtime, Allianz=600)
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed) as refused:
        await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    assert refused.value.message == NOT_DELIVERED
    await admin.subscribe("preventivi")
    url = base(live.runtime, quote_id)
    async with live.http() as client:
        shown = (await client.get(url)).json()
        (await client.post(f"{url}/code")).raise_for_status()
        code = await mailed_code(live.runtime)
        hashes = [d["sha256"] for d in shown["documents"]]
        confirmed = await client.post(
            f"{url}/confirm", json={"version": shown["version"], "code": code, "hashes": hashes}
        )
    assert confirmed.status_code == 200
    seen: dict[str, Any] = {}
    while (
        seen.get("_id") != quote_id
        or seen["quote"].get("precontratto", {}).get("state") != "confermati"
    ):
        seen = (await admin.published("preventivi")).get("p", {})
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("PC-1")})
    assert policy["number"] == "PC-1"


async def test_an_admin_goes_ahead_with_a_reason(live: Live) -> None:
    await gate(live.runtime, True)
    quote_id = await priced_quote(live.runtime, Allianz=600)
    agent = await live.logged_in(TENANT, "agente")
    admin = await live.logged_in(TENANT, "admin")
    reason = "Documenti consegnati a mano in agenzia il 28/11"
    url = f"/api/quotes/{quote_id}/precontract/override"
    async with live.http() as client:
        as_agent = await client.post(
            url, json={"reason": reason}, headers=await headers_for(live.runtime, TENANT, "agente")
        )
        admin_headers = await headers_for(live.runtime, TENANT, "admin")
        short = await client.post(url, json={"reason": "perché"}, headers=admin_headers)
        done = await client.post(url, json={"reason": reason}, headers=admin_headers)
        receipts = (
            await client.get(f"/api/quotes/{quote_id}/precontract", headers=admin_headers)
        ).json()
    assert as_agent.status_code == 403
    assert short.status_code == 400
    assert done.status_code == 200
    override = receipts["versions"][0]["override"]
    assert override["reason"] == reason
    assert override["byName"]
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    await admin.invoke("emettiPolizza", {"pId": quote_id, **_issue("PC-2")})


async def test_a_quote_changed_after_delivery_needs_the_new_version(live: Live) -> None:
    await gate(live.runtime, True)
    quote_id = await priced_quote(live.runtime, Allianz=600)
    agent = await live.logged_in(TENANT, "agente")
    await _customer_confirms(live, quote_id)
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            quote.price = {"company": {"Allianz": {"tot": 700}}}
    with pytest.raises(CallFailed) as refused:
        await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    assert refused.value.message == CHANGED


async def test_answers_changed_after_delivery_are_named(live: Live) -> None:
    await gate(live.runtime, True)
    quote_id = await priced_quote(live.runtime, Allianz=600)
    agent = await live.logged_in(TENANT, "agente")
    await _customer_confirms(live, quote_id)
    await answer_questionnaire(live.runtime, quote_id, option=1)  # the office, with other answers
    with pytest.raises(CallFailed) as refused:
        await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    assert refused.value.message == ANSWERS_CHANGED


async def test_the_gate_off_changes_nothing(live: Live) -> None:
    await gate(live.runtime, False)
    quote_id = await priced_quote(live.runtime, Allianz=600)
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})


async def test_the_setting_is_saved_by_admins_only(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.invoke("salvaImpostazioni", {"consegnaPrecontrattuale": True})
    with pytest.raises(CallFailed):
        await admin.invoke("salvaImpostazioni", {"consegnaPrecontrattuale": "sì"})
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed):
        await agent.invoke("salvaImpostazioni", {"consegnaPrecontrattuale": False})
    await admin.invoke("salvaImpostazioni", {"consegnaPrecontrattuale": False})
