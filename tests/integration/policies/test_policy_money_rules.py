"""A policy's money at issue on hand-picked figures: the premium and its split, the company
commission on the net premium shared by agent, parent, referrer and platform, the rates kept,
the instalments, and the rates and referrer read from the users' own records."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

from core.context import tenant_scope
from core.db import models as m
from core.domain.commissions.rules import Rates
from core.domain.policies.money import (
    instalment_of,
    price_from_quote,
    price_policy,
    rates_for,
    referrer_of,
    set_premium,
)
from core.domain.policies.schedule import Rata
from core.domain.taxes.split import Line, Premium, Tax
from core.runtime import Runtime

TENANT = "assicurapp"
START = date(2026, 3, 31)
# 1.000,00 net of fire insurance and 222,50 of tax on it: 1.222,50
FIRE = Premium(
    (Line("incendio", Decimal("1000.00")),),
    (Tax("incendio", "Imposta", Decimal("22.25"), Decimal("1000.00"), Decimal("222.50")),),
)


def test_the_premium_and_its_split_are_set() -> None:
    policy = m.Policy()
    set_premium(policy, FIRE)
    assert (policy.premium, policy.net_premium, policy.tax_total) == (
        Decimal("1222.50"), Decimal("1000.00"), Decimal("222.50")
    )  # fmt: skip
    assert (policy.ramo, policy.tax_derived) == ("incendio", False)
    assert policy.taxes == [
        {"ramo": "incendio", "label": "Imposta", "rate": 22.25, "base": 1000, "amount": 222.5}
    ]


def test_the_commission_is_shared_and_scheduled() -> None:
    policy = m.Policy(frequency="SEM")
    rates = Rates(Decimal(20), Decimal(30), Decimal(5))
    shares, instalments = price_policy(policy, FIRE, Decimal(10), rates, "seg1", START)
    # 10 % of the net 1.000,00 = 100,00: agent 20 % = 20,00, parent 30 − 20 = 10 % = 10,00,
    # referrer 5 % = 5,00, the platform the other 65,00
    assert (shares.commission, shares.agent, shares.parent, shares.referrer, shares.platform) == (
        Decimal("100.00"), Decimal("20.00"), Decimal("10.00"), Decimal("5.00"), Decimal("65.00")
    )  # fmt: skip
    assert (policy.commission, policy.agent_total, policy.parent_total) == (
        Decimal("100.00"), Decimal("20.00"), Decimal("10.00")
    )  # fmt: skip
    assert (policy.referrer_id, policy.referrer_total) == ("seg1", Decimal("5.00"))
    assert policy.rates == {"company": "10", "agent": "20", "parent": "30", "referrer": "5"}
    assert policy.premium == Decimal("1222.50")
    # half-yearly from 31/03: 611,25 (500,00 + 111,25) on 31/03 and on 30/09
    assert instalments == [
        Rata(1, date(2026, 3, 31), Decimal("611.25"), Decimal("10.00"), Decimal("50.00"),
             Decimal("5.00"), Decimal("2.50"), Decimal("500.00"), Decimal("111.25")),
        Rata(2, date(2026, 9, 30), Decimal("611.25"), Decimal("10.00"), Decimal("50.00"),
             Decimal("5.00"), Decimal("2.50"), Decimal("500.00"), Decimal("111.25")),
    ]  # fmt: skip


def test_a_referrer_at_zero_is_kept_and_none_is_none() -> None:
    zero = m.Policy(frequency="UNICO")
    shares, instalments = price_policy(
        zero, FIRE, Decimal(10), Rates(Decimal(20), None, Decimal(0)), "seg1", START
    )
    assert (zero.referrer_id, zero.referrer_total, shares.referrer) == (
        "seg1",
        Decimal(0),
        Decimal(0),
    )
    assert zero.rates == {"company": "10", "agent": "20", "referrer": "0"}
    assert instalments == []
    nobody = m.Policy(frequency="ANN")
    price_policy(nobody, FIRE, Decimal(10), Rates(Decimal(20)), "seg1", START)
    assert (nobody.referrer_id, nobody.parent_total) == (None, Decimal(0))
    assert nobody.rates == {"company": "10", "agent": "20"}


def test_an_instalment_row_carries_every_amount_unpaid() -> None:
    rata = Rata(2, date(2026, 9, 30), Decimal("611.25"), Decimal("10.00"), Decimal("50.00"),
                Decimal("5.00"), Decimal("2.50"), Decimal("500.00"), Decimal("111.25"))  # fmt: skip
    row = instalment_of(rata, TENANT)
    assert (row.number, row.cassa_date, row.total, row.net, row.tax) == (
        2, date(2026, 9, 30), Decimal("611.25"), Decimal("500.00"), Decimal("111.25")
    )  # fmt: skip
    assert (row.agent_total, row.commission, row.parent_total, row.referrer_total) == (
        Decimal("10.00"), Decimal("50.00"), Decimal("5.00"), Decimal("2.50")
    )  # fmt: skip
    assert row.paid is False
    assert row.tenant_id == TENANT
    assert instalment_of(rata).tenant_id is None


def test_rates_come_from_each_users_record_for_the_product() -> None:
    agent = m.User(provv={"default": 12, "auto": {"provvEmissione": 15}})
    parent = m.User(provv={"default": 25})
    referrer = m.User(provv=None)
    assert rates_for(agent, parent, referrer, "auto") == Rates(Decimal(15), Decimal(25), Decimal(0))
    assert rates_for(agent, None, None, "casa") == Rates(Decimal(12), None, None)
    assert rates_for(None, None, None, "auto") == Rates(Decimal(0), None, None)


async def test_the_referrer_is_the_agents_else_the_parents(runtime: Runtime) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = m.User(email="a@prova.it", role={"a": {"type": "agente"}})
            parent = m.User(email="p@prova.it", role={"a": {"type": "agente"}})
            session.add_all([agent, parent])
            await session.flush()
            of_parent = m.User(email="s1@prova.it", role={"segnalatore": True},
                               referred_user_ids=[parent.id])  # fmt: skip
            of_agent = m.User(email="s2@prova.it", role={"segnalatore": True},
                              referred_user_ids=[parent.id, agent.id])  # fmt: skip
            not_a_referrer = m.User(email="x@prova.it", role={"admin": True},
                                    referred_user_ids=[agent.id, parent.id])  # fmt: skip
            session.add_all([of_parent, of_agent, not_a_referrer])
            await session.flush()
            found = await referrer_of(session, (agent.id, parent.id))
            assert found is not None
            assert found.id == of_agent.id
            found = await referrer_of(session, (None, parent.id))
            assert found is not None
            assert found.id == of_parent.id
            assert await referrer_of(session, ("nessuno", None)) is None


async def test_a_policy_issued_from_a_quote_is_priced_from_its_people(runtime: Runtime) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            parent = m.User(email="p@prova.it", role={"a": {"type": "agente"}},
                            provv={"default": 30})  # fmt: skip
            session.add(parent)
            await session.flush()
            agent = m.User(email="a@prova.it", role={"a": {"type": "agente", "aId": parent.id}},
                           provv={"default": 12})  # fmt: skip
            product = m.Product(name="Casa")
            session.add_all([agent, product])
            await session.flush()
            agent.provv = {"default": 12, product.id: {"provvEmissione": 20}}
            referrer = m.User(email="s@prova.it", role={"segnalatore": True},
                              referred_user_ids=[agent.id], provv={"default": 5})  # fmt: skip
            session.add(referrer)
            await session.flush()
            quote = m.Quote(agent_id=agent.id, parent_agent_id=parent.id, product_id=product.id,
                            status="Preventivato")  # fmt: skip
            session.add(quote)
            await session.flush()
            policy = m.Policy(frequency="SEM", agent_id=agent.id)
            shares = await price_from_quote(session, policy, quote, FIRE, Decimal(10), START)
            assert (shares.agent, shares.parent, shares.referrer) == (
                Decimal("20.00"), Decimal("10.00"), Decimal("5.00")
            )  # fmt: skip
            assert policy.referrer_id == referrer.id
            assert [(r.number, r.cassa_date, r.total, r.paid) for r in policy.instalments] == [
                (1, date(2026, 3, 31), Decimal("611.25"), False),
                (2, date(2026, 9, 30), Decimal("611.25"), False),
            ]
            assert {r.tenant_id for r in policy.instalments} == {TENANT}
            alone = m.Quote(agent_id=None, status="Preventivato")
            session.add(alone)
            await session.flush()
            unowned = m.Policy(frequency="ANN")
            shares = await price_from_quote(session, unowned, alone, FIRE, Decimal(10), START)
            assert (shares.agent, shares.parent, shares.referrer, unowned.referrer_id) == (
                Decimal(0), Decimal(0), Decimal(0), None
            )  # fmt: skip


async def test_of_two_referrers_of_an_agent_the_first_by_id_is_taken(runtime: Runtime) -> None:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            agent = m.User(email="a@prova.it", role={"a": {"type": "agente"}})
            session.add(agent)
            await session.flush()
            referrers = [
                m.User(email=f"s{n}@prova.it", role={"segnalatore": True},
                       referred_user_ids=[agent.id])
                for n in range(4)
            ]  # fmt: skip
            session.add_all(referrers)
            await session.flush()
            found = await referrer_of(session, (agent.id,))
            assert found is not None
            assert found.id == min(r.id for r in referrers)
