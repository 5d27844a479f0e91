"""``GET /api/cerca`` beyond one word: a full name in either order, a claim's other party, and
the quotes of the product lines the user works (worked cases on the demo data: Luca Bianchi,
BNCLCU80A01H501Q, plate AB123CD, his claim's other party Marco Neri with FG321HJ, and his
car-rental practices)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import select, update

from core.context import tenant_scope
from core.db import models as m
from core.runtime import Runtime
from core.testing import ClientFactory
from tests.integration.search.helpers import ids_of, search_as

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
CODE = "BNCLCU80A01H501Q"
LINE = "noleggio-auto"


async def _rows(runtime: Runtime, model: Any, *where: Any) -> list[Any]:
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            return list((await session.execute(select(model).where(*where))).scalars())


def _of_luca(record: Any) -> bool:
    return CODE in str(record.usr_data if isinstance(record, m.Quote) else record.pr)


def _paths(answer: dict[str, Any], kind: str) -> dict[str, str]:
    group = next(g for g in answer["groups"] if g["kind"] == kind)
    return {hit["id"]: hit["path"] for hit in group["results"]}


async def test_a_full_name_in_either_order_finds_policies_quotes_and_the_client(
    clients: ClientFactory, seeded: Runtime
) -> None:
    policies = {p.id for p in await _rows(seeded, m.Policy) if _of_luca(p)}
    quotes = {q.id for q in await _rows(seeded, m.Quote, m.Quote.type.is_(None)) if _of_luca(q)}
    [client] = await _rows(seeded, m.Client, m.Client.fiscal_code == CODE)
    assert policies
    assert quotes
    for text in ("Luca Bianchi", "bianchi  LUCA"):
        found = (await search_as(clients, seeded, "admin", text, limit=20)).json()
        assert ids_of(found, "polizza") == policies, text
        assert quotes <= ids_of(found, "preventivo"), text
        assert ids_of(found, "cliente") == {client.id}, text
    # every word must match: another first name finds none of his
    other = (await search_as(clients, seeded, "admin", "Marta Bianchi", limit=20)).json()
    assert not ids_of(other, "polizza") & policies
    assert client.id not in ids_of(other, "cliente")


async def test_a_claim_is_found_by_its_other_partys_plate_or_name_within_the_tree(
    clients: ClientFactory, seeded: Runtime
) -> None:
    [claim] = [c for c in await _rows(seeded, m.Claim) if c.counterparties]
    assert claim.counterparties[0]["plate"] == "FG321HJ"
    for text in ("FG321HJ", "fg 321 hj", "Neri Marco"):
        assert ids_of((await search_as(clients, seeded, "agente", text)).json(), "sinistro") == {
            claim.id
        }, text
    # the claim is the agent's own: its sub-agent does not find it, nor another tenant
    assert (
        ids_of((await search_as(clients, seeded, "subagente", "FG321HJ")).json(), "sinistro")
        == set()
    )
    elsewhere = (await search_as(clients, seeded, "admin", "FG321HJ", tenant="rcadealer")).json()
    assert claim.id not in ids_of(elsewhere, "sinistro")


async def test_a_lines_quotes_are_found_where_the_user_works_the_line(
    clients: ClientFactory, seeded: Runtime
) -> None:
    practices = {q.id for q in await _rows(seeded, m.Quote, m.Quote.type == LINE)}
    assert practices
    found = _paths((await search_as(clients, seeded, "admin", CODE, limit=20)).json(), "preventivo")
    assert practices <= set(found)
    assert all(found[quote] == f"/{LINE}/{quote}" for quote in practices)
    assert any(path.startswith("/preventivi/") for path in found.values())

    # the agent who has the extra product finds its practices; without it, the plain quotes only
    theirs = _paths(
        (await search_as(clients, seeded, "agente", CODE, limit=20)).json(), "preventivo"
    )
    assert practices <= set(theirs)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            await session.execute(
                update(m.User).where(m.User.email == "agente@demo.it").values(extra_products=[])
            )
            await session.commit()
    mine = _paths((await search_as(clients, seeded, "agente", CODE, limit=20)).json(), "preventivo")
    assert mine
    assert not practices & set(mine)

    # the line switched off for the tenant: not even the admin finds its practices
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stored = (await session.execute(select(m.TenantSettings))).scalar_one()
            stored.disabled_products = [*stored.disabled_products, LINE]
            await session.commit()
    off = _paths((await search_as(clients, seeded, "admin", CODE, limit=20)).json(), "preventivo")
    assert off
    assert not practices & set(off)
