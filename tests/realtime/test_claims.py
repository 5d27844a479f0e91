"""Claims over the socket: ``apriSinistro``, ``aggiornaSinistro``, ``createLinkSinistro`` and
the ``sinistri`` stream, which carries a claim to exactly the users the HTTP list shows it to,
live, whoever opened it (the customer through the link among them)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import today_in_rome
from core.testing import CallFailed, Live, ScClient, sentinel, sync, token_for

TENANT = "assicurapp"


async def _event_for(client: ScClient, record_id: str) -> dict[str, Any]:
    """The next ``sinistri`` event about ``record_id`` (others are skipped)."""
    while True:
        item: dict[str, Any] = (await client.published("sinistri")).get("p", {})
        if item.get("_id") == record_id:
            return item


async def _agents_policy(live: Live) -> str:
    today = today_in_rome()
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            agent = select(m.User.id).where(m.User.email == "agente@demo.it").scalar_subquery()
            stmt = select(m.Policy.id).where(
                m.Policy.agent_id == agent, m.Policy.start_date <= today - timedelta(days=10)
            )
            return str((await session.execute(stmt.order_by(m.Policy.id))).scalars().first())


def _facts(**changes: Any) -> dict[str, Any]:
    return {
        "eventDate": (today_in_rome() - timedelta(days=1)).isoformat(),
        "description": "Grandinata sul piazzale", **changes,
    }  # fmt: skip


async def test_a_customers_claim_reaches_the_office_and_the_agent_live(live: Live) -> None:
    policy_id = await _agents_policy(live)
    agent = await live.logged_in(TENANT, "agente")
    admin = await live.logged_in(TENANT, "admin")
    sub = await live.logged_in(TENANT, "subagente")
    stranger = await live.logged_in("rcadealer", "admin")
    for client in (agent, admin, sub, stranger):
        await client.subscribe("sinistri")
    link = (await agent.invoke("createLinkSinistro", {"policyId": policy_id}))["link"]
    path = urlsplit(link).path
    code = parse_qs(urlsplit(link).query)["c"][0]
    assert path == f"/sinistro/{policy_id}"

    async with live.http(TENANT) as customer:
        reported = await customer.post(f"/api/public/claims/{policy_id}/{code}", json=_facts())
    assert reported.status_code == 201, reported.text
    claim_id = reported.json()["_id"]
    seen = await _event_for(admin, claim_id)
    assert (seen["openedBy"], seen["status"], seen["policyId"]) == ("cliente", "aperto", policy_id)
    assert seen["reportBy"]  # the deadline travels with it
    assert (await _event_for(agent, claim_id))["_id"] == claim_id

    taken = await admin.invoke(
        "aggiornaSinistro",
        {"claimId": claim_id, "companyClaimNumber": "AZ-S-1", "status": "in_istruttoria"},
    )
    assert taken["status"] == "in_istruttoria"
    live_change = await _event_for(agent, claim_id)
    assert (live_change["companyClaimNumber"], live_change["status"]) == (
        "AZ-S-1", "in_istruttoria",
    )  # fmt: skip
    # the sub-agent and the other tenant heard nothing of it
    await sentinel(live, sub, TENANT, "sinistri")
    await sentinel(live, stranger, "rcadealer", "sinistri")
    # and the sync carries it to those who see it only
    assert claim_id in (await sync(agent, sinistri=[]))[1]["sinistri"]
    assert claim_id not in (await sync(sub, sinistri=[]))[1].get("sinistri", {})


async def test_the_calls_follow_the_role_and_tree_rules(live: Live) -> None:
    policy_id = await _agents_policy(live)
    agent = await live.logged_in(TENANT, "agente")
    opened = await agent.invoke("apriSinistro", {"policyId": policy_id, **_facts()})
    assert opened["openedBy"] == "agente"
    sub = await live.logged_in(TENANT, "subagente")
    for call, payload in (
        ("apriSinistro", {"policyId": policy_id, **_facts()}),
        ("createLinkSinistro", {"policyId": policy_id}),
    ):
        with pytest.raises(CallFailed, match="Polizza non trovata"):
            await sub.invoke(call, payload)
    with pytest.raises(CallFailed, match="Sinistro non trovato"):
        await sub.invoke("aggiornaSinistro", {"claimId": opened["_id"], "place": "Roma"})
    with pytest.raises(CallFailed, match="Solo l'ufficio"):
        await agent.invoke("aggiornaSinistro", {"claimId": opened["_id"], "reserve": 100})
    employee = await live.logged_in(TENANT, "dipendente")
    with pytest.raises(CallFailed, match="non consentita per il tuo ruolo"):
        await employee.invoke("apriSinistro", {"policyId": policy_id, **_facts()})
    anonymous = await live.client(TENANT)
    await anonymous.handshake()
    with pytest.raises(CallFailed, match="effettua l'accesso"):
        await anonymous.invoke("apriSinistro", {"policyId": policy_id, **_facts()})
    with pytest.raises(CallFailed, match="Dati non validi"):
        await agent.invoke("apriSinistro", ["non", "un", "oggetto"])


async def test_only_the_office_removes_a_claims_document(live: Live) -> None:
    policy_id = await _agents_policy(live)
    agent = await live.logged_in(TENANT, "agente")
    claim = await agent.invoke("apriSinistro", {"policyId": policy_id, **_facts()})
    token = await token_for(live.runtime, TENANT, "agente@demo.it")
    async with live.http(TENANT) as http:
        uploaded = await http.post(
            "/uploadDocs", headers={"token": token},
            data={"sinistroId": claim["_id"], "idToUpload": "preventivo"},
            files={"file.0": ("preventivo.pdf", b"%PDF-1.4\n", "application/pdf")},
        )  # fmt: skip
    assert uploaded.status_code == 200, uploaded.text
    [document] = uploaded.json()
    removal = {"sinistroId": claim["_id"], "uri": document["uri"], "_id": document["_id"]}
    with pytest.raises(CallFailed, match="Solo amministratori e responsabili"):
        await agent.invoke("deleteAllegato", removal)
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("sinistri")
    assert await admin.invoke("deleteAllegato", removal) == {"ok": True}
    changed = await _event_for(admin, claim["_id"])
    assert changed["allegati"]["preventivo"]["files"] == []
