"""Policy changes over the socket: ``creaAppendice``, ``annullaPolizza``, ``storiaPolizza``
and the ``appendici`` stream, which carries a change to exactly the users the policy's
history shows it to."""

from __future__ import annotations

from typing import Any

import pytest

from core.testing import CallFailed, Live, ScClient, sentinel
from tests.integration.policy_changes.helpers import TENANT, changes, make_policy, rows_of


async def _event_for(client: ScClient, policy_id: str) -> dict[str, Any]:
    """The next ``appendici`` event about a change of ``policy_id`` (others are skipped)."""
    while True:
        item: dict[str, Any] = (await client.published("appendici")).get("p", {})
        if item.get("policyId") == policy_id:
            return item


async def test_a_cancellation_reaches_the_office_and_the_agent_live(live: Live) -> None:
    policy_id = await make_policy(live.runtime)
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, "agente")
    sub = await live.logged_in(TENANT, "subagente")
    stranger = await live.logged_in("rcadealer", "admin")
    for client in (admin, agent, sub, stranger):
        await client.subscribe("appendici")

    endorsed = await admin.invoke(
        "creaAppendice",
        {"policyId": policy_id, "subtype": "conducente", "effectiveOn": "2026-07-01",
         "annualDifference": 122, "details": {"driver": "Anna Bianchi"}},
    )  # fmt: skip
    # +122.00 a year for 184 of 365 days: 61.5013… → 61.50
    assert endorsed["change"]["price"]["tot"] == 61.5
    assert (await _event_for(agent, policy_id))["subtype"] == "conducente"

    done = await admin.invoke(
        "annullaPolizza", {"policyId": policy_id, "cancelledOn": "2026-04-10", "reason": "vendita"}
    )
    # only the paid annual instalment comes back (the endorsement's receipt, unpaid and
    # effective after the 10th, is set aside): 1,000.00 × 266 / 365 = 728.77
    assert done["change"]["price"]["tot"] == -728.77
    assert done["policy"]["cancelledOn"] == "2026-04-10"
    seen = await _event_for(agent, policy_id)
    assert (seen["kind"], seen["subtype"]) == ("annullamento", "vendita")
    assert (await _event_for(admin, policy_id))["kind"] == "appendice"

    story = await agent.invoke("storiaPolizza", {"policyId": policy_id})
    assert [c["kind"] for c in story["changes"]] == ["annullamento", "appendice"]
    with pytest.raises(CallFailed) as hidden:
        await sub.invoke("storiaPolizza", {"policyId": policy_id})
    assert hidden.value.message == "Polizza non trovata"
    # the sub-agent and the other tenant heard nothing of it
    await sentinel(live, sub, TENANT, "appendici")
    await sentinel(live, stranger, "rcadealer", "appendici")


@pytest.mark.parametrize("who", ["responsabile", "agente", "subagente", "segnalatore"])
async def test_only_admins_change_a_policy_over_the_socket(live: Live, who: str) -> None:
    policy_id = await make_policy(live.runtime)
    client = await live.logged_in(TENANT, who)
    for event, body in (
        ("annullaPolizza", {"cancelledOn": "2026-04-10", "reason": "vendita"}),
        ("creaAppendice", {"subtype": "veicolo", "effectiveOn": "2026-07-01",
                           "annualPremium": 1464}),
    ):  # fmt: skip
        with pytest.raises(CallFailed) as refused:
            await client.invoke(event, {"policyId": policy_id, **body})
        assert refused.value.name == "Forbidden", who
    assert await changes(live.runtime, policy_id) == []


@pytest.mark.parametrize(
    ("event", "body", "message"),
    [
        ("annullaPolizza", "non un oggetto", "Dati non validi"),
        ("annullaPolizza", {"cancelledOn": "2026-04-10"}, "reason"),
        ("annullaPolizza", {"cancelledOn": "2030-01-01", "reason": "altro"}, "periodo"),
        ("creaAppendice", {"subtype": "veicolo", "effectiveOn": "ieri"}, "effectiveOn"),
        ("creaAppendice", {"subtype": "veicolo", "effectiveOn": "2026-07-01",
                           "annualPremium": True}, "annualPremium"),
        ("storiaPolizza", {"policyId": "x" * 40}, "Indica la polizza"),
    ],
)  # fmt: skip
async def test_bad_input_over_the_socket_changes_nothing(
    live: Live, event: str, body: Any, message: str
) -> None:
    policy_id = await make_policy(live.runtime)
    admin = await live.logged_in(TENANT, "admin")
    data = (
        {"policyId": policy_id, **body}
        if isinstance(body, dict) and event != "storiaPolizza"
        else body
    )
    with pytest.raises(CallFailed) as refused:
        await admin.invoke(event, data)
    assert message in str(refused.value.message) or message in str(refused.value.name)
    assert len(await rows_of(live.runtime, policy_id)) == 1
    assert await changes(live.runtime, policy_id) == []
