"""``/api/sinistri``: claims opened on a policy, followed by the office, seen by the agent-tree
rule, per role and tenant; the refusals change nothing."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.i18n import today_in_rome
from core.push.sender import Push
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.quotes.helpers import owned_by_account

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


async def _call(
    clients: ClientFactory, runtime: Runtime, who: str, method: str, path: str, body: Any = None,
    tenant: str = TENANT,
) -> Any:  # fmt: skip
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        if body is None:
            return await client.request(method, path, headers=headers)
        return await client.request(method, path, headers=headers, json=body)


async def _policy_of(runtime: Runtime, who: str) -> str:
    """A demo policy whose agent is ``who``, in cover today."""
    today = today_in_rome()
    owned = await owned_by_account(
        runtime, TENANT, m.Policy, m.Policy.start_date <= today - timedelta(days=10),
        m.Policy.end_date >= today,
    )  # fmt: skip
    return sorted(owned[who])[0]


def _facts(policy_id: str, **changes: Any) -> dict[str, Any]:
    yesterday = today_in_rome() - timedelta(days=1)
    return {
        "policyId": policy_id, "eventDate": yesterday.isoformat(), "place": "Milano, via Torino",
        "description": "Tamponamento al semaforo",
        "counterparties": [{"name": "Mario Rossi", "plate": "AB123CD", "vehicle": "Fiat Panda",
                            "company": "Generali"}],
        **changes,
    }  # fmt: skip


async def _count(runtime: Runtime) -> int:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return int((await session.execute(select(func.count(m.Claim.id)))).scalar_one())


async def _open(clients: ClientFactory, runtime: Runtime, who: str = "agente") -> dict[str, Any]:
    policy = await _policy_of(runtime, "agente")
    response = await _call(clients, runtime, who, "POST", "/api/sinistri", _facts(policy))
    assert response.status_code == 201, response.text
    claim: dict[str, Any] = response.json()
    return claim


async def test_the_agent_opens_a_claim_on_its_policy(
    clients: ClientFactory, seeded: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    pushed: list[Push] = []

    def send(push: Push) -> bool:
        pushed.append(push)
        return True

    monkeypatch.setattr(seeded.push, "send", send)
    claim = await _open(clients, seeded)
    yesterday = today_in_rome() - timedelta(days=1)
    assert claim["status"] == "aperto"
    assert claim["openedBy"] == "agente"
    assert claim["eventDate"] == claim["knownOn"] == yesterday.isoformat()
    assert date.fromisoformat(claim["reportBy"]) >= yesterday + timedelta(days=3)
    assert claim["limitation"].startswith(str(yesterday.year + 2))
    assert claim["counterparties"][0]["plate"] == "AB123CD"
    assert [entry["status"] for entry in claim["history"]] == ["aperto"]
    assert claim["customer"]  # the policy's customer, copied
    # the office hears of it once it is committed
    assert [(p.title, p.url, p.office) for p in pushed] == [
        ("Nuovo sinistro", f"/sinistri/{claim['_id']}", (claim["aId"], claim["agId"]))
    ]


async def test_each_role_sees_its_tree(clients: ClientFactory, seeded: Runtime) -> None:
    claim = await _open(clients, seeded)
    path = f"/api/sinistri/{claim['_id']}"
    for who in ("admin", "responsabile", "agente"):
        response = await _call(clients, seeded, who, "GET", path)
        assert response.status_code == 200, who
        listed = await _call(clients, seeded, who, "GET", "/api/sinistri")
        assert claim["_id"] in {c["_id"] for c in listed.json()}, who
    # the sub-agent does not see its parent's own claims; the employee does not see claims
    refused = await _call(clients, seeded, "subagente", "GET", path)
    assert refused.status_code == 404
    assert refused.json()["error"]["message"] == "Sinistro non trovato"
    assert (await _call(clients, seeded, "subagente", "GET", "/api/sinistri")).json() == []
    assert (await _call(clients, seeded, "dipendente", "GET", "/api/sinistri")).status_code == 403
    other = await _call(clients, seeded, "admin", "GET", path, tenant="rcadealer")
    assert other.status_code == 404


async def test_a_policy_outside_the_tree_takes_no_claim(
    clients: ClientFactory, seeded: Runtime
) -> None:
    parents = await _policy_of(seeded, "agente")
    response = await _call(clients, seeded, "subagente", "POST", "/api/sinistri", _facts(parents))
    assert response.status_code == 404
    assert response.json()["error"]["message"] == "Polizza non trovata"
    other = await _call(
        clients, seeded, "admin", "POST", "/api/sinistri", _facts(parents), tenant="rcadealer"
    )
    assert other.status_code == 404
    assert await _count(seeded) == 0


async def test_the_office_takes_it_up_and_the_history_follows(
    clients: ClientFactory, seeded: Runtime
) -> None:
    claim = await _open(clients, seeded)
    path = f"/api/sinistri/{claim['_id']}"
    waiting = await _call(clients, seeded, "admin", "GET", "/api/sinistri/alert-count")
    assert waiting.json() == {"count": 1}
    taken = await _call(
        clients, seeded, "admin", "PATCH", path,
        {"companyClaimNumber": " GEN-2026-777 ", "status": "in_istruttoria", "reserve": 1500.5,
         "responsibility": "paritaria"},
    )  # fmt: skip
    assert taken.status_code == 200, taken.text
    body = taken.json()
    assert body["companyClaimNumber"] == "GEN-2026-777"
    assert body["reportedOn"] == today_in_rome().isoformat()  # the number means it was reported
    assert (body["status"], body["reserve"], body["responsibility"]) == (
        "in_istruttoria", 1500.5, "paritaria",
    )  # fmt: skip
    assert [entry["status"] for entry in body["history"]] == ["aperto", "in_istruttoria"]
    waiting = await _call(clients, seeded, "admin", "GET", "/api/sinistri/alert-count")
    assert waiting.json() == {"count": 0}
    paid = await _call(
        clients, seeded, "responsabile", "PATCH", path, {"status": "liquidato", "paid": 1320}
    )
    assert paid.json()["paid"] == 1320
    # closed: it may only be reopened under review, never sent back to 'aperto'
    back = await _call(clients, seeded, "admin", "PATCH", path, {"status": "aperto"})
    assert back.status_code == 400
    assert back.json()["error"]["message"] == ("Un sinistro «Liquidato» non può passare a «Aperto»")
    reopened = await _call(clients, seeded, "admin", "PATCH", path, {"status": "in_istruttoria"})
    assert [e["status"] for e in reopened.json()["history"]][-1] == "in_istruttoria"


async def test_the_agent_corrects_the_facts_only_while_the_claim_waits(
    clients: ClientFactory, seeded: Runtime
) -> None:
    claim = await _open(clients, seeded)
    path = f"/api/sinistri/{claim['_id']}"
    fixed = await _call(clients, seeded, "agente", "PATCH", path, {"place": "Milano, viale Monza"})
    assert fixed.json()["place"] == "Milano, viale Monza"
    office = await _call(clients, seeded, "agente", "PATCH", path, {"status": "in_istruttoria"})
    assert office.status_code == 403
    assert "Solo l'ufficio" in office.json()["error"]["message"]
    await _call(clients, seeded, "admin", "PATCH", path, {"status": "in_istruttoria"})
    locked = await _call(clients, seeded, "agente", "PATCH", path, {"place": "Roma"})
    assert locked.status_code == 400
    assert "in carico alla compagnia" in locked.json()["error"]["message"]
    now = await _call(clients, seeded, "agente", "GET", path)
    assert now.json()["place"] == "Milano, viale Monza"


async def test_filters(clients: ClientFactory, seeded: Runtime) -> None:
    first = await _open(clients, seeded)
    second = await _open(clients, seeded, who="admin")
    await _call(clients, seeded, "admin", "PATCH", f"/api/sinistri/{second['_id']}",
                {"status": "respinto"})  # fmt: skip
    waiting = await _call(clients, seeded, "admin", "GET", "/api/sinistri?waiting=true")
    assert [c["_id"] for c in waiting.json()] == [first["_id"]]
    closed = await _call(clients, seeded, "admin", "GET", "/api/sinistri?closed=true")
    assert [c["_id"] for c in closed.json()] == [second["_id"]]
    by_status = await _call(clients, seeded, "admin", "GET", "/api/sinistri?status=respinto")
    assert [c["_id"] for c in by_status.json()] == [second["_id"]]
    assert second["openedBy"] == "ufficio"
    searched = await _call(clients, seeded, "admin", "GET", "/api/sinistri?q=via%20TORINO")
    assert {c["_id"] for c in searched.json()} == {first["_id"], second["_id"]}
    none = await _call(clients, seeded, "admin", "GET", "/api/sinistri?q=100%25")
    assert none.json() == []
    bad = await _call(clients, seeded, "admin", "GET", "/api/sinistri?status=chiuso")
    assert bad.status_code == 400


TOMORROW = (date.today() + timedelta(days=2)).isoformat()

BAD_OPENINGS = [
    ({"eventDate": TOMORROW}, "La data del sinistro non può essere futura"),
    ({"knownOn": "2000-01-01"}, "La data in cui se ne è avuta notizia non può precedere"),
    ({"eventDate": "1990-05-01"}, "anteriore alla decorrenza della polizza"),
    ({"thirdPartyClaimOn": "2000-01-01"}, "La richiesta del terzo non può precedere il sinistro"),
    ({"thirdPartyClaimOn": TOMORROW}, "La richiesta del terzo non può essere futura"),
    ({"thirdPartyClaimOn": "9999-12-31"}, "La richiesta del terzo non può essere futura"),
    ({"description": "   "}, "Deve avere almeno 1 caratteri"),
    ({"counterparties": [{}]}, "Indica almeno il nome o la targa di ogni controparte"),
    ({"counterparties": [{"vehicle": "Fiat", "name": "  "}]}, "almeno il nome o la targa"),
    ({"description": ""}, "Deve avere almeno 1 caratteri"),
    ({"description": "x" * 4001}, "Deve avere al massimo 4000 caratteri"),
    ({"counterparties": [{"name": "x"}] * 6}, "Dati non validi"),
    ({"counterparties": [{"name": "x", "iban": "IT00"}]}, "Campo non previsto"),
    ({"eventDate": "ieri"}, "Dati non validi"),
    ({"eventDate": None}, "Dati non validi"),
    ({"extra": 1}, "Campo non previsto"),
]


@pytest.mark.parametrize(("change", "message"), BAD_OPENINGS)
async def test_bad_openings_are_refused_in_italian(
    clients: ClientFactory, seeded: Runtime, change: dict[str, Any], message: str
) -> None:
    policy = await _policy_of(seeded, "agente")
    response = await _call(clients, seeded, "agente", "POST", "/api/sinistri",
                           _facts(policy, **change))  # fmt: skip
    assert response.status_code == 400, response.text
    assert message in response.json()["error"]["message"] + str(response.json())
    assert await _count(seeded) == 0


BAD_UPDATES = [
    ({}, 400, "Nessuna modifica indicata"),
    ({"reserve": "1500"}, 400, "Deve essere un numero"),
    ({"reserve": -1}, 400, "Dati non validi"),
    ({"paid": 0.001}, 400, "Dati non validi"),
    ({"paid": 1e12}, 400, "Dati non validi"),
    ({"status": "chiuso"}, 400, "Dati non validi"),
    ({"responsibility": "totale"}, 400, "Dati non validi"),
    ({"reportedOn": TOMORROW}, 400, "La data della denuncia non può essere futura"),
    ({"reportedOn": "2000-01-01"}, 400, "La denuncia non può precedere"),
    ({"companyClaimNumber": "x" * 101}, 400, "Deve avere al massimo 100 caratteri"),
    ({"thirdPartyClaimOn": "9998-06-01"}, 400, "La richiesta del terzo non può essere futura"),
    ({"description": " "}, 400, "Deve avere almeno 1 caratteri"),
]


@pytest.mark.parametrize(("body", "status", "message"), BAD_UPDATES)
async def test_bad_updates_change_nothing(
    clients: ClientFactory, seeded: Runtime, body: dict[str, Any], status: int, message: str
) -> None:
    claim = await _open(clients, seeded)
    path = f"/api/sinistri/{claim['_id']}"
    response = await _call(clients, seeded, "admin", "PATCH", path, body)
    assert response.status_code == status, response.text
    assert message in response.json()["error"]["message"] + str(response.json())
    after = (await _call(clients, seeded, "admin", "GET", path)).json()
    assert after == claim


async def test_a_status_refused_after_other_fields_keeps_them_unchanged(
    clients: ClientFactory, seeded: Runtime
) -> None:
    claim = await _open(clients, seeded)
    path = f"/api/sinistri/{claim['_id']}"
    await _call(clients, seeded, "admin", "PATCH", path, {"status": "respinto"})
    refused = await _call(clients, seeded, "admin", "PATCH", path,
                          {"reserve": 900, "status": "liquidato"})  # fmt: skip
    assert refused.status_code == 400
    assert (await _call(clients, seeded, "admin", "GET", path)).json()["reserve"] == 0


@pytest.mark.parametrize("claim_id", ["altro", "x" * 300])
async def test_an_unknown_claim_is_not_found(
    clients: ClientFactory, seeded: Runtime, claim_id: str
) -> None:
    for method, body in (("GET", None), ("PATCH", {"place": "Roma"})):
        response = await _call(clients, seeded, "admin", method, f"/api/sinistri/{claim_id}", body)
        assert response.status_code == 404, response.text
        assert response.json()["error"]["message"] == "Sinistro non trovato"


async def test_the_day_learned_and_the_report_move_forward_together(
    clients: ClientFactory, seeded: Runtime
) -> None:
    claim = await _open(clients, seeded)  # the event and the day learned: yesterday
    path = f"/api/sinistri/{claim['_id']}"
    today = today_in_rome().isoformat()
    yesterday = (today_in_rome() - timedelta(days=1)).isoformat()
    reported = await _call(clients, seeded, "admin", "PATCH", path, {"reportedOn": yesterday})
    assert reported.status_code == 200, reported.text
    both = await _call(clients, seeded, "admin", "PATCH", path,
                       {"knownOn": today, "reportedOn": today})  # fmt: skip
    assert both.status_code == 200, both.text
    assert (both.json()["knownOn"], both.json()["reportedOn"]) == (today, today)
