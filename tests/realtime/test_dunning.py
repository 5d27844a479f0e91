"""Dunning over the socket: ``inviaSollecito`` (the twin of ``POST
/api/polizze/insolute/sollecito``) by the agent-tree, tenant and role rules, not twice within an
hour, refusing bad input; and ``salvaImpostazioni`` bounding the tenant's reminder days."""

from __future__ import annotations

from datetime import timedelta

import pytest

from core.i18n import today_in_rome
from core.testing import CallFailed, Live
from tests.integration.dunning.helpers import EMAIL, TENANT, all_paid, outbox, owe, policies_of


async def test_a_reminder_sent_now_over_the_socket(live: Live) -> None:
    runtime = live.runtime
    await all_paid(runtime)
    [policy_id, paid] = await policies_of(runtime, "agente", 2)
    due = today_in_rome() - timedelta(days=2)
    await owe(runtime, policy_id, 2, due, total="45.00")
    body = {"policyId": policy_id, "n": 2}
    sub = await live.logged_in(TENANT, "subagente")
    with pytest.raises(CallFailed, match=r"^Polizza non trovata$"):
        await sub.invoke("inviaSollecito", body)
    stranger = await live.logged_in("rcadealer", "admin")
    with pytest.raises(CallFailed, match=r"^Polizza non trovata$"):
        await stranger.invoke("inviaSollecito", body)
    employee = await live.logged_in(TENANT, "dipendente")
    with pytest.raises(CallFailed, match="non consentita per il tuo ruolo"):
        await employee.invoke("inviaSollecito", body)
    anonymous = await live.client(TENANT)
    await anonymous.handshake()
    with pytest.raises(CallFailed, match="effettua l'accesso"):
        await anonymous.invoke("inviaSollecito", body)
    agent = await live.logged_in(TENANT, "agente")
    for bad in (["non", "un", "oggetto"], {"policyId": policy_id}, {"policyId": policy_id, "n": -1},
                {"policyId": policy_id, "n": 2.5}, {"policyId": "", "n": 2}):  # fmt: skip
        with pytest.raises(CallFailed, match=r"^Dati non validi"):
            await agent.invoke("inviaSollecito", bad)
    with pytest.raises(CallFailed, match=r"^La rata è già pagata"):
        await agent.invoke("inviaSollecito", {"policyId": paid, "n": 2})
    assert await outbox(runtime) == []
    sent = await agent.invoke("inviaSollecito", body)
    assert sent["to"] == EMAIL
    admin = await live.logged_in(TENANT, "admin")
    with pytest.raises(CallFailed, match=r"^Sollecito già inviato alle "):
        await admin.invoke("inviaSollecito", body)
    [mail] = await outbox(runtime)
    # 2 days late, 45,00 €: in cover until 24:00 of the fifteenth day after the due date
    assert f"45,00 €, è scaduta il {due:%d/%m/%Y}" in mail.text
    assert f"sospesa dalle 24:00 del {due + timedelta(days=15):%d/%m/%Y}" in mail.text


async def test_the_reminder_days_over_the_socket(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.invoke("salvaImpostazioni", {"solleciti": [0, 10], "sollecitiEmail": False})
    for bad, message in (
        (list(range(-8, 1)), "Al massimo 8 solleciti"),
        ([200], "Giorno di sollecito non valido: 200"),
        ([3, 3], "Giorno di sollecito ripetuto: 3"),
        (["3"], "I giorni di sollecito sono numeri interi"),
        ("3", "Dati non validi"),
    ):
        with pytest.raises(CallFailed, match=message):
            await admin.invoke("salvaImpostazioni", {"solleciti": bad})
    agent = await live.logged_in(TENANT, "agente")
    with pytest.raises(CallFailed, match=r"^Operazione non consentita per il tuo ruolo$"):
        await agent.invoke("salvaImpostazioni", {"solleciti": [1]})
