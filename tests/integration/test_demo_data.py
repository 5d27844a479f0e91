"""Demo data: every tenant gets the accounts and a portfolio of its own, once."""

from __future__ import annotations

from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from sqlalchemy import func, select

from core.context import tenant_scope
from core.db import models as m
from core.demo.seed import ACCOUNTS, seed_demo
from core.domain.quotes import statuses
from core.runtime import Runtime


async def _counts(runtime: Runtime, tenant: str) -> dict[str, int]:
    counts: dict[str, int] = {}
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            for model in (m.User, m.Quote, m.Policy, m.Instalment, m.Client, m.Document, m.Chat):
                total = await session.execute(select(func.count()).select_from(model))
                counts[model.__tablename__] = int(total.scalar_one())
    return counts


async def test_seeding_twice_changes_nothing(seeded: Runtime) -> None:
    before = {t.id: await _counts(seeded, t.id) for t in seeded.tenants}
    await seed_demo(seeded)
    after = {t.id: await _counts(seeded, t.id) for t in seeded.tenants}
    assert before == after
    for counts in after.values():
        assert counts["users"] == len(ACCOUNTS)


async def test_each_tenant_has_a_believable_portfolio(seeded: Runtime) -> None:
    soon = date.today() + timedelta(days=16)
    for tenant in seeded.tenants:
        with tenant_scope(tenant.id):
            async with seeded.db.session() as session:
                quotes = (await session.execute(select(m.Quote))).scalars().all()
                policies = (await session.execute(select(m.Policy))).scalars().all()
                users = {u.email: u for u in (await session.execute(select(m.User))).scalars()}
        seen = {q.status for q in quotes if q.type is None}
        assert {s.name for s in statuses.DEFAULT_STATUSES} <= seen
        assert any(q.archived for q in quotes)
        assert any(q.emission_requested_at for q in quotes)
        assert any(p.end_date and p.end_date <= soon for p in policies)
        assert all(p.instalments for p in policies)
        assert users["subagente@demo.it"].parent_agent_id == users["agente@demo.it"].id
        assert {q.tenant_id for q in quotes} == {tenant.id}
        lines = {q.type for q in quotes} - {None}
        extra = {p for p in tenant.products if seeded.product_lines[p].extra_product}
        assert lines == extra


async def test_demo_agent_has_the_tenants_extra_products(seeded: Runtime) -> None:
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            agent = (
                await session.execute(select(m.User).where(m.User.email == "agente@demo.it"))
            ).scalar_one()
    assert sorted(agent.extra_products) == ["noleggio-auto", "prestiti"]


async def test_demo_customers_pass_the_checks_a_new_quote_gets(seeded: Runtime) -> None:
    """Every customer's Codice Fiscale or Partita IVA in the demo data is a valid one, so a
    quote can be created for any demo customer as it is."""
    from core.domain.products.fields.fiscal import is_codice_fiscale, is_partita_iva

    for tenant in seeded.tenants:
        with tenant_scope(tenant.id):
            async with seeded.db.session() as session:
                quotes = (await session.execute(select(m.Quote))).scalars().all()
        codes = {e["value"] for q in quotes for e in q.usr_data if e.get("type") == "cf"}
        assert codes
        for code in codes:
            assert is_codice_fiscale(code) or is_partita_iva(code), code


async def test_demo_policies_paid_in_full_read_paid(seeded: Runtime) -> None:
    """A seeded policy whose instalments are all paid is paid, as a payment in the app makes
    it; one with an instalment to come is not (it showed 'Da pagare' while fully paid)."""
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            policies = (await session.execute(select(m.Policy))).scalars().all()
    in_full = [p for p in policies if all(r.paid for r in p.instalments)]
    open_ = [p for p in policies if not all(r.paid for r in p.instalments)]
    assert in_full
    assert open_
    for policy in in_full:
        assert policy.paid
        assert policy.paid_at == max(r.paid_at for r in policy.instalments if r.paid_at)
    assert not any(p.paid or p.paid_at for p in open_)


async def test_the_demo_referrer_earns_by_his_own_record(seeded: Runtime) -> None:
    """The referrer's rate is on his record, so a policy issued in the app pays him as a
    seeded one does: 2% of the company commission of every policy of the agent he refers."""
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            users = {u.email: u for u in (await session.execute(select(m.User))).scalars()}
            policies = (await session.execute(select(m.Policy))).scalars().all()
    referrer = users["segnalatore@demo.it"]
    assert referrer.provv == {"default": 2}
    agent = users["agente@demo.it"].id
    referred = [p for p in policies if agent in (p.agent_id, p.parent_agent_id)]
    assert referred
    for policy in referred:
        assert policy.referrer_id == referrer.id
        assert policy.rates["referrer"] == "2"
        # 2% of the commission, to the cent (the commission is at most a few hundred euros)
        two_percent = (policy.commission * 2 / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)
        assert policy.referrer_total == two_percent
