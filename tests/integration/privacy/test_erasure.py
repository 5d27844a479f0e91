"""Art. 17 erasure over HTTP: admins only; what the retention duties keep stays, listed with
the rule and the date (worked out here by hand); everything else is anonymised; a policy in
force refuses it and changes nothing; asking twice changes nothing more."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.privacy import controllers
from core.runtime import Runtime
from core.testing import ClientFactory, headers_for
from tests.integration.privacy.helpers import TENANT, make_giulia

pytestmark = pytest.mark.usefixtures("seeded")
TODAY = date(2026, 11, 29)


@pytest.fixture(autouse=True)
def _today(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(controllers, "today_in_rome", lambda: TODAY)


async def _erase(
    clients: ClientFactory, runtime: Runtime, who: str, client_id: str, tenant: str = TENANT
) -> Any:
    async with clients(tenant) as client:
        headers = await headers_for(runtime, tenant, who)
        return await client.post(f"/api/privacy/clients/{client_id}/erasure", headers=headers)


async def _get(runtime: Runtime, model: Any, record_id: str) -> Any:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return await session.get(model, record_id)


async def test_erasure_keeps_what_the_law_keeps_and_anonymises_the_rest(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded)
    answer = await _erase(clients, seeded, "admin", g.client)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    # the policy ended 31/03/2020: art. 2220 c.c. and D.Lgs. 231/2007 art. 31 keep it ten
    # years, to 31/03/2030; its quote and its document with it; the claim of 15/01/2020 ten
    # years after the event (15/01/2030) but never before its policy: 31/03/2030; the
    # identification data as long as the policy; no consent was ever recorded: no history
    # to keep
    kept = {(k["kind"], k["id"]): k["until"] for k in body["kept"]}
    assert kept == {
        ("polizza", g.policy_kept): "2030-03-31",
        ("preventivo", g.quote_kept): "2030-03-31",
        ("sinistro", g.claim_kept): "2030-03-31",
        ("documento", g.doc_policy): "2030-03-31",
        ("cliente", g.client): "2030-03-31",
    }
    reasons = {k["kind"]: k["reason"] for k in body["kept"]}
    assert "art. 2220 c.c." in reasons["polizza"]
    assert "231/2007 art. 31" in reasons["polizza"]
    assert "2952" in reasons["sinistro"]
    # the policy ended 30/06/2014 was kept to 30/06/2024: past, so anonymised; so its claim
    # (event 01/05/2014, ten years: 01/05/2024); the quote with no policy and its document
    anonymised = {(a["kind"], a["id"]) for a in body["anonymised"]}
    assert anonymised == {
        ("polizza", g.policy_old), ("sinistro", g.claim_old), ("preventivo", g.quote_alone),
        ("documento", g.doc_quote), ("cliente", g.client),
    }  # fmt: skip
    client = await _get(seeded, m.Client, g.client)
    assert (client.name, client.fiscal_code) == ("Giulia Verdi", "VRDGLI80A41H501X")
    assert (client.email, client.phone) == (None, None)
    assert set(client.data) == {"address", "idType", "idNumber", "erasedAt"}  # no PEC
    alone = await _get(seeded, m.Quote, g.quote_alone)
    assert (alone.usr_data, alone.car) == ([], {})
    assert (await _get(seeded, m.Quote, g.quote_kept)).usr_data[0]["value"] == "Giulia Verdi"
    assert (await _get(seeded, m.Policy, g.policy_old)).pr["usrData"] == []
    assert (await _get(seeded, m.Policy, g.policy_kept)).pr["usrData"] != []
    assert (await _get(seeded, m.Claim, g.claim_old)).customer == ""
    assert (await _get(seeded, m.Claim, g.claim_kept)).customer == "Giulia Verdi"
    assert await _get(seeded, m.Document, g.doc_quote) is None
    assert await _get(seeded, m.Document, g.doc_policy) is not None
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            audit = (
                (
                    await session.execute(
                        select(m.AuditEntry).where(m.AuditEntry.entity_id == g.client)
                    )
                )
                .scalars()
                .all()
            )
    assert audit
    assert not any("giulia@example.it" in str(e.changes) for e in audit)

    again = await _erase(clients, seeded, "admin", g.client)
    assert again.status_code == 200, again.text
    assert again.json()["again"] is True
    assert again.json()["kept"] == body["kept"]
    assert again.json()["erasedAt"] == body["erasedAt"]


async def test_a_client_with_no_contract_is_anonymised_whole(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, policies=False)
    async with clients(TENANT) as client:
        headers = await headers_for(seeded, TENANT, "agente")
        path = f"/api/privacy/clients/{g.client}/consents"
        await client.post(path, headers=headers, json={"kind": "marketing", "given": True})
    answer = await _erase(clients, seeded, "admin", g.client)
    assert answer.status_code == 200, answer.text
    assert [(k["kind"], k["until"]) for k in answer.json()["kept"]] == [("consensi", "2036-11-29")]
    client = await _get(seeded, m.Client, g.client)
    assert (client.name, client.fiscal_code, client.email, client.phone) == (
        "Cliente cancellato", None, None, None,
    )  # fmt: skip
    assert set(client.data) == {"erasedAt"}
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            consents = (
                (await session.execute(select(m.PrivacyConsent).order_by(m.PrivacyConsent.at)))
                .scalars()
                .all()
            )
    # the marketing consent given is revoked by the erasure; profiling, never given, untouched
    assert [(c.kind, c.given, c.channel) for c in consents] == [
        ("marketing", True, "agente"), ("marketing", False, "cancellazione"),
    ]  # fmt: skip


async def test_a_policy_in_force_refuses_the_erasure_and_changes_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, in_force_until=date(2027, 1, 1))
    answer = await _erase(clients, seeded, "admin", g.client)
    assert answer.status_code == 409
    assert "P-NOW in vigore fino al 01/01/2027" in answer.json()["error"]["message"]
    client = await _get(seeded, m.Client, g.client)
    assert client.email == "giulia@example.it"
    assert (await _get(seeded, m.Quote, g.quote_alone)).usr_data != []


@pytest.mark.parametrize("who", ["responsabile", "agente", "subagente", "dipendente"])
async def test_only_admins_erase(clients: ClientFactory, seeded: Runtime, who: str) -> None:
    g = await make_giulia(seeded, policies=False)
    answer = await _erase(clients, seeded, who, g.client)
    assert answer.status_code == 403
    assert (await _get(seeded, m.Client, g.client)).email == "giulia@example.it"


async def test_another_tenant_and_bad_ids_find_nothing(
    clients: ClientFactory, seeded: Runtime
) -> None:
    g = await make_giulia(seeded, policies=False)
    assert (await _erase(clients, seeded, "admin", g.client, "rcadealer")).status_code == 404
    assert (await _erase(clients, seeded, "admin", "x" * 40)).status_code == 404
    assert (await _erase(clients, seeded, "admin", "nessuno")).status_code == 404
    assert (await _get(seeded, m.Client, g.client)).email == "giulia@example.it"
