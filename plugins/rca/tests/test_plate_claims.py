"""A plate's page lists the claims the office registered on its policies and the certificate
years they make, for the CU calculator; only those the user may see (the claims' agent-tree
rule), the HTTP detail and the call alike."""

from __future__ import annotations

from typing import Any

from core.api import rome_day, utcnow
from core.testing import Live, ScClient, headers_for, user_id
from plugins.rca.tests.records import TENANT, issued_policy

ROUTE = "/api/targhe/"


async def _claim(
    office: ScClient, policy_id: str, responsibility: str, status: str, **facts: Any
) -> dict[str, Any]:  # fmt: skip
    """A claim opened on the policy and brought to ``status`` with ``responsibility``."""
    opened: dict[str, Any] = await office.invoke("apriSinistro", {
        "policyId": policy_id, "eventDate": "2026-05-10", "description": "Tamponamento",
        **facts,
    })  # fmt: skip
    await office.invoke("aggiornaSinistro", {
        "claimId": opened["_id"], "responsibility": responsibility, "status": status,
        "paid": 1200,
    })  # fmt: skip
    return opened


async def test_settled_claims_fill_the_certificate_years(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    policy = await issued_policy(live, admin, "GK482TR", "RCA-11")
    main = await _claim(admin, policy["_id"], "principale", "liquidato")
    # three vehicles, equal fault: a third each, 33 %
    three = [{"name": "Luca Neri", "plate": "EF456GH"}, {"name": "Anna Riva", "plate": "FG567HJ"}]
    await _claim(admin, policy["_id"], "paritaria", "liquidato", counterparties=three)
    await _claim(admin, policy["_id"], "principale", "in_istruttoria")  # not settled: no count
    await _claim(admin, policy["_id"], "nessuna", "liquidato")  # not at fault: no count
    [plate] = (await admin.invoke("rca.targhe.cerca", {"q": "GK48"}))["targhe"]
    detail = await admin.invoke("rca.targhe.dettaglio", {"_id": plate["_id"]})
    year = rome_day(utcnow()).year
    assert detail["atrSinistri"] == [{"anno": year, "principali": 1, "paritarie": [33]}]
    assert len(detail["sinistri"]) == 4
    [shown] = [c for c in detail["sinistri"] if c["_id"] == main["_id"]]
    assert shown == {
        "_id": main["_id"], "data": "2026-05-10", "stato": "liquidato",
        "responsabilita": "principale", "liquidato": 1200,
        "liquidatoIl": rome_day(utcnow()).isoformat(), "polizza": "RCA-11",
        "policyId": policy["_id"],
    }  # fmt: skip
    # the HTTP twin says the same
    async with live.http(TENANT) as http:
        headers = await headers_for(live.runtime, TENANT, "admin")
        answer = await http.get(f"{ROUTE}{plate['_id']}", headers=headers)
    assert answer.status_code == 200
    assert answer.json()["atrSinistri"] == detail["atrSinistri"]


async def test_a_plate_moved_to_a_sub_agent_does_not_show_them_the_trees_claims(
    live: Live,
) -> None:
    admin = await live.logged_in(TENANT, "admin")
    policy = await issued_policy(live, admin, "GK483TR", "RCA-12")
    await _claim(admin, policy["_id"], "principale", "liquidato")
    [plate] = (await admin.invoke("rca.targhe.cerca", {"q": "GK48"}))["targhe"]
    agent = await live.logged_in(TENANT, "agente")  # the policy's tree: sees its claim
    theirs = await agent.invoke("rca.targhe.dettaglio", {"_id": plate["_id"]})
    assert [c["responsabilita"] for c in theirs["sinistri"]] == ["principale"]
    # the plate filed under the sub-agent, who sees their own records only: the plate, and
    # none of the claims on the agent's policy
    sub_id = await user_id(live.runtime, TENANT, "subagente")
    await admin.invoke("rca.targhe.salva", {"_id": plate["_id"], "aId": sub_id})
    sub = await live.logged_in(TENANT, "subagente")
    seen = await sub.invoke("rca.targhe.dettaglio", {"_id": plate["_id"]})
    assert (seen["targa"], seen["sinistri"], seen["atrSinistri"]) == ("GK483TR", [], [])
    async with live.http(TENANT) as http:
        headers = await headers_for(live.runtime, TENANT, "subagente")
        answer = (await http.get(f"{ROUTE}{plate['_id']}", headers=headers)).json()
    assert (answer["sinistri"], answer["atrSinistri"]) == ([], [])
