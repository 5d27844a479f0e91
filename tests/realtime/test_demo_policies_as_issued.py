"""Demo data follows the app's rules: each seeded policy is what issuing its quote's offer
through the app produces — the same premium split, commission, shares and instalments."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.testing import Live, user_ids
from tests.realtime.policy_records import load_policy, new_quote

TENANT = "assicurapp"


async def _seeded(live: Live, owner: str) -> tuple[m.Policy, dict[str, Any]]:
    """The seeded policy of demo account ``owner`` and the offer it was issued from."""
    ids = await user_ids(live.runtime, TENANT)
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.Policy).where(m.Policy.agent_id == ids[owner]).order_by(m.Policy.id)
            policy = (await session.execute(stmt)).scalars().first()
            assert policy is not None
            quote = await session.get(m.Quote, policy.quote_id)
            assert quote is not None
            return policy, quote.price["company"]["Allianz"]


def _money(policy: m.Policy) -> dict[str, Any]:
    return {
        "premium": policy.premium, "net": policy.net_premium, "tax": policy.tax_total,
        "taxes": policy.taxes, "ramo": policy.ramo, "derived": policy.tax_derived,
        "commission": policy.commission, "agent": policy.agent_total,
        "parent": policy.parent_total, "referrer": policy.referrer_total, "rates": policy.rates,
        "referrer_id": policy.referrer_id, "frequency": policy.frequency,
        "instalments": [
            (r.number, r.cassa_date, r.total, r.net, r.tax, r.commission, r.agent_total,
             r.parent_total, r.referrer_total)
            for r in policy.instalments
        ],
    }  # fmt: skip


@pytest.mark.parametrize("owner", ["agente", "subagente"])
async def test_a_seeded_policy_is_what_issuing_its_offer_makes(live: Live, owner: str) -> None:
    seeded, offer = await _seeded(live, owner)
    assert not seeded.tax_derived  # a real split, not one read back from a gross
    assert seeded.tax_total > 0
    admin = await live.logged_in(TENANT, "admin")
    agent = await live.logged_in(TENANT, owner)
    quote_id = await new_quote(live.runtime, TENANT, owner)
    lines = [{"ramo": line["ramo"], "net": line["net"], "province": line["province"]}
             for line in offer["lines"]]  # fmt: skip
    await admin.invoke("quotaPreventivo", {
        "pId": quote_id, "company": "Allianz", "lines": lines, "note": offer["note"],
        "frazionamento": seeded.frequency,
    })  # fmt: skip
    await agent.invoke("richiediEmissione", {"pId": quote_id, "company": "Allianz"})
    assert seeded.start_date is not None
    assert seeded.end_date is not None
    issued = await admin.invoke("emettiPolizza", {
        "pId": quote_id, "number": f"APP-{owner}", "startDate": seeded.start_date.isoformat(),
        "endDate": seeded.end_date.isoformat(), "paymentMethod": seeded.payment_method,
        "confirmPastStart": True,
    })  # fmt: skip
    made = await load_policy(live.runtime, TENANT, issued["_id"])
    assert _money(made) == _money(seeded)
    assert made.tax_total == sum((Decimal(str(t["amount"])) for t in made.taxes), Decimal(0))
