"""``/api/users``: who may change, suspend and delete whom, each change validated and audited;
the agents' overview per role; nothing crosses tenants (SPEC §3, §6)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.people.helpers import TENANT, call, demo_ids, message, stored_user

pytestmark = pytest.mark.usefixtures("seeded")


async def test_an_admin_makes_a_sub_agent_with_rates_and_withholding(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await demo_ids(seeded)
    body = {
        "role": {"a": {"type": "agente", "aId": ids["agente"]}},
        "provv": {"default": 10, "noleggio-auto": {"provvEmissione": 12.5}},
        "info": {"ritenuta": 23},
        "name": "Sergio Nuovo",
    }
    response = await call(
        clients, seeded, "admin", "PATCH", f"/api/users/{ids['segnalatore']}", body
    )
    assert response.status_code == 200, response.text
    payload = response.json()
    assert payload["role"] == {"a": {"type": "agente", "aId": ids["agente"]}}
    assert payload["provv"] == {"default": 10.0, "noleggio-auto": {"provvEmissione": 12.5}}
    assert payload["info"]["ritenuta"] == 23
    user = await stored_user(seeded, ids["segnalatore"])
    assert user is not None
    assert (user.parent_agent_id, user.name, str(user.ritenuta)) == (
        ids["agente"], "Sergio Nuovo", "23.00",
    )  # fmt: skip
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            audit = (
                await session.execute(
                    select(m.AuditEntry).where(
                        m.AuditEntry.entity_id == ids["segnalatore"],
                        m.AuditEntry.action == "update",
                    )
                )
            ).scalars().all()  # fmt: skip
    assert any(e.actor_id == ids["admin"] and "role" in e.changes for e in audit)


@pytest.mark.parametrize(
    ("who", "target", "body", "status", "text"),
    [
        ("agente", "subagente", {"name": "X"}, 403, "Operazione non consentita per il tuo ruolo"),
        (
            "responsabile",
            "agente",
            {"name": "X"},
            403,
            "Operazione non consentita per il tuo ruolo",
        ),
        ("segnalatore", "agente", {"name": "X"}, 403, "Operazione non consentita per il tuo ruolo"),
        ("dipendente", "admin", {"name": "X"}, 403, "ruolo superiore al tuo"),
        ("dipendente", "responsabile", {"name": "X"}, 403, "ruolo superiore al tuo"),
        ("dipendente", "agente", {"role": {"admin": True}}, 403, "Non puoi assegnare questo ruolo"),
        ("dipendente", "agente", {"role": {"e": True}}, 403, "Non puoi assegnare questo ruolo"),
        ("admin", "admin", {"role": {"e": True}}, 409, "togliere a te stesso"),
        ("admin", "agente", {"role": {"a": {"aId": "AGENTE"}}}, 409, "se stesso"),
        ("admin", "agente", {"role": {"segnalatore": True}}, 409, "ha una sua rete"),
        ("admin", "segnalatore", {"role": {"a": {"aId": "SUBAGENTE"}}}, 400, "di riferimento"),
        ("admin", "agente", {"role": {"capo": True}}, 400, "Dati non validi"),
        ("admin", "agente", {"role": {}}, 400, "Dati non validi"),
        ("admin", "agente", {"extraProducts": ["yacht"]}, 400, "Prodotto extra sconosciuto: yacht"),
        ("admin", "agente", {"users": ["nobody"]}, 400, "Utente segnalato inesistente: nobody"),
        ("admin", "agente", {"provv": {"default": 101}}, 400, "tra 0 e 100"),
        ("admin", "agente", {"provv": {"default": "10"}}, 400, "tra 0 e 100"),
        ("admin", "agente", {"provv": {"nessuno": {"provvEmissione": 5}}}, 400, "sconosciuto"),
        ("admin", "agente", {"info": {"ritenuta": -1}}, 400, "Dati non validi"),
        ("admin", "agente", {"name": ""}, 400, "Dati non validi"),
        ("admin", "agente", {"password_hash": "x"}, 400, "Campo non previsto"),
    ],
)
async def test_changes_are_refused_with_a_reason_and_nothing_saved(
    clients: ClientFactory,
    seeded: Runtime,
    who: str,
    target: str,
    body: dict[str, Any],
    status: int,
    text: str,
) -> None:
    ids = await demo_ids(seeded)
    body = _with_ids(body, ids)
    before = await stored_user(seeded, ids[target])
    response = await call(clients, seeded, who, "PATCH", f"/api/users/{ids[target]}", body)
    assert response.status_code == status, response.text
    assert text in message(response)
    after = await stored_user(seeded, ids[target])
    assert before is not None
    assert after is not None
    assert (after.name, after.role, after.provv, after.ritenuta, after.extra_products) == (
        before.name, before.role, before.provv, before.ritenuta, before.extra_products,
    )  # fmt: skip


def _with_ids(body: dict[str, Any], ids: dict[str, str]) -> dict[str, Any]:
    agent = body.get("role", {}).get("a")
    if isinstance(agent, dict) and agent.get("aId") in ("AGENTE", "SUBAGENTE"):
        return {"role": {"a": {"aId": ids[agent["aId"].lower()]}}}
    return body


async def test_an_employee_manages_agents_and_referrers(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids = await demo_ids(seeded)
    body = {"role": {"segnalatore": True}, "users": [ids["agente"]]}
    ok = await call(clients, seeded, "dipendente", "PATCH", f"/api/users/{ids['subagente']}", body)
    assert ok.status_code == 200, ok.text
    assert ok.json()["users"] == [ids["agente"]]


async def test_suspend_and_reactivate(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await demo_ids(seeded)
    path = f"/api/users/{ids['agente']}/suspension"
    suspended = await call(clients, seeded, "admin", "PUT", path, {"suspended": True})
    assert suspended.status_code == 200, suspended.text
    assert suspended.json()["suspended"]["by"] == ids["admin"]
    again = await call(clients, seeded, "admin", "PUT", path, {"suspended": True})
    assert (again.status_code, message(again)) == (409, "Utente già sospeso")
    refused = await call(clients, seeded, "agente", "GET", "/api/auth/me")
    assert refused.status_code == 403
    assert "sospeso il" in message(refused)
    back = await call(clients, seeded, "admin", "PUT", path, {"suspended": False})
    assert back.status_code == 200
    assert "suspended" not in back.json()
    assert (await stored_user(seeded, ids["agente"])).suspended_at is None  # type: ignore[union-attr]
    myself = f"/api/users/{ids['admin']}/suspension"
    own = await call(clients, seeded, "admin", "PUT", myself, {"suspended": True})
    assert (own.status_code, message(own)) == (409, "Non puoi farlo sul tuo stesso utente")
    for bad in ({"suspended": "yes"}, {}, {"suspended": 1}):
        response = await call(clients, seeded, "admin", "PUT", path, bad)
        assert response.status_code == 400, bad
    employee = await call(
        clients, seeded, "dipendente", "PUT", f"/api/users/{ids['admin']}/suspension",
        {"suspended": True},
    )  # fmt: skip
    assert employee.status_code == 403


async def test_delete_a_user(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await demo_ids(seeded)
    agent_cannot = await call(clients, seeded, "agente", "DELETE", f"/api/users/{ids['subagente']}")
    assert agent_cannot.status_code == 403
    own = await call(clients, seeded, "admin", "DELETE", f"/api/users/{ids['admin']}")
    assert own.status_code == 409
    gone = await call(clients, seeded, "admin", "DELETE", f"/api/users/{ids['subagente']}")
    assert gone.status_code == 200, gone.text
    assert await stored_user(seeded, ids["subagente"]) is None
    twice = await call(clients, seeded, "admin", "DELETE", f"/api/users/{ids['subagente']}")
    assert (twice.status_code, message(twice)) == (404, "Utente non trovato")


async def test_nothing_crosses_tenants(clients: ClientFactory, seeded: Runtime) -> None:
    theirs = await demo_ids(seeded, "rcadealer")
    for method, path, body in (
        ("PATCH", f"/api/users/{theirs['agente']}", {"name": "Preso"}),
        ("PUT", f"/api/users/{theirs['agente']}/suspension", {"suspended": True}),
        ("DELETE", f"/api/users/{theirs['agente']}", None),
    ):
        response = await call(clients, seeded, "admin", method, path, body)
        assert (response.status_code, message(response)) == (404, "Utente non trovato"), path
    user = await stored_user(seeded, theirs["agente"], "rcadealer")
    assert user is not None
    assert user.name != "Preso"
    assert user.suspended_at is None
    ids = await demo_ids(seeded)
    foreign_parent = {"role": {"a": {"aId": theirs["agente"]}}}
    response = await call(clients, seeded, "admin", "PATCH", f"/api/users/{ids['segnalatore']}",
                          foreign_parent)  # fmt: skip
    assert response.status_code == 400
    assert message(response) == "Collaboratore di riferimento inesistente"


async def test_the_agents_overview_per_role(clients: ClientFactory, seeded: Runtime) -> None:
    ids = await demo_ids(seeded)
    admin = (await call(clients, seeded, "admin", "GET", "/api/agents")).json()
    assert {a["_id"] for a in admin} >= {ids["agente"], ids["subagente"]}
    sub = next(a for a in admin if a["_id"] == ids["subagente"])
    assert sub["aId"] == ids["agente"]
    assert sub["quotes"] > 0
    employee = (await call(clients, seeded, "dipendente", "GET", "/api/agents")).json()
    assert {a["_id"] for a in employee} == {a["_id"] for a in admin}
    # the overview opens from the users' list (SPEC §6: admin and employee), like its page
    for who in ("responsabile", "agente", "subagente", "segnalatore"):
        answer = await call(clients, seeded, who, "GET", "/api/agents")
        assert answer.status_code == 403, who
