"""A product's documents reach, live, those who edit products on ``documentiProdotto`` (an
upload shows on every open product page); they are synced with the rest, the current one of
each kind only. Nobody else may subscribe, and another tenant hears nothing."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from core.context import tenant_scope
from core.db import models as m
from core.testing import CallFailed, Live, ScClient, headers_for, heard_before_sentinel

TENANT = "assicurapp"
PDF = b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"
STREAM = "documentiProdotto"


async def _a_product(live: Live) -> str:
    with tenant_scope(TENANT):
        async with live.runtime.db.session() as session:
            stmt = select(m.Product.id).where(m.Product.line.is_(None)).limit(1)
            return str((await session.execute(stmt)).scalar_one())


async def _upload(live: Live, product_id: str, name: str) -> dict[str, object]:
    headers = await headers_for(live.runtime, TENANT, "admin")
    async with live.http(TENANT) as client:
        answer = await client.post(
            f"/api/products/{product_id}/documents", headers=headers, data={"kind": "dip"},
            files={"file.0": (name, PDF + name.encode())},
        )  # fmt: skip
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def _synced(client: ScClient, product_id: str) -> list[str]:
    await client.invoke("getDbData", {STREAM: []})
    batch = await client.published("dbData")
    documents = batch.get(STREAM, {}).values()
    return sorted(d["name"] for d in documents if d["pId"] == product_id)


async def test_an_upload_reaches_those_who_edit_products_and_only_them(live: Live) -> None:
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe(STREAM)
    elsewhere = await live.logged_in("rcadealer", "admin")
    await elsewhere.subscribe(STREAM)
    for who in ("agente", "subagente", "dipendente"):
        client = await live.logged_in(TENANT, who)
        with pytest.raises(CallFailed, match=rf"^Non puoi iscriverti al canale {STREAM}$"):
            await client.subscribe(STREAM)

    product_id = await _a_product(live)
    uploaded = await _upload(live, product_id, "DIP 2026.pdf")
    event = await admin.published(STREAM)
    assert event["operationType"] == "insert"
    assert event["p"] == uploaded
    assert (event["p"]["pId"], event["p"]["kind"]) == (product_id, "dip")
    assert await heard_before_sentinel(live, [elsewhere], "rcadealer") == [{}]


async def test_the_sync_sends_the_current_document_of_each_kind(live: Live) -> None:
    product_id = await _a_product(live)
    admin = await live.logged_in(TENANT, "admin")
    await admin.subscribe("dbData")
    await _upload(live, product_id, "DIP vecchio.pdf")
    await _upload(live, product_id, "DIP nuovo.pdf")
    assert await _synced(admin, product_id) == ["DIP nuovo.pdf"]
    agent = await live.logged_in(TENANT, "agente")
    await agent.subscribe("dbData")
    assert (await agent.invoke("getDbData", {STREAM: []}))["tot"] == 0
    heard = await heard_before_sentinel(live, [agent], TENANT)
    assert not any(STREAM in batch for batch in heard[0].get("dbData", []))
