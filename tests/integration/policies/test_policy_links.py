"""The customer's purchase and extension pages behind a policy link (no login): valid,
tampered, expired, another policy or tenant; the payment methods the tenant offers; the
extension request that becomes a quote; the bounds on both."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from core.auth import tokens
from core.context import tenant_scope
from core.db import models as m
from core.domain.policies.links import MAX_EXTENSIONS, PURPOSE
from core.domain.quotes.links import mint_code
from core.runtime import Runtime
from core.testing import ClientFactory

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
IBAN = "IT60X0542811101000000123456"


def _code(runtime: Runtime, tenant: str, policy_id: str, purpose: str = PURPOSE) -> str:
    return mint_code(runtime.settings, runtime.tenants.get(tenant), policy_id, "admin", purpose)  # type: ignore[arg-type]


async def _policies(runtime: Runtime, tenant: str = TENANT) -> list[m.Policy]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = select(m.Policy).order_by(m.Policy.end_date)
            return list((await session.execute(stmt)).scalars())


async def _offer_transfers(runtime: Runtime, iban: str = IBAN) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one_or_none()
            if stored is None:
                stored = m.TenantSettings()
                session.add(stored)
            transfer = {"iban": iban, "intestatario": "Broker Demo S.r.l."}
            terms = {"bonifico": transfer, "agenzia": True}
            stored.data = {**(stored.data or {}), "pagamenti": terms}


async def _page(clients: ClientFactory, tenant: str, policy_id: str, code: str) -> Any:
    async with clients(tenant) as client:
        return await client.get(f"/api/public/policies/{policy_id}/{code}")


async def test_the_page_shows_what_is_bought_and_due_without_the_agent(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await _offer_transfers(seeded, iban="")
    policy = next(p for p in await _policies(seeded) if not all(r.paid for r in p.instalments))
    response = await _page(clients, TENANT, policy.id, _code(seeded, TENANT, policy.id))
    assert response.status_code == 200, response.text
    shown = response.json()
    page = shown["policy"]
    assert (page["number"], page["company"]) == (policy.number, "Allianz")
    assert page["customer"] == " ".join(e["value"] for e in policy.pr["usrData"][:2])
    assert "aId" not in page
    assert "agentTotal" not in page
    assert "quote" not in page
    unpaid = [r for r in page["rate"] if not r["paid"]]
    assert page["dueNow"] > 0
    assert page["dueNow"] >= unpaid[0]["tot"]
    assert shown["methods"] == [{"id": "agenzia"}]  # no IBAN set: no transfer offered


async def test_a_bank_transfer_declared_lands_on_the_policy(
    clients: ClientFactory, seeded: Runtime
) -> None:
    await _offer_transfers(seeded)
    policy = (await _policies(seeded))[1]
    code = _code(seeded, TENANT, policy.id)
    shown = (await _page(clients, TENANT, policy.id, code)).json()
    transfer = shown["methods"][0]
    assert (transfer["id"], transfer["iban"]) == ("bonifico", IBAN)
    assert transfer["causale"] == f"Polizza {policy.number} - Giulia Verdi"
    async with clients(TENANT) as client:
        url = f"/api/public/policies/{policy.id}/{code}/purchase"
        refused = await client.post(url, json={"method": "carta"})
        assert refused.status_code == 400
        done = await client.post(url, json={"method": "bonifico"})
    assert done.status_code == 200, done.text
    stored = next(p for p in await _policies(seeded) if p.id == policy.id)
    assert stored.purchase["method"] == "bonifico"
    assert stored.purchase["amount"] == shown["policy"]["dueNow"]


async def test_codes_of_another_policy_tenant_or_purpose_or_expired_are_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    first, second = (await _policies(seeded))[:2]
    other_tenant = (await _policies(seeded, "rcadealer"))[0]
    cases = [
        (TENANT, first.id, _code(seeded, TENANT, second.id), 403),
        (TENANT, first.id, _code(seeded, TENANT, first.id, "preventivo"), 403),
        (TENANT, first.id, _code(seeded, TENANT, first.id)[:-3] + "abc", 403),
        ("rcadealer", first.id, _code(seeded, TENANT, first.id), 403),
        ("rcadealer", other_tenant.id, _code(seeded, TENANT, other_tenant.id), 403),
        (TENANT, other_tenant.id, _code(seeded, TENANT, other_tenant.id), 404),
    ]
    for tenant, policy_id, code, status in cases:
        response = await _page(clients, tenant, policy_id, code)
        assert response.status_code == status, (tenant, policy_id, response.text)
    expired = tokens.mint(
        seeded.settings.signing_key(), tenant_id=TENANT, subject=first.id, kind=PURPOSE,
        ttl=timedelta(seconds=-1), data={"by": "x"},
    )  # fmt: skip
    assert (await _page(clients, TENANT, first.id, expired)).status_code == 410
    async with clients(TENANT) as client:
        url = f"/api/public/policies/{first.id}/{_code(seeded, TENANT, second.id)}/purchase"
        assert (await client.post(url, json={"method": "agenzia"})).status_code == 403
    assert next(p for p in await _policies(seeded) if p.id == first.id).purchase == {}


async def test_an_extension_request_becomes_a_quote_for_the_admins(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy = (await _policies(seeded))[2]
    url = f"/api/public/policies/{policy.id}/{_code(seeded, TENANT, policy.id)}/extension"
    async with clients(TENANT) as client:
        bad = await client.post(url, json={"kind": "conducente", "note": ""})
        assert bad.status_code == 400
        wrong = await client.post(url, json={"kind": "astronave", "note": "x"})
        assert wrong.status_code == 400
        for n in range(MAX_EXTENSIONS):
            done = await client.post(url, json={"kind": "conducente", "note": f"Figlio {n}"})
            assert done.status_code == 200, done.text
        too_many = await client.post(url, json={"kind": "periodo", "note": "ancora"})
    assert too_many.status_code == 400
    assert "numero massimo" in too_many.json()["error"]["message"]
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quotes = [
                q for q in (await session.execute(select(m.Quote))).scalars()
                if (q.quote or {}).get("extensionOf") == policy.id
            ]  # fmt: skip
    assert len(quotes) == MAX_EXTENSIONS
    quote = quotes[0]
    assert quote.status == "In attesa di quotazione"  # alerts admins and responsabili
    assert (quote.agent_id, quote.client_id) == (policy.agent_id, policy.client_id)
    assert quote.quote["extension"]["kind"] == "conducente"


async def test_a_customer_asks_for_emission_of_a_quote_with_several_offers(
    clients: ClientFactory, seeded: Runtime
) -> None:
    """With several offers the customer's request must name one: without it the request is
    refused and nothing changes; with it the office reads the customer's choice."""
    from core.domain.quotes.links import mint_code as quote_code
    from tests.integration.quotes.helpers import agent_quote

    quote = await agent_quote(seeded, TENANT, test=lambda q: q.emission_requested_at is None)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stored = await session.get(m.Quote, quote.id)
            assert stored is not None
            stored.price = {"company": {"Allianz": {"tot": 500}, "Generali": {"tot": 450}}}
            stored.status = "Preventivato"
    code = quote_code(seeded.settings, seeded.tenants.get(TENANT), quote.id, "admin")  # type: ignore[arg-type]
    url = f"/api/public/quotes/{quote.id}/{code}/emission"
    async with clients(TENANT) as client:
        refused = await client.post(url, json={})
        assert refused.status_code == 400, refused.text
        with tenant_scope(TENANT):
            async with seeded.db.session() as session:
                before = await session.get(m.Quote, quote.id)
        assert before is not None
        assert before.emission_requested_at is None
        answer = await client.post(url, json={"company": "Generali"})
    assert answer.status_code == 200, answer.text
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            after = await session.get(m.Quote, quote.id)
    assert after is not None
    assert after.emission_requested_at is not None
    assert after.quote["emission"]["company"] == "Generali"
    assert after.quote["emission"]["via"] == "link"
