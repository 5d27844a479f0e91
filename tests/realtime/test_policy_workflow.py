"""The insurance workflow over the socket: quotation by company, the agent's choice, the
premium rectified and confirmed, the policy issued with its instalments, payments — each
live for whoever may see it, refused to whoever may not."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from core.db import models as m
from core.testing import CallFailed, Live, ScClient, reload, sentinel
from tests.realtime.policy_records import load_policy, new_quote

TENANT = "assicurapp"
ISSUE = {
    "number": "AZ-2026-0001", "startDate": "2026-01-31", "endDate": "2027-01-31",
    "paymentMethod": "bonifico", "confirmPastStart": True,  # a start months back, confirmed
}  # fmt: skip


async def _event_for(client: ScClient, channel: str, record_id: str) -> dict[str, Any]:
    """The next event on ``channel`` about ``record_id`` (others are skipped)."""
    while True:
        event = await client.published(channel)
        item: dict[str, Any] = event.get("p", {})
        if item.get("_id") == record_id:
            return item


async def _quoted(live: Live, admin: ScClient, owner: str = "agente") -> str:
    quote_id = await new_quote(live.runtime, TENANT, owner)
    await admin.invoke(
        "quotaPreventivo", {"pId": quote_id, "company": "Allianz", "tot": 1000.07,
                            "note": "Cristalli inclusi", "frazionamento": "MEN"},
    )  # fmt: skip
    await admin.invoke("quotaPreventivo", {"pId": quote_id, "company": "Generali", "tot": 950})
    return quote_id


async def test_quotation_choice_rectification_emission_and_payment(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    await agent.subscribe("preventivi")
    quote_id = await _quoted(live, admin)
    offers: dict[str, Any] = {}
    while "Generali" not in offers:  # the quote's insert, the first offer, then the second
        offers = (await _event_for(agent, "preventivi", quote_id))["price"].get("company", {})
    # given only its gross, on a product with no ramo: the split is derived, with no tax
    assert offers["Allianz"] == {
        "tot": 1000.07, "net": 1000.07, "taxes": [], "taxTotal": 0, "ramo": None, "lines": [],
        "derived": True, "note": "Cristalli inclusi", "frazionamento": "MEN",
    }  # fmt: skip
    stored = await reload(live.runtime, TENANT, quote_id)
    assert stored.status == "Preventivato"

    with pytest.raises(CallFailed, match="Scegli l'offerta"):
        await agent.invoke("richiediEmissione", {"pId": quote_id})
    answer = await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    assert answer["status"] == "Emissione richiesta"
    stored = await reload(live.runtime, TENANT, quote_id)
    assert stored.quote["emission"]["company"] == "Allianz"
    assert stored.quote["emission"]["state"] == 1

    await admin.invoke(
        "premioEmissione", {"pId": quote_id, "action": "rettifica", "premium": 1012.5}
    )
    seen = await _event_for(agent, "preventivi", quote_id)
    while seen["quote"].get("emission", {}).get("state") != 2:
        seen = await _event_for(agent, "preventivi", quote_id)
    assert seen["quote"]["emission"]["premium"] == 1012.5
    with pytest.raises(CallFailed, match="confermare il premio"):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE})
    with pytest.raises(CallFailed, match="Non c'è un premio da confermare"):
        await admin.invoke("premioEmissione", {"pId": quote_id, "action": "conferma"})
    confirmed = await agent.invoke("premioEmissione", {"pId": quote_id, "action": "conferma"})
    assert confirmed["emission"]["state"] == 3

    await agent.subscribe("polizze")
    policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE})
    assert (policy["premium"], policy["frequency"], len(policy["rate"])) == (1012.5, "MEN", 12)
    assert sum(Decimal(str(r["price"]["tot"])) for r in policy["rate"]) == Decimal("1012.50")
    assert [r["cassa"] for r in policy["rate"][:3]] == ["2026-01-31", "2026-02-28", "2026-03-31"]
    assert policy["pr"]["usrData"][:2] == [
        {"_id": "Nome", "value": "Marta"}, {"_id": "Cognome", "value": "Colombo"},
    ]  # fmt: skip
    # Allianz pays 8% (81.00); the agent's default rate is 10% of it (8.10)
    assert policy["agentTotal"] == 8.1
    assert sum(Decimal(str(r["price"]["agente"]["tot"])) for r in policy["rate"]) == Decimal("8.10")
    live_policy = await _event_for(agent, "polizze", policy["_id"])
    assert live_policy["number"] == "AZ-2026-0001"
    stored = await reload(live.runtime, TENANT, quote_id)
    assert stored.quote["policyId"] == policy["_id"]
    assert stored.price["company"]["Allianz"]["nPolizza"] == "AZ-2026-0001"
    with pytest.raises(CallFailed, match="già stata emessa"):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE})
    with pytest.raises(CallFailed, match="già stata emessa"):
        await agent.invoke("richiediEmissione", {"pId": quote_id, "undo": True})

    await admin.invoke(
        "aggiornaRata",
        {
            "policyId": policy["_id"],
            "n": 1,
            "action": "paga",
            "date": "2026-02-02",
            "method": "POS",
        },
    )
    paid = await _event_for(agent, "polizze", policy["_id"])
    # the method is stored as its code, whatever the case it was given in
    assert (paid["rate"][0]["paid"], paid["rate"][0]["paidMethod"]) == (True, "pos")
    assert paid["rate"][0]["paidAt"].startswith("2026-02-02")
    await admin.invoke("aggiornaRata", {"policyId": policy["_id"], "n": 2, "action": "sospendi"})
    suspended = await _event_for(agent, "polizze", policy["_id"])
    assert suspended["rate"][1]["info"] == {"SOSP": True}
    with pytest.raises(CallFailed, match="sospesa"):
        await admin.invoke("aggiornaRata", {"policyId": policy["_id"], "n": 2, "action": "paga"})
    await admin.invoke("aggiornaRata", {"policyId": policy["_id"], "n": 2, "action": "riattiva"})
    await admin.invoke("aggiornaRata", {"policyId": policy["_id"], "n": 1, "action": "annulla"})
    stored_policy = await load_policy(live.runtime, TENANT, policy["_id"])
    assert [(r.paid, r.info) for r in stored_policy.instalments[:2]] == [(False, {}), (False, {})]
    trail = await _audit(live, stored_policy.instalments[0].id)
    assert [entry.action for entry in trail].count("update") == 2  # paid, then undone
    assert {entry.actor_id for entry in trail if entry.action == "update"} == {admin.user_id}


async def _audit(live: Live, entity_id: str) -> list[m.AuditEntry]:
    from sqlalchemy import select

    from core.context import tenant_scope

    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.AuditEntry).where(m.AuditEntry.entity_id == entity_id)
            return list((await session.execute(stmt.order_by(m.AuditEntry.at))).scalars())


async def test_only_managers_quote_and_only_admins_issue_and_mark_payments(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _quoted(live, admin)
    agent = await live.logged_in(TENANT, "agente")
    manager = await live.logged_in(TENANT, "responsabile")
    with pytest.raises(CallFailed, match="Solo amministratori e responsabili"):
        await agent.invoke("quotaPreventivo", {"pId": quote_id, "company": "Allianz", "tot": 1})
    with pytest.raises(CallFailed, match="Solo amministratori e responsabili"):
        await agent.invoke(
            "premioEmissione", {"pId": quote_id, "action": "rettifica", "premium": 1}
        )
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Generali"})
    for who in (agent, manager):
        with pytest.raises(CallFailed, match="Solo gli amministratori emettono"):
            await who.invoke("emettiPolizza", {"pId": quote_id, **ISSUE})
    policy = await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE, "frequency": "SEM"})
    assert [r["price"]["tot"] for r in policy["rate"]] == [475, 475]
    for who in (agent, manager):
        with pytest.raises(CallFailed, match="Solo gli amministratori registrano"):
            await who.invoke("aggiornaRata", {"policyId": policy["_id"], "n": 1, "action": "paga"})


async def test_another_tree_never_sees_or_touches_a_policy(live: Live) -> None:
    """A parent agent sees its sub-agent's policy; the sub-agent never sees the parent's own,
    nor does another tenant's agent; neither can link or confirm it."""
    admin = await live.logged_in(TENANT, "admin")
    sub_quote = await _quoted(live, admin, owner="subagente")
    own_quote = await _quoted(live, admin, owner="agente")
    sub = await live.logged_in(TENANT, "subagente")
    parent = await live.logged_in(TENANT, "agente")
    await sub.invoke("richiediEmissione", {"pId": sub_quote, "company": "Allianz"})
    await parent.invoke("richiediEmissione", {"pId": own_quote, "company": "Allianz"})
    await parent.subscribe("polizze")
    await sub.subscribe("polizze")
    other = await live.logged_in("rcadealer", "agente")
    await other.subscribe("polizze")

    of_sub = await admin.invoke("emettiPolizza", {"pId": sub_quote, **ISSUE})
    assert (await _event_for(parent, "polizze", of_sub["_id"]))["aId"] == of_sub["aId"]
    assert (await _event_for(sub, "polizze", of_sub["_id"]))["_id"] == of_sub["_id"]
    of_parent = await admin.invoke(
        "emettiPolizza", {"pId": own_quote, **ISSUE, "number": "AZ-2026-0002"}
    )
    await admin.invoke("aggiornaRata", {"policyId": of_parent["_id"], "n": 1, "action": "paga"})
    assert (await _event_for(parent, "polizze", of_parent["_id"]))["_id"] == of_parent["_id"]
    await sentinel(live, sub, TENANT, "polizze")
    await sentinel(live, other, "rcadealer", "polizze")
    for stranger, policy in ((sub, of_parent), (other, of_parent), (other, of_sub)):
        with pytest.raises(CallFailed, match="Polizza non trovata"):
            await stranger.invoke("createLinkPolizza", {"policyId": policy["_id"]})
    with pytest.raises(CallFailed, match="Preventivo non trovato"):
        await sub.invoke("premioEmissione", {"pId": own_quote, "action": "conferma"})
    employee = await live.logged_in(TENANT, "dipendente")
    with pytest.raises(CallFailed, match="Polizza non trovata"):
        await employee.invoke("createLinkPolizza", {"policyId": of_sub["_id"]})


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        ({"tot": -1}, "Dati non validi"),
        ({"tot": "100"}, "Deve essere un numero"),
        ({"tot": 10.005}, "Dati non validi"),
        ({"tot": 1e12}, "Dati non validi"),
        ({"company": "Sconosciuta", "tot": 10}, "Compagnia sconosciuta"),
        ({"frazionamento": "SETTIMANALE", "tot": 10}, "Dati non validi"),
        ({"extra": 1, "tot": 10}, "Campo non previsto"),
    ],
)
async def test_bad_offers_are_refused_and_change_nothing(
    live: Live, payload: dict[str, Any], message: str
) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await new_quote(live.runtime, TENANT)
    with pytest.raises(CallFailed, match=message):
        await admin.invoke("quotaPreventivo", {"pId": quote_id, "company": "Allianz", **payload})
    stored = await reload(live.runtime, TENANT, quote_id)
    assert (stored.price, stored.status) == ({}, "In attesa di quotazione")


@pytest.mark.parametrize(
    "change",
    [
        {"startDate": "2027-02-01"},  # after the end
        {"endDate": "2150-01-01"},
        {"number": ""},
        {"paymentMethod": "x" * 51},
        {"frequency": "BIMESTRALE"},
        {"prepaid": "yes"},
    ],
)
async def test_bad_emissions_are_refused_and_issue_nothing(
    live: Live, change: dict[str, Any]
) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _quoted(live, admin)
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    with pytest.raises(CallFailed, match="Dati non validi"):
        await admin.invoke("emettiPolizza", {"pId": quote_id, **ISSUE, **change})
    stored = await reload(live.runtime, TENANT, quote_id)
    assert "policyId" not in stored.quote


async def test_a_prepaid_unico_policy_is_paid_at_once(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    quote_id = await _quoted(live, admin)
    agent = await live.logged_in(TENANT, "agente")
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Generali"})
    policy = await admin.invoke(
        "emettiPolizza", {"pId": quote_id, **ISSUE, "frequency": "UNICO", "prepaid": True}
    )
    assert (policy["rate"], policy["paid"]["v"]) == ([], True)
    undone = await admin.invoke(
        "aggiornaRata", {"policyId": policy["_id"], "n": 0, "action": "annulla"}
    )
    assert undone["paid"] == {"v": False, "at": None}
    with pytest.raises(CallFailed, match="Rata 3 non trovata"):
        await admin.invoke("aggiornaRata", {"policyId": policy["_id"], "n": 3, "action": "paga"})
    stored = await load_policy(live.runtime, TENANT, policy["_id"])
    assert stored.premium == Decimal(950)
    assert stored.start_date == date(2026, 1, 31)
    assert isinstance(stored, m.Policy)
