"""The customer's claim page behind a policy's claim link (no login): what it shows and
hides, the report it takes, and the codes and bounds that refuse the rest."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.domain.claims.links import MAX_OPEN_BY_LINK, PURPOSE
from core.domain.quotes.links import mint_code
from core.i18n import today_in_rome
from core.runtime import Runtime
from core.testing import ClientFactory

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"


def _code(runtime: Runtime, tenant: str, policy_id: str, purpose: str = PURPOSE) -> str:
    return mint_code(runtime.settings, runtime.tenants.get(tenant), policy_id, "admin", purpose)  # type: ignore[arg-type]


async def _policy(runtime: Runtime, tenant: str = TENANT) -> m.Policy:
    """A demo policy in cover since at least ten days."""
    today = today_in_rome()
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            stmt = (
                select(m.Policy)
                .where(m.Policy.start_date <= today - timedelta(days=10))
                .order_by(m.Policy.id)
            )
            return (await session.execute(stmt)).scalars().first()  # type: ignore[return-value]


def _report(**changes: Any) -> dict[str, Any]:
    return {
        "eventDate": (today_in_rome() - timedelta(days=2)).isoformat(),
        "place": "Parcheggio del supermercato", "description": "Urtata in sosta, fanale rotto",
        **changes,
    }  # fmt: skip


async def _claims(runtime: Runtime) -> list[m.Claim]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return list((await session.execute(select(m.Claim))).scalars())


async def test_the_customer_reports_a_claim_and_sees_it_without_the_sale(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy = await _policy(seeded)
    base = f"/api/public/claims/{policy.id}/{_code(seeded, TENANT, policy.id)}"
    async with clients(TENANT) as client:
        page = await client.get(base)
        assert page.status_code == 200, page.text
        shown = page.json()
        assert shown["policy"]["number"] == policy.number
        assert shown["claims"] == []
        reported = await client.post(base, json=_report())
        assert reported.status_code == 201, reported.text
        again = (await client.get(base)).json()
    claim = reported.json()
    assert claim["statusLabel"] == "Aperto"
    assert [c["_id"] for c in again["claims"]] == [claim["_id"]]
    text = str(again)
    for hidden in ("premium", "aId", "agId", "reserve", "paid", "commission", "history"):
        assert f"'{hidden}'" not in text, hidden
    [stored] = await _claims(seeded)
    assert (stored.opened_by, stored.agent_id, stored.policy_id) == (
        "cliente", policy.agent_id, policy.id,
    )  # fmt: skip


async def test_codes_that_do_not_open_this_policy_are_refused(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy = await _policy(seeded)
    other = await _policy(seeded, "rcadealer")
    wrong = [
        (policy.id, "not-a-code"),
        (policy.id, _code(seeded, TENANT, policy.id, purpose="polizza")),  # another kind
        (policy.id, _code(seeded, TENANT, "someone-else")),
        (policy.id, _code(seeded, "rcadealer", policy.id)),  # another tenant's code
        (other.id, _code(seeded, TENANT, other.id)),  # another tenant's policy
        (policy.id, "x" * 3000),
    ]
    async with clients(TENANT) as client:
        for policy_id, code in wrong:
            for response in (
                await client.get(f"/api/public/claims/{policy_id}/{code}"),
                await client.post(f"/api/public/claims/{policy_id}/{code}", json=_report()),
            ):
                assert response.status_code == 404, (code[:40], response.text)
                assert response.json()["error"]["message"] == "Link non valido"
    assert await _claims(seeded) == []


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"eventDate": (today_in_rome() + timedelta(days=1)).isoformat()}, "non può essere futura"),
        ({"description": ""}, "Deve avere almeno 1 caratteri"),
        ({"policyId": "altro"}, "Campo non previsto"),
        ({"counterparties": "tanti"}, "Dati non validi"),
    ],
)
async def test_bad_reports_are_refused_in_italian(
    clients: ClientFactory, seeded: Runtime, change: dict[str, Any], message: str
) -> None:
    policy = await _policy(seeded)
    base = f"/api/public/claims/{policy.id}/{_code(seeded, TENANT, policy.id)}"
    async with clients(TENANT) as client:
        response = await client.post(base, json=_report(**change))
    assert response.status_code == 400, response.text
    assert message in str(response.json())
    assert await _claims(seeded) == []


async def test_a_leaked_link_cannot_flood_the_office(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policy = await _policy(seeded)
    base = f"/api/public/claims/{policy.id}/{_code(seeded, TENANT, policy.id)}"
    async with clients(TENANT) as client:
        for _ in range(MAX_OPEN_BY_LINK):
            assert (await client.post(base, json=_report())).status_code == 201
        refused = await client.post(base, json=_report())
    assert refused.status_code == 400
    assert "contatta l'agenzia" in refused.json()["error"]["message"]
    assert len(await _claims(seeded)) == MAX_OPEN_BY_LINK
