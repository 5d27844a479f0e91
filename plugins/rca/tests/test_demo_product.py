"""The demo RC Auto product where the tenant offers RCA (plugins/rca/demo_product.py): one plain
product of the motor liability ramo with the vehicle's fields, taken over from core's demo
portfolio rather than doubled, its demo quote a valid one whose certificate derives a class,
and seeding again changing nothing."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from sqlalchemy import func, select

from core.api import DemoContext, models, tenant_scope
from core.testing import CallFailed, Live, Runtime, tenants_offering, user_ids
from plugins.rca.demo_product import COMPANIES, FIELDS, certificate, seed_rca_product, with_fields
from plugins.rca.rules.cu import AtrYear, cu_class

RCA_FIELDS = {"nome", "cf", "targa", "marcamodello", "immatricolazione", "atr", "pa", "massimale"}


async def _plain(runtime: Runtime, tenant: str) -> list[models.Product]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(models.Product).where(models.Product.line.is_(None))
            )
            return list(found.scalars())


async def _demo_quote(runtime: Runtime, tenant: str, product_id: str) -> models.Quote:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            found = await session.execute(
                select(models.Quote).where(models.Quote.product_id == product_id)
            )
            quotes = [q for q in found.scalars() if any(e["_id"] == "atr" for e in q.usr_data)]
    assert len(quotes) == 1, "one demo quote carries a risk certificate"
    return quotes[0]


async def _counts(runtime: Runtime, tenant: str) -> tuple[int, int]:
    with tenant_scope(tenant):
        async with runtime.db.session() as session:
            products = await session.execute(select(func.count(models.Product.id)))
            quotes = await session.execute(select(func.count(models.Quote.id)))
            return int(products.scalar_one()), int(quotes.scalar_one())


async def test_one_rc_auto_of_the_motor_ramo_where_the_tenant_offers_rca(seeded: Runtime) -> None:
    offering = tenants_offering(seeded, "rca")
    assert sorted(offering) == ["assicurapp_dev", "rcadealer"]
    for tenant in offering:
        rc = [p for p in await _plain(seeded, tenant) if p.name == "RC Auto"]
        assert len(rc) == 1, f"{tenant}: core's RC Auto taken over, not doubled"
        product = rc[0]
        assert product.ramo == "rca"
        assert product.active
        ids = [field["_id"] for field in product.fields]
        assert set(ids) >= RCA_FIELDS
        assert len(ids) == len(set(ids))
        types = {field["_id"]: field["type"] for field in product.fields}
        assert {key: types[key] for key in ("targa", "atr", "pa", "massimale")} == {
            "targa": "targa", "atr": "atr", "pa": "pa", "massimale": "massimale",
        }  # fmt: skip
        assert set(COMPANIES) <= set(product.companies)
        for terms in product.companies.values():
            assert set(terms) == {"provv", "istruttoria", "qMin", "qMax"}
            assert 0 < terms["qMin"] < terms["qMax"]


async def test_a_tenant_without_rca_keeps_cores_product_as_it_was(seeded: Runtime) -> None:
    assert "assicurapp" not in tenants_offering(seeded, "rca")
    rc = [p for p in await _plain(seeded, "assicurapp") if p.name == "RC Auto"]
    assert len(rc) == 1
    assert rc[0].ramo is None
    assert "UnipolSai" not in rc[0].companies
    with tenant_scope("assicurapp"):
        async with seeded.db.session() as session:
            quotes = (await session.execute(select(models.Quote))).scalars().all()
    assert not any(e["_id"] == "atr" for q in quotes for e in q.usr_data or [])


async def test_the_demo_quote_carries_the_vehicle_and_a_certificate(seeded: Runtime) -> None:
    product = next(p for p in await _plain(seeded, "rcadealer") if p.name == "RC Auto")
    quote = await _demo_quote(seeded, "rcadealer", product.id)
    ids = await user_ids(seeded, "rcadealer")
    assert quote.agent_id == ids["agente"]
    assert quote.type is None
    assert quote.status == "In attesa di quotazione"
    values = {entry["_id"]: entry["value"] for entry in quote.usr_data}
    assert values["targa"]["value"] == "AB123CD"
    assert values["marcamodello"] == {"brand": "Fiat", "model": "Panda 1.0 Hybrid"}
    assert values["immatricolazione"] == {"isNew": False, "date": "2019-03-14"}
    assert values["pa"]["isInsured"] is True
    atr = values["atr"]
    assert len(atr["years"]) == 5
    assert atr["total"] == 3


def test_the_certificate_derives_class_15_through_both_kinds_of_responsibility() -> None:
    atr = certificate(date(2026, 5, 10))
    assert list(atr["years"]) == ["2021", "2022", "2023", "2024", "2025"]
    history = [
        AtrYear(int(year), entry, ())
        if isinstance(entry, int)
        else AtrYear(int(year), entry["principali"], tuple(entry["paritarie"]))
        for year, entry in atr["years"].items()
    ]
    found = cu_class(history)
    assert found.cu_class == 15
    assert len(found.steps) == 6
    assert "80%" in found.steps[-1]


async def test_the_demo_quotes_values_are_what_the_product_takes(live: Live) -> None:
    """The demo quote's customer data, sent back through createQuote, passes the checks of the
    product's fields (the atr with responsibility among them)."""
    runtime = live.runtime
    product = next(p for p in await _plain(runtime, "rcadealer") if p.name == "RC Auto")
    quote = await _demo_quote(runtime, "rcadealer", product.id)
    usr_data = [{"_id": e["_id"], "value": e["value"]} for e in quote.usr_data]
    agent = await live.logged_in("rcadealer", "agente")
    created = await agent.invoke("createQuote", {"pId": product.id, "usrData": usr_data})
    assert isinstance(created["_id"], str)
    bad = [
        {**entry, "value": {"years": {"2024": {"principali": 0, "paritarie": [60]}}}}
        if entry["_id"] == "atr"
        else entry
        for entry in usr_data
    ]
    with pytest.raises(CallFailed, match="tra 1% e 50%"):
        await agent.invoke("createQuote", {"pId": product.id, "usrData": bad})
    huge: dict[str, Any] = {"years": {str(1900 + i): 0 for i in range(200)}}
    with pytest.raises(CallFailed, match="al massimo 10 anni"):
        await agent.invoke(
            "createQuote",
            {"pId": product.id, "usrData": [*usr_data[:2], {"_id": "atr", "value": huge}]},
        )


async def test_seeding_again_changes_nothing(seeded: Runtime) -> None:
    for tenant in (*tenants_offering(seeded, "rca"), "assicurapp"):
        before = await _counts(seeded, tenant)
        fields = {p.id: p.fields for p in await _plain(seeded, tenant)}
        runtime_tenant = next(t for t in seeded.tenants if t.id == tenant)
        with tenant_scope(tenant):
            async with seeded.db.session() as session:
                ctx = DemoContext(
                    runtime_tenant, session, await user_ids(seeded, tenant), seeded.settings
                )
                await seed_rca_product(ctx)
        assert await _counts(seeded, tenant) == before
        assert {p.id: p.fields for p in await _plain(seeded, tenant)} == fields


def test_fields_are_added_once_and_never_replaced() -> None:
    mine = [{"_id": "nome", "name": "Nominativo", "type": "text"}]
    merged = with_fields(mine, FIELDS)
    assert merged[0] == {"_id": "nome", "name": "Nominativo", "type": "text"}
    assert [f["_id"] for f in merged] == [f["_id"] for f in FIELDS]
    assert with_fields(merged, FIELDS) == merged
    assert with_fields([], []) == []
