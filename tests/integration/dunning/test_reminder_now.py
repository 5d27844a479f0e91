"""``POST /api/polizze/insolute/sollecito``: a reminder sent now from the overdue list, by the
agent-tree rule, not twice within an hour, refused with a clear message for a paid, set-aside
or unknown instalment, a customer without an e-mail and bad input; and the tenant's reminder
days saved with their bounds."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from core.context import tenant_scope
from core.domain.settings.payload import tenant_data
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for

from .helpers import EMAIL, TENANT, all_paid, marks, outbox, owe, policies_of

pytestmark = pytest.mark.usefixtures("seeded")
PATH = "/api/polizze/insolute/sollecito"


async def _send(
    clients: ClientFactory, runtime: Runtime, who: str, body: Any, tenant: str = TENANT
) -> Any:
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.post(PATH, json=body, headers=headers)


def _message(answer: Any) -> str:
    return str(answer.json()["error"]["message"])


async def test_the_agent_sends_one_and_a_second_waits_an_hour(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await all_paid(seeded)
    [policy_id] = await policies_of(seeded, "agente", 1)
    due = today_in_rome() - timedelta(days=20)
    rate = await owe(seeded, policy_id, 2, due, total="80.10")
    sent = await _send(clients, seeded, "agente", {"policyId": policy_id, "n": 2})
    assert sent.status_code == 200, sent.text
    assert sent.json()["to"] == EMAIL
    [mail] = await outbox(seeded)
    assert f"80,10 €, è scaduta il {due:%d/%m/%Y}" in mail.text
    # 20 days late: suspended from 24:00 of the fifteenth day after the due date
    day15 = due + timedelta(days=15)
    assert f"la copertura è sospesa dalle 24:00 del {day15:%d/%m/%Y}" in mail.text.lower()
    assert f"/acquisto-polizza/{policy_id}?c=" in mail.text
    assert await marks(seeded) == [(rate, None)]
    again = await _send(clients, seeded, "admin", {"policyId": policy_id, "n": 2})
    assert again.status_code == 429
    assert _message(again).startswith("Sollecito già inviato alle ")
    assert len(await outbox(seeded)) == 1


async def test_the_tree_the_tenant_and_the_role_bound_it(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await all_paid(seeded)
    [policy_id] = await policies_of(seeded, "agente", 1)
    await owe(seeded, policy_id, 2, today_in_rome() - timedelta(days=3))
    body = {"policyId": policy_id, "n": 2}
    for who in ("subagente",):  # below the agent: not its policy
        answer = await _send(clients, seeded, who, body)
        assert (answer.status_code, _message(answer)) == (404, "Polizza non trovata")
    other = await _send(clients, seeded, "admin", body, tenant="rcadealer")
    assert (other.status_code, _message(other)) == (404, "Polizza non trovata")
    refused = await _send(clients, seeded, "dipendente", body)
    assert refused.status_code == 403
    async with clients(TENANT) as client:
        assert (await client.post(PATH, json=body)).status_code == 401
    assert await outbox(seeded) == []
    assert (await _send(clients, seeded, "responsabile", body)).status_code == 200


async def test_what_has_nothing_to_remind_is_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await all_paid(seeded)
    paid, sosp, refund, no_mail = await policies_of(seeded, "agente", 4)
    late = today_in_rome() - timedelta(days=5)
    await owe(seeded, sosp, 2, late, info={"SOSP": True, "annullata": "c1"})
    await owe(seeded, refund, 2, late, info={"kind": "rimborso", "change": "c2"})
    await owe(seeded, no_mail, 2, late, email=None)
    cases = [
        ({"policyId": paid, "n": 2}, 400, "La rata è già pagata"),
        ({"policyId": sosp, "n": 2}, 400, "La rata non è da incassare"),
        ({"policyId": refund, "n": 2}, 400, "La rata non è da incassare"),
        ({"policyId": no_mail, "n": 2}, 400, "Il cliente della polizza non ha un indirizzo"),
        ({"policyId": paid, "n": 99}, 404, "Rata non trovata"),
        ({"policyId": "x" * 33, "n": 2}, 400, "Dati non validi"),
        ({"policyId": paid, "n": "2"}, 400, "Dati non validi"),
        ({"policyId": paid, "n": 0}, 400, "Dati non validi"),
        ({"policyId": paid}, 400, "Dati non validi"),
        ({"policyId": paid, "n": 2, "extra": 1}, 400, "Dati non validi"),
        (["non", "un", "oggetto"], 400, "Dati non validi"),
    ]
    for body, status, message in cases:
        answer = await _send(clients, seeded, "agente", body)
        assert answer.status_code == status, (body, answer.text)
        assert _message(answer).startswith(message), (body, answer.text)
    assert await marks(seeded) == []
    assert await outbox(seeded) == []


async def test_the_reminder_days_are_bounded_with_italian_messages(
    clients: ClientFactory, seeded: Runtime
) -> None:
    async with clients(TENANT) as client:
        admin = await headers_for(seeded, TENANT, "admin")

        async def save(body: Any, headers: dict[str, str] = admin) -> Any:
            return await client.put("/api/settings", json=body, headers=headers)

        cases = [
            ({"solleciti": list(range(9))}, "Al massimo 8 solleciti"),
            ({"solleciti": [-61]}, "Giorno di sollecito non valido: -61 (da -60 a 180"),
            ({"solleciti": [181]}, "Giorno di sollecito non valido: 181"),
            ({"solleciti": [7, 0, 7]}, "Giorno di sollecito ripetuto: 7"),
            ({"solleciti": ["7"]}, "I giorni di sollecito sono numeri interi"),
            ({"solleciti": [1.5]}, "I giorni di sollecito sono numeri interi"),
            ({"solleciti": [True]}, "I giorni di sollecito sono numeri interi"),
            ({"solleciti": "7"}, "Dati non validi"),
            ({"sollecitiEmail": "sì"}, "Dati non validi"),
            ({"sollecitiPush": 1}, "Dati non validi"),
        ]
        for body, message in cases:
            answer = await save(body)
            assert answer.status_code == 400, (body, answer.text)
            assert message in _message(answer), (body, answer.text)
        saved = await save({"solleciti": [14, -60, 180, 0], "sollecitiPush": False})
        assert saved.status_code == 200, saved.text
        agent = await headers_for(seeded, TENANT, "agente")
        assert (await save({"solleciti": [1]}, agent)).status_code == 403
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stored = await tenant_data(session, seeded)
    assert stored["solleciti"] == [-60, 0, 14, 180]
    assert (stored["sollecitiEmail"], stored["sollecitiPush"]) == (True, False)


async def test_the_overdue_list_leaves_out_what_is_not_a_premium_due(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await all_paid(seeded)
    owed, refund, sosp = await policies_of(seeded, "agente", 3)
    late = today_in_rome() - timedelta(days=4)
    await owe(seeded, owed, 2, late)
    await owe(seeded, refund, 2, late, total="-40.00", info={"kind": "rimborso", "change": "c"})
    await owe(seeded, sosp, 2, late, info={"SOSP": True, "annullata": "c"})
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "agente")
        rows = (await client.get("/api/polizze/insolute", headers=headers)).json()
    assert [(row["policyId"], row["n"]) for row in rows] == [(owed, 2)]
    assert rows[0]["cover"] == "in_copertura"  # 4 days late: 11 days of grace left
