"""``GET /api/cerca``: the top bar's search finds, group by group, what each list shows the
user (clients, quotes, policies, claims), within the tenant; worked cases on the demo data."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory, user_ids
from tests.integration.quotes.helpers import owned_by_account
from tests.integration.search.helpers import demo_clients, ids_of, kinds, search_as

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
EVERY_KIND = ["cliente", "preventivo", "polizza", "sinistro"]


async def _add_client(
    runtime: Runtime, tenant: str, agent: str | None, name: str, code: str
) -> str:
    """A client of ``agent``'s tree (a demo account), first written by it, with no quote or
    policy."""
    agent_id = (await user_ids(runtime, tenant))[agent] if agent else None
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            client = m.Client(
                name=name, fiscal_code=code, agent_id=agent_id, owner_agent_id=agent_id,
                email="neri@example.it", phone="+39 347 9081726", data={},
            )  # fmt: skip
            session.add(client)
            await session.commit()
            return client.id


async def test_an_agent_finds_its_client_by_fiscal_code(
    clients: ClientFactory, seeded: Runtime
) -> None:
    own = next(c for c in await demo_clients(seeded, TENANT) if c.agents == {"agente"})
    answer = await search_as(clients, seeded, "agente", own.fiscal_code.lower())
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert kinds(body) == EVERY_KIND
    [hit] = body["groups"][0]["results"]
    assert hit == {
        "kind": "cliente", "id": own.id, "title": own.name, "subtitle": hit["subtitle"],
        "path": f"/clienti/{own.id}",
    }  # fmt: skip
    assert hit["subtitle"].startswith(own.fiscal_code)


async def test_another_agents_client_is_not_found_but_the_admin_finds_it(
    clients: ClientFactory, seeded: Runtime
) -> None:
    other = await _add_client(seeded, TENANT, "admin", "Marta Neri", "NREMRT70A41H501X")
    for q in ("NREMRT70A41H501X", "Marta Neri", "neri@example", "9081726"):
        assert ids_of((await search_as(clients, seeded, "agente", q)).json(), "cliente") == set()
        assert other in ids_of((await search_as(clients, seeded, "admin", q)).json(), "cliente")


async def test_a_partita_iva_an_email_and_a_phone_find_the_client(
    clients: ClientFactory, seeded: Runtime
) -> None:
    company = next(c for c in await demo_clients(seeded, TENANT) if c.fiscal_code.isdigit())
    found = (await search_as(clients, seeded, "admin", company.fiscal_code)).json()
    assert ids_of(found, "cliente") == {company.id}
    added = await _add_client(seeded, TENANT, "agente", "Marta Neri", "NREMRT70A41H501X")
    for q in ("NEri@Example.IT", "347 9081726"):
        assert ids_of((await search_as(clients, seeded, "agente", q)).json(), "cliente") == {added}


async def test_a_sub_agent_finds_only_its_tree(clients: ClientFactory, seeded: Runtime) -> None:
    demo = await demo_clients(seeded, TENANT)
    parents_only = next(c for c in demo if c.agents == {"agente"})
    own = next(c for c in demo if c.agents == {"subagente"})
    missed = (await search_as(clients, seeded, "subagente", parents_only.fiscal_code)).json()
    assert all(group["results"] == [] for group in missed["groups"])
    assert kinds(missed) == EVERY_KIND
    found = (await search_as(clients, seeded, "subagente", own.name)).json()
    assert ids_of(found, "cliente") == {own.id}
    policies = await owned_by_account(seeded, TENANT, m.Policy)
    quotes = await owned_by_account(seeded, TENANT, m.Quote)
    assert ids_of(found, "polizza") <= policies["subagente"]
    assert ids_of(found, "preventivo") <= quotes["subagente"]
    assert ids_of(found, "polizza") | ids_of(found, "preventivo")


async def test_the_admin_finds_nothing_of_another_tenant(
    clients: ClientFactory, seeded: Runtime
) -> None:
    elsewhere = await _add_client(seeded, "rcadealer", None, "Ottavio Lontano", "LNTTTV60A01F205Z")
    for q in ("Ottavio Lontano", "LNTTTV60A01F205Z"):
        here = (await search_as(clients, seeded, "admin", q)).json()
        assert all(group["results"] == [] for group in here["groups"])
        there = (await search_as(clients, seeded, "admin", q, tenant="rcadealer")).json()
        assert ids_of(there, "cliente") == {elsewhere}


async def test_policies_are_found_by_number_and_claims_by_customer(
    clients: ClientFactory, seeded: Runtime
) -> None:
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            claim = (await session.execute(select(m.Claim).order_by(m.Claim.id))).scalars().first()
            assert claim is not None
            assert claim.policy_number
    found = (await search_as(clients, seeded, "admin", claim.policy_number.lower())).json()
    assert claim.policy_id in ids_of(found, "polizza")
    assert claim.id in ids_of(found, "sinistro")
    hit = next(g for g in found["groups"] if g["kind"] == "polizza")["results"][0]
    assert hit["path"] == f"/polizza/{hit['id']}"
    assert hit["title"]
    by_customer = (await search_as(clients, seeded, "admin", claim.customer)).json()
    assert claim.id in ids_of(by_customer, "sinistro")
    claim_hit = next(g for g in by_customer["groups"] if g["kind"] == "sinistro")["results"][0]
    assert claim_hit["path"] == f"/sinistri/{claim_hit['id']}"


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("admin", EVERY_KIND),
        ("responsabile", ["preventivo", "polizza", "sinistro"]),
        ("segnalatore", ["preventivo", "polizza", "sinistro"]),
    ],
)
async def test_each_role_gets_the_groups_of_the_lists_it_opens(
    clients: ClientFactory, seeded: Runtime, who: str, expected: list[str]
) -> None:
    answer = await search_as(clients, seeded, who, "Bianchi")
    assert answer.status_code == 200, answer.text
    assert kinds(answer.json()) == expected


async def test_a_role_without_the_lists_is_refused(clients: ClientFactory, seeded: Runtime) -> None:
    answer = await search_as(clients, seeded, "dipendente", "Bianchi")
    assert answer.status_code == 403
    assert answer.json()["error"]["message"] == "Operazione non consentita per il tuo ruolo"
    async with clients(TENANT) as client:
        assert (await client.get("/api/cerca", params={"q": "Bianchi"})).status_code == 401


async def test_the_limit_caps_each_group(clients: ClientFactory, seeded: Runtime) -> None:
    answer = (await search_as(clients, seeded, "admin", "Bianchi", limit=1)).json()
    assert all(len(group["results"]) <= 1 for group in answer["groups"])
    assert any(group["results"] for group in answer["groups"])
