"""One record changed by several requests at once: offers of one quote, a client's contacts,
a user's suspension. Each request reads what the one before it wrote."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.testing import get_user
from tests.integration.races.conftest import LiveHttp, at_once
from tests.realtime.policy_records import new_quote

TENANT = "assicurapp"
COMPANIES = [f"Compagnia {n}" for n in range(6)]


async def test_offers_saved_at_once_are_all_kept(server: LiveHttp) -> None:
    runtime = server.runtime
    quote_id = await new_quote(runtime, TENANT)
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            quote = await session.get(m.Quote, quote_id)
            assert quote is not None
            product = await session.get(m.Product, quote.product_id)
            assert product is not None
            product.companies = {name: {"provv": 8} for name in COMPANIES}
    admins = [await server.live.logged_in(TENANT, "admin") for _ in COMPANIES]
    await at_once(
        admin.invoke("quotaPreventivo", {"pId": quote_id, "company": name, "tot": 500 + n})
        for n, (admin, name) in enumerate(zip(admins, COMPANIES, strict=True))
    )
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stored = await session.get(m.Quote, quote_id)
    assert stored is not None
    offers = stored.price["company"]
    assert sorted(offers) == COMPANIES
    assert [offers[name]["tot"] for name in COMPANIES] == [500, 501, 502, 503, 504, 505]


async def test_contacts_changed_at_once_are_all_kept(server: LiveHttp) -> None:
    runtime = server.runtime
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            client = (await session.execute(select(m.Client).limit(1))).scalar_one()
    changes = [
        {"address": "Via Roma 1, Milano"}, {"pec": "cliente@pec.it"}, {"idType": "patente"},
        {"idNumber": "U1AB23456C"}, {"idExpiry": "2030-05-31"},
    ]  # fmt: skip
    async with await server.as_user(TENANT, "admin@demo.it") as http:
        answers = await at_once(http.patch(f"/api/clients/{client.id}", json=c) for c in changes)
    assert [a.status_code for a in answers] == [200] * len(changes), answers[0].text
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stored = await session.get(m.Client, client.id)
    assert stored is not None
    wanted = {
        "address": "Via Roma 1, Milano", "pec": "cliente@pec.it", "idType": "patente",
        "idNumber": "U1AB23456C", "idExpiry": "2030-05-31",
    }  # fmt: skip
    assert {key: stored.data.get(key) for key in wanted} == wanted


async def test_ten_suspensions_at_once_suspend_once(server: LiveHttp) -> None:
    runtime = server.runtime
    agent = await get_user(runtime, TENANT, "agente@demo.it")
    async with await server.as_user(TENANT, "admin@demo.it") as http:
        answers = await at_once(
            http.put(f"/api/users/{agent.id}/suspension", json={"suspended": True})
            for _ in range(10)
        )
    assert Counter(a.status_code for a in answers) == {200: 1, 409: 9}
    after = await get_user(runtime, TENANT, "agente@demo.it")
    assert after.suspended_at is not None
    assert after.credentials_version == agent.credentials_version + 1
