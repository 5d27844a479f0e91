"""The line's commissions in core's report (the ``quote_commissions`` hook, kept by core): a
practice earns its consultancy once its emission is requested, is collected (and credited to
the collaborator's balance) once approved, and shows only in its own tree's report."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import httpx
import pytest
from sqlalchemy import select

from core.api import models as m
from core.api import tenant_scope
from core.testing import ClientFactory, Runtime, headers_for, user_ids
from plugins.noleggio_auto.cars import PRODUCT_ID
from plugins.noleggio_auto.practice import practice_earnings
from plugins.noleggio_auto.tests.records import rentals

pytestmark = pytest.mark.usefixtures("seeded")
TENANT = "assicurapp"
APPROVED = "Approvato dalla direzione"


async def call(
    clients: ClientFactory, runtime: Runtime, who: str, method: str, path: str
) -> httpx.Response:
    """``method path`` as the demo account ``who``."""
    async with clients(TENANT) as client:
        headers = await headers_for(runtime, TENANT, who)
        return await client.request(method, path, headers=headers)


def euros(value: Any) -> Decimal:
    return Decimal(str(value))


async def _product_name(runtime: Runtime) -> str:
    """The tenant's name for its rental product (the report's charts name products so)."""
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            stmt = select(m.Product.name).where(m.Product.line == PRODUCT_ID)
            return str((await session.execute(stmt)).scalar_one())


async def _requested(runtime: Runtime) -> tuple[list[str], Decimal]:
    """The practices whose emission is requested, and the agents' part on them."""
    total, ids = Decimal(0), []
    with tenant_scope(TENANT):
        async with runtime.db.session() as session:
            for quote in await rentals(runtime, TENANT):
                if quote.emission_requested_at is None:
                    continue
                earned = await practice_earnings(session, quote)
                assert earned is not None
                ids.append(quote.id)
                total += earned.total
    return ids, total


async def test_requested_practices_earn_in_the_report(
    clients: ClientFactory, seeded: Runtime
) -> None:
    ids, total = await _requested(seeded)
    assert ids
    assert total > 0
    report = (await call(clients, seeded, "admin", "GET", "/api/report")).json()
    name = await _product_name(seeded)
    rental = next(p for p in report["products"] if p["name"] == name)
    assert euros(rental["amount"]) == total
    assert sum(euros(a["gross"]) for a in report["agents"]) == euros(report["totals"]["gross"])
    assert euros(report["totals"]["gross"]) + euros(report["totals"]["platform"]) == euros(
        report["totals"]["commission"]
    )
    before = euros(report["totals"]["collected"])
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            quote = await session.get(m.Quote, ids[0])
            assert quote is not None
            quote.status = APPROVED
            earned = await practice_earnings(session, quote)
            assert earned is not None
    after = (await call(clients, seeded, "admin", "GET", "/api/report")).json()
    assert euros(after["totals"]["collected"]) == before + earned.total
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:
            stmt = select(m.BalanceEntry).where(m.BalanceEntry.quote_id == ids[0])
            [credit] = (await session.execute(stmt)).scalars()
    assert (credit.kind, credit.gross) == ("provvigione", earned.total)


async def test_a_practice_shows_in_its_own_tree_only(
    clients: ClientFactory, seeded: Runtime
) -> None:
    users = await user_ids(seeded, TENANT)
    ids, _ = await _requested(seeded)
    lines = (await call(clients, seeded, "agente", "GET",
                        f"/api/report/agenti/{users['agente']}")).json()["lines"]  # fmt: skip
    linked = {line["link"]["params"]["id"] for line in lines
              if line["link"]["name"] == "noleggio-auto-pratica"}  # fmt: skip
    assert linked == set(ids)
    sub = (await call(clients, seeded, "subagente", "GET", "/api/report")).json()
    name = await _product_name(seeded)
    assert all(p["name"] != name for p in sub["products"])


async def test_a_practice_whose_car_was_emptied_still_saves(seeded: Runtime) -> None:
    ids, _ = await _requested(seeded)
    with tenant_scope(TENANT):
        async with seeded.db.session() as session:  # a null JSON value, as a bad import leaves
            quote = await session.get(m.Quote, ids[0])
            assert quote is not None
            quote.car = None  # type: ignore[assignment]
        async with seeded.db.session() as session:
            stmt = select(m.LineCommission).where(m.LineCommission.quote_id == ids[0])
            [item] = (await session.execute(stmt)).scalars()
    assert item.company is None
