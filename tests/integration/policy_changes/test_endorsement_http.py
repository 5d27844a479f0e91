"""``POST /api/polizze/{id}/appendici``: an endorsement's premium difference for the days
left, as its own receipt (figures by hand, docs/rules/policy-changes.md), credited like an
instalment when collected, taken back when given back; the refusals change nothing."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.policy_changes.helpers import call, changes, ledger, make_policy, rows_of

pytestmark = pytest.mark.usefixtures("seeded")


def _path(policy_id: str) -> str:
    return f"/api/polizze/{policy_id}/appendici"


async def _endorse(clients: ClientFactory, runtime: Runtime, policy_id: str, **body: Any) -> Any:
    payload = {"subtype": "veicolo", "effectiveOn": "2026-07-01", **body}
    return await call(clients, runtime, "admin", "POST", _path(policy_id), payload)


async def _pay(clients: ClientFactory, runtime: Runtime, policy_id: str, n: int) -> None:
    path = f"/api/polizze/{policy_id}/rate/{n}"
    paid = await call(clients, runtime, "admin", "PUT", path, {"action": "paga"})
    assert paid.status_code == 200, paid.text


async def test_a_vehicle_change_up_then_down(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id = await make_policy(seeded)
    details = {"oldPlate": "AB123CD", "newPlate": "EF456GH", "vehicle": "Fiat Panda"}
    up = await _endorse(clients, seeded, policy_id, annualPremium=1464, details=details)
    assert up.status_code == 201, up.text
    # +244.00 a year for the 184 days after 1 July of 365: 123.0027… → 123.00; net
    # 123.00 / 1.22 = 100.8196… → 100.82, tax 22.18; agent 50 % of 10 % of 100.82 = 5.041
    # → commission 10.08, agent 5.04
    change = up.json()["change"]
    assert change["price"] == {"tot": 123.0, "net": 100.82, "tax": 22.18, "agente": {"tot": 5.04}}
    assert change["details"]["newPlate"] == "EF456GH"
    assert (change["details"]["days"], change["details"]["period"]) == (184, 365)
    receipt = up.json()["policy"]["rate"][-1]
    assert (receipt["n"], receipt["cassa"], receipt["paid"]) == (2, "2026-07-01", False)
    assert receipt["info"] == {"kind": "appendice", "change": change["_id"]}
    await _pay(clients, seeded, policy_id, 2)
    credits = [(e.kind, e.gross) for e in await ledger(seeded, policy_id)]
    assert credits == [("provvigione", Decimal("50.00")), ("provvigione", Decimal("5.04"))]

    # back to 1,220.00 from the same day: the same figures the other way
    down = await _endorse(clients, seeded, policy_id, annualPremium=1220, subtype="garanzie")
    assert down.status_code == 201, down.text
    assert down.json()["change"]["price"]["tot"] == -123.0
    rows = await rows_of(seeded, policy_id)
    assert (rows[-1].number, rows[-1].total, rows[-1].agent_total) == (
        3, Decimal("-123.00"), Decimal("-5.04"),
    )  # fmt: skip
    await _pay(clients, seeded, policy_id, 3)  # given back to the customer
    # 5.04 taken back: withheld 5.04 × 11.5 % = 0.5796 → 0.58, net 4.46
    last = (await ledger(seeded, policy_id))[-1]
    assert (last.kind, last.gross, last.withholding, last.amount) == (
        "storno", Decimal("-5.04"), Decimal("-0.58"), Decimal("-4.46"),
    )  # fmt: skip
    assert "appendice 3" in last.description


async def test_a_change_without_premium_adds_no_receipt(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    moved = await _endorse(clients, seeded, policy_id, subtype="indirizzo",
                           details={"address": "Via Roma 1, Milano"})  # fmt: skip
    assert moved.status_code == 201, moved.text
    assert moved.json()["change"]["price"]["tot"] == 0
    assert len(await rows_of(seeded, policy_id)) == 1


async def test_a_preview_saves_nothing(clients: ClientFactory, seeded: Runtime) -> None:
    policy_id = await make_policy(seeded)
    # −100.00 a year for 184 days: 50.4109… → −50.41
    seen = await _endorse(clients, seeded, policy_id, annualDifference=-100, preview=True)
    assert seen.status_code == 200, seen.text
    assert seen.json()["change"]["price"]["tot"] == -50.41
    assert await changes(seeded, policy_id) == []


async def test_a_cancelled_policy_takes_no_endorsement(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded)
    body = {"cancelledOn": "2026-04-10", "reason": "demolizione"}
    path = f"/api/polizze/{policy_id}/annullamento"
    assert (await call(clients, seeded, "admin", "POST", path, body)).status_code == 201
    late = await _endorse(clients, seeded, policy_id, annualPremium=1464)
    assert late.status_code == 400
    assert late.json()["error"]["message"] == "La polizza è già stata annullata il 10/04/2026"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"effectiveOn": "2025-06-01"}, "La data deve cadere nel periodo della polizza"),
        ({"effectiveOn": "2027-01-01"}, "La data deve cadere nel periodo della polizza"),
        ({"annualPremium": 1, "annualDifference": 1}, "non entrambi"),
        ({"annualPremium": -5}, "annualPremium"),
        ({"annualPremium": "1464"}, "annualPremium"),
        ({"annualPremium": 1e12}, "annualPremium"),
        ({"annualDifference": -2000}, "Il nuovo premio annuo non può essere negativo"),
        ({"subtype": "astronave"}, "subtype"),
        ({"details": {"newPlate": "X" * 13}}, "newPlate"),
        ({"details": {"segreto": 1}}, "Campo non previsto"),
        ({"effectiveOn": 7}, "effectiveOn"),
    ],
)
async def test_bad_endorsements_are_refused_and_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any], message: str
) -> None:
    policy_id = await make_policy(seeded)
    answer = await _endorse(clients, seeded, policy_id, **body)
    assert answer.status_code == 400, answer.text
    assert message in answer.text
    assert len(await rows_of(seeded, policy_id)) == 1
    assert await changes(seeded, policy_id) == []


@pytest.mark.parametrize("who", ["responsabile", "agente", "subagente", "segnalatore"])
async def test_only_admins_endorse(clients: ClientFactory, seeded: Runtime, who: str) -> None:
    policy_id = await make_policy(seeded)
    body = {"subtype": "veicolo", "effectiveOn": "2026-07-01", "annualPremium": 1464}
    answer = await call(clients, seeded, who, "POST", _path(policy_id), body)
    assert answer.status_code == 403, (who, answer.text)
    other = await call(clients, seeded, "admin", "POST", _path(policy_id), body, "rcadealer")
    assert other.status_code == 404
    assert await changes(seeded, policy_id) == []


async def test_a_single_payment_policy_keeps_its_state_beside_an_endorsement(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy_id = await make_policy(seeded, "UNICO", paid=0)
    up = await _endorse(clients, seeded, policy_id, annualPremium=1464)
    assert up.status_code == 201, up.text
    assert up.json()["policy"]["rate"][0]["n"] == 1  # the receipt, the policy's first row
    await _pay(clients, seeded, policy_id, 1)  # the endorsement's 123.00 collected
    policy = (await call(clients, seeded, "admin", "GET", f"/api/polizze/{policy_id}")).json()
    assert policy["paid"]["v"] is False  # the single payment itself is still due
    await _pay(clients, seeded, policy_id, 0)  # and can still be collected
    credits = sorted(e.gross for e in await ledger(seeded, policy_id))
    assert credits == [Decimal("5.04"), Decimal("50.00")]
